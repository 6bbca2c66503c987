import { randomFillSync } from 'node:crypto';
import { newIdempotencyKey } from '@lotto59/domain';
import autocannon from 'autocannon';
import type { Result } from 'autocannon';
import { startBenchServer } from './server-process';

export interface PlacementFigures {
  dialect: string;
  trivial: { rps: number; p50: number; p99: number; cpuMicrosPerRequest: number };
  bets: {
    rps: number;
    p50: number;
    p99: number;
    accepted: number;
    non2xx: number;
    /** Seals the server made during the run (0 with sealing off), and the transfers they covered. */
    seals: number;
    sealedTransfers: number;
    errors: number;
    cpuMicrosPerRequest: number;
  };
}

const summary = (r: Result) => ({
  rps: Math.round(r.requests.average),
  p50: r.latency.p50,
  p99: r.latency.p99,
});

/**
 * Bet placement against a real listening server (its own process): autocannon with `connections`
 * for `durationS` seconds on the trivial route (`/healthz`), then on `POST /api/bet` (one RANGE bet per
 * request, a fresh Idempotency-Key each as the web client makes it, one player per connection), in the
 * same run.
 */
export async function benchPlacement(opts: {
  databaseUrl?: string | undefined;
  connections: number;
  durationS: number;
  /** More environment for the server process (the ledger bench turns sealing on with it). */
  serverEnv?: Record<string, string> | undefined;
  /** Responsible-gaming limits set on every player (issue 24). */
  rgLimits?: boolean;
}): Promise<PlacementFigures> {
  const server = await startBenchServer({
    BENCH_DATABASE_URL: opts.databaseUrl,
    BENCH_PLAYERS: String(opts.connections),
    ...opts.serverEnv,
    BENCH_RG_LIMITS: opts.rgLimits ? '1' : undefined,
  });
  try {
    const { port, roundId, sessions, dialect } = server.ready;
    const base = `http://127.0.0.1:${port}`;
    await autocannon({ url: `${base}/healthz`, connections: opts.connections, duration: 1 }); // warm-up
    const stats = () =>
      server.request<{ bets: number; cpuMicros: number; seals: number; sealedTransfers: number }>(
        { type: 'stats' },
        'stats',
      );
    const cpu0 = await stats();
    const trivial = await autocannon({
      url: `${base}/healthz`,
      connections: opts.connections,
      duration: process.env.BENCH_SKIP_TRIVIAL ? 1 : opts.durationS,
    });
    const cpu1 = await stats();

    const body = JSON.stringify({
      poll: 'POLL_2',
      result_id: roundId,
      bets: [{ type: 'RANGE_6', amount: 500 }],
    });
    let nextSession = 0;
    const bets = await autocannon({
      url: base,
      connections: opts.connections,
      duration: opts.durationS,
      requests: [
        {
          method: 'POST',
          path: '/api/bet',
          setupRequest: (req, context) => {
            // Each connection is one player (its own session), as 50 players betting at once would be.
            context.session ??= sessions[nextSession++ % sessions.length];
            const session = context.session as (typeof sessions)[number];
            return {
              ...req,
              headers: {
                'content-type': 'application/json',
                accept: 'application/json',
                cookie: session.cookie,
                'x-xsrf-token': session.xsrf,
                // As the web client makes them: UUID v7 (time first), packages/domain.
                'idempotency-key': newIdempotencyKey(Date.now(), randomFillSync),
              },
              body,
            };
          },
        },
      ],
    });
    const cpu2 = await stats();
    const accepted = cpu2.bets;
    return {
      dialect,
      trivial: {
        ...summary(trivial),
        cpuMicrosPerRequest: (cpu1.cpuMicros - cpu0.cpuMicros) / trivial.requests.total,
      },
      bets: {
        ...summary(bets),
        accepted,
        seals: cpu2.seals,
        sealedTransfers: cpu2.sealedTransfers,
        non2xx: bets.non2xx,
        errors: bets.errors + bets.timeouts,
        cpuMicrosPerRequest: (cpu2.cpuMicros - cpu1.cpuMicros) / bets.requests.total,
      },
    };
  } finally {
    await server.stop();
  }
}
