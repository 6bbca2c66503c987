import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import type { Result } from 'autocannon';
import type { BenchReconcile } from './bench-server';
import { startBenchServer } from './server-process';

export interface CallFigures {
  /** Answers with `status: RS_OK` and a valid answer signature. */
  ok: number;
  /** Every other answer, by status (or `http <code>`, `unsigned`). */
  refused: Record<string, number>;
  p50: number;
  p99: number;
}

export interface ProviderWalletFigures {
  dialect: string;
  durationS: number;
  trivial: { rps: number; p50: number; p99: number; cpuMicrosPerRequest: number };
  /**
   * The floor of a signed call: `POST /wallet/3/bet` with a current timestamp and a wrong signature, so
   * the server reads the body, computes the HMAC, refuses and signs its answer, and nothing more (no
   * parse, no database). Its CPU per request against the trivial route's tells how much of a pair is
   * the HTTP and signing of its two calls, whatever the wallet does (decision 0032).
   */
  floor: { rps: number; cpuMicrosPerRequest: number; refusedOk: boolean };
  pairs: {
    /** Completed pairs (the win answered RS_OK) per second. */
    pairsPerS: number;
    requestsPerS: number;
    bet: CallFigures;
    win: CallFigures;
    errors: number;
    cpuMicrosPerPair: number;
  };
  ledger: Omit<BenchReconcile, 'type'>;
}

/** Stake and payout of every pair: the win is never 0, so both calls move money (the costlier case). */
const BET = 1_000;
const WIN = 500;
const GAME = 'angkor-fortune';

const sign = (secret: string, timestamp: string, body: string) =>
  createHmac('sha256', Buffer.from(secret, 'ascii')).update(`${timestamp}.${body}`).digest('hex');

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/**
 * The seamless wallet (`POST /wallet/3/bet|win`) against a real listening server (its own process),
 * as a slot studio drives it: autocannon with `connections`, each connection sending signed bet+win
 * pairs — a `bet` on a new round, then the `win` that closes it (new UUIDs each, HMAC over
 * "<timestamp>.<body>" per request, providers.md §2) — for `durationS`, after the trivial route
 * (`/healthz`) in the same run. The players and their game tokens come from the real login and launch
 * routes inside the bench server (BENCH_PROVIDER_LAUNCH). Every answer is checked (status and its
 * signature) and the ledger is reconciled at the end.
 */
export async function benchProviderWallet(opts: {
  databaseUrl?: string | undefined;
  connections: number;
  durationS: number;
  /** More environment for the server process (the ledger bench turns sealing on with it). */
  serverEnv?: Record<string, string> | undefined;
}): Promise<ProviderWalletFigures> {
  // A secret of this run: the bench signs with it and the server (PROVIDER_3_SECRET) checks with it.
  const secret = randomBytes(32).toString('hex');
  const server = await startBenchServer({
    BENCH_DATABASE_URL: opts.databaseUrl,
    BENCH_PLAYERS: String(opts.connections),
    BENCH_PROVIDER_LAUNCH: '1',
    PROVIDER_3_SECRET: secret,
    ...opts.serverEnv,
  });
  try {
    const { port, sessions, providerTokens, dialect } = server.ready;
    const base = `http://127.0.0.1:${port}`;
    await autocannon({ url: `${base}/healthz`, connections: opts.connections, duration: 1 }); // warm-up
    const stats = () => server.request<{ cpuMicros: number }>({ type: 'stats' }, 'stats');
    const cpu0 = await stats();
    const trivial = await autocannon({
      url: `${base}/healthz`,
      connections: opts.connections,
      // As in the placement bench: 1 s only when profiling the wallet calls alone.
      duration: process.env.BENCH_SKIP_TRIVIAL ? 1 : opts.durationS,
    });
    const cpu1 = await stats();

    const latencies = { bet: [] as number[], win: [] as number[] };
    const counts = {
      bet: { ok: 0, refused: {} as Record<string, number> },
      win: { ok: 0, refused: {} as Record<string, number> },
    };
    // autocannon calls a request's onResponse and then, synchronously, emits the instance's 'response'
    // event with that answer's latency (lib/httpClient.js): onResponse notes which call it was.
    let answered: 'bet' | 'win' = 'bet';
    const check =
      (call: 'bet' | 'win') =>
      (status: number, body: string, _context: unknown, headers: Record<string, string | string[]>) => {
        answered = call;
        const timestamp = headers['x-timestamp'];
        let outcome: string;
        if (status !== 200) outcome = `http ${status}`;
        else if (typeof timestamp !== 'string' || headers['x-signature'] !== sign(secret, timestamp, body)) {
          outcome = 'unsigned';
        } else outcome = (JSON.parse(body) as { status: string }).status;
        if (outcome === 'RS_OK') counts[call].ok++;
        else counts[call].refused[outcome] = (counts[call].refused[outcome] ?? 0) + 1;
      };
    const signed = (action: 'bet' | 'win', payload: Record<string, unknown>) => {
      const body = JSON.stringify(payload);
      const timestamp = String(Date.now());
      return {
        method: 'POST',
        path: `/wallet/3/${action}`,
        headers: {
          'content-type': 'application/json',
          'x-provider': '3',
          'x-timestamp': timestamp,
          'x-signature': sign(secret, timestamp, body),
        },
        body,
      };
    };

    // One request built once (its timestamp stays inside the 5-minute window for the phase), so that the
    // load generator spends nothing per call and the server is driven as hard as by the trivial route.
    const floorRequest = signed('bet', { request_uuid: randomUUID(), transaction_uuid: randomUUID() });
    const floorHeaders = { ...floorRequest.headers, 'x-signature': '0'.repeat(64) };
    // One call checked here; during the phase only the HTTP status is (reading every body would slow
    // the load generator, and a server driven below its capacity spends more CPU per request).
    const probe = await fetch(`${base}${floorRequest.path}`, {
      method: 'POST',
      headers: floorHeaders,
      body: floorRequest.body,
    });
    const probeText = await probe.text();
    const floor = await autocannon({
      url: `${base}${floorRequest.path}`,
      method: 'POST',
      headers: floorHeaders,
      body: floorRequest.body,
      connections: opts.connections,
      duration: process.env.BENCH_SKIP_TRIVIAL ? 1 : Math.max(2, Math.round(opts.durationS / 2)),
    });
    const floorRefusedOk =
      probe.status === 200 && probeText.includes('RS_ERROR_INVALID_SIGNATURE') && floor.non2xx === 0;
    const cpuFloor = await stats();

    interface Pair {
      token: string;
      user: string;
      transactionUuid: string;
      roundId: string;
    }
    // Each pair takes the next player in turn, so the 50 pairs in flight are mostly 50 different players.
    let nextPlayer = 0;
    const instance = autocannon({
      url: base,
      connections: opts.connections,
      duration: opts.durationS,
      requests: [
        {
          setupRequest: (_req, context) => {
            const i = nextPlayer++ % providerTokens.length;
            const pair: Pair = {
              token: providerTokens[i]!,
              user: String(sessions[i]!.playerId),
              transactionUuid: randomUUID(),
              roundId: `bench-${randomUUID()}`,
            };
            // autocannon gives each pair a fresh context (it resets it when the list starts over).
            context.pair = pair;
            return signed('bet', {
              request_uuid: randomUUID(),
              transaction_uuid: pair.transactionUuid,
              token: pair.token,
              user: pair.user,
              game_code: GAME,
              round_id: pair.roundId,
              amount: BET,
              currency: 'KHR',
              meta: { stops: [15, 21, 0, 9, 2] },
            });
          },
          onResponse: check('bet'),
        },
        {
          setupRequest: (_req, context) => {
            const pair = context.pair as Pair;
            return signed('win', {
              request_uuid: randomUUID(),
              transaction_uuid: randomUUID(),
              reference_transaction_uuid: pair.transactionUuid,
              token: pair.token,
              user: pair.user,
              game_code: GAME,
              round_id: pair.roundId,
              amount: WIN,
              round_closed: true,
              currency: 'KHR',
              meta: { lines: [], scatter: 0 },
            });
          },
          onResponse: check('win'),
        },
      ],
    });
    instance.on('response', (_client, _status, _bytes, responseTime) => {
      latencies[answered].push(responseTime);
    });
    const pairs: Result = await instance;
    const cpu2 = await stats();
    const ledger = await server.request<BenchReconcile>({ type: 'reconcile' }, 'reconcile');

    const callFigures = (call: 'bet' | 'win'): CallFigures => {
      const sorted = latencies[call].sort((a, b) => a - b);
      return { ...counts[call], p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
    };
    return {
      dialect,
      durationS: pairs.duration,
      trivial: {
        rps: Math.round(trivial.requests.average),
        p50: trivial.latency.p50,
        p99: trivial.latency.p99,
        cpuMicrosPerRequest: (cpu1.cpuMicros - cpu0.cpuMicros) / trivial.requests.total,
      },
      floor: {
        rps: Math.round(floor.requests.average),
        cpuMicrosPerRequest: (cpuFloor.cpuMicros - cpu1.cpuMicros) / Math.max(1, floor.requests.total),
        refusedOk: floorRefusedOk,
      },
      pairs: {
        pairsPerS: Math.round(counts.win.ok / pairs.duration),
        requestsPerS: Math.round(pairs.requests.total / pairs.duration),
        bet: callFigures('bet'),
        win: callFigures('win'),
        errors: pairs.errors + pairs.timeouts,
        cpuMicrosPerPair: (cpu2.cpuMicros - cpuFloor.cpuMicros) / Math.max(1, counts.win.ok),
      },
      ledger: { report: ledger.report, transactions: ledger.transactions, rounds: ledger.rounds },
    };
  } finally {
    await server.stop();
  }
}
