/**
 * `npm run bench [-- placement|settlement|lottery-settlement|websocket|provider-wallet|cluster-placement|reads|ledger-seal|ledger-sealing-cost …]`:
 * prints figures, asserts nothing (docs/performance.md). SQLite always; PostgreSQL too when BENCH_DATABASE_URL (or
 * TEST_DATABASE_URL) is set. BENCH_DIALECTS=postgres (or sqlite) runs one of them only. cluster-placement and
 * reads are server mode only: PostgreSQL, skipped with a line without its URL.
 */
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { benchPlacement } from './bet-placement.bench';
import { benchSettlement } from './settlement.bench';
import { benchLotterySettlement } from './lottery-settlement.bench';
import { benchFanOut } from './websocket.bench';
import { benchProviderWallet } from './provider-wallet.bench';
import { benchClusterPlacement } from './cluster-placement.bench';
import { benchReads, type ReadsFigures } from './reads.bench';
import { benchLedgerSeal } from './ledger-seal.bench';

const which = new Set(process.argv.slice(2));
const wants = (name: string) => which.size === 0 || which.has(name);
const pgUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const dialects = new Set((process.env.BENCH_DIALECTS ?? 'sqlite,postgres').split(','));
/** The databases to run on: SQLite (undefined) and PostgreSQL when its URL is set, as BENCH_DIALECTS allows. */
const databaseUrls = [
  dialects.has('sqlite') ? [undefined] : [],
  pgUrl && dialects.has('postgres') ? [pgUrl] : [],
].flat();
const durationS = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);

async function main(): Promise<void> {
  if (wants('placement')) {
    for (const databaseUrl of databaseUrls) {
      // Without and with responsible-gaming limits on every player, one after the other (issue 24).
      for (const rgLimits of [false, true]) {
        const f = await benchPlacement({ databaseUrl, connections, durationS, rgLimits });
        const share = ((100 * f.bets.rps) / f.trivial.rps).toFixed(1);
        console.log(
          `placement ${f.dialect.padEnd(8)} ${rgLimits ? 'limits on every player' : 'no limits'}, ` +
            `${connections} connections, ${durationS} s | trivial route ${f.trivial.rps} req/s ` +
            `(p50 ${f.trivial.p50} ms, p99 ${f.trivial.p99} ms) | bets ${f.bets.rps} bets/s (p50 ${f.bets.p50} ms, ` +
            `p99 ${f.bets.p99} ms) = ${share} % of trivial | accepted ${f.bets.accepted}, non-2xx ${f.bets.non2xx}, errors ${f.bets.errors}` +
            ` | server CPU per request: trivial ${f.trivial.cpuMicrosPerRequest.toFixed(0)} µs, bet ${f.bets.cpuMicrosPerRequest.toFixed(0)} µs` +
            ` | load ${loadavg()[0]!.toFixed(1)}`,
        );
      }
    }
  }
  if (wants('settlement')) {
    const players = Number(process.env.BENCH_SETTLEMENT_PLAYERS ?? 10_000);
    for (const databaseUrl of databaseUrls) {
      for (const bets of (process.env.BENCH_SETTLEMENT_BETS ?? '100000,1000000').split(',').map(Number)) {
        const f = await benchSettlement({ databaseUrl, bets, players });
        console.log(
          `settlement ${f.dialect.padEnd(8)} ${f.bets.toLocaleString('en')} bets from ${f.players.toLocaleString('en')} players: ` +
            `${(f.settleMs / 1000).toFixed(2)} s, CPU ${(f.settleCpuMs / 1000).toFixed(2)} s` +
            (f.mainThreadCpuMs === undefined
              ? ''
              : ` (main thread ${(f.mainThreadCpuMs / 1000).toFixed(2)} s)`) +
            (f.databaseCpuMs === undefined ? '' : ` + database ${(f.databaseCpuMs / 1000).toFixed(2)} s`) +
            ` (${f.betsSettled.toLocaleString('en')} settled, ${f.playersPaid.toLocaleString('en')} paid; setup ${(f.setupMs / 1000).toFixed(1)} s; load ${f.loadAverage.toFixed(1)})`,
        );
      }
    }
  }
  if (wants('lottery-settlement')) {
    const players = Number(process.env.BENCH_SETTLEMENT_PLAYERS ?? 10_000);
    for (const databaseUrl of databaseUrls) {
      for (const items of (process.env.BENCH_LOTTERY_ITEMS ?? '100000,1000000').split(',').map(Number)) {
        const f = await benchLotterySettlement({ databaseUrl, items, players: Math.min(players, items) });
        console.log(
          `lottery-settlement ${f.dialect.padEnd(8)} ${f.items.toLocaleString('en')} items in ${f.tickets.toLocaleString('en')} tickets ` +
            `from ${f.players.toLocaleString('en')} players: ${(f.settleMs / 1000).toFixed(2)} s, CPU ${(f.settleCpuMs / 1000).toFixed(2)} s (${f.winningItems.toLocaleString('en')} winning items, ` +
            `${f.ticketsPaid.toLocaleString('en')} tickets paid; setup ${(f.setupMs / 1000).toFixed(1)} s; load ${f.loadAverage.toFixed(1)})`,
        );
        if (f.phasesMs) {
          const steps = Object.entries(f.phasesMs);
          const inSteps = steps.reduce((sum, [, ms]) => sum + ms, 0);
          console.log(
            `  ${steps.map(([step, ms]) => `${step} ${(ms / 1000).toFixed(2)}`).join(', ')}, ` +
              `draw update and commit ${((f.settleMs - inSteps) / 1000).toFixed(2)} s`,
          );
        }
      }
    }
  }
  if (wants('provider-wallet')) {
    for (const databaseUrl of databaseUrls) {
      const f = await benchProviderWallet({ databaseUrl, connections, durationS });
      const { bet, win } = f.pairs;
      const share = ((100 * f.pairs.pairsPerS) / f.trivial.rps).toFixed(1);
      const refused = (r: Record<string, number>) =>
        Object.entries(r)
          .map(([status, n]) => `${status} ${n}`)
          .join(', ') || 'none';
      const ms = (x: number) => x.toFixed(1);
      console.log(
        `provider-wallet ${f.dialect.padEnd(8)} ${connections} connections, ${f.durationS} s | trivial route ${f.trivial.rps} req/s ` +
          `(p50 ${f.trivial.p50} ms, p99 ${f.trivial.p99} ms) | signed bet+win pairs ${f.pairs.pairsPerS} pairs/s ` +
          `(${f.pairs.requestsPerS} req/s) = ${share} % of trivial | bet p50 ${ms(bet.p50)} ms, p99 ${ms(bet.p99)} ms; ` +
          `win p50 ${ms(win.p50)} ms, p99 ${ms(win.p99)} ms | RS_OK bets ${bet.ok}, wins ${win.ok}; refused: bets ` +
          `${refused(bet.refused)}, wins ${refused(win.refused)}; errors ${f.pairs.errors} | server CPU: trivial ` +
          `${f.trivial.cpuMicrosPerRequest.toFixed(0)} µs/request, ${f.pairs.cpuMicrosPerPair.toFixed(0)} µs/pair ` +
          `(${(f.pairs.cpuMicrosPerPair / f.trivial.cpuMicrosPerRequest).toFixed(1)} × trivial)`,
      );
      // The HTTP and signing of a call alone (refused signature): two of them are a pair's floor.
      console.log(
        `provider-wallet ${f.dialect.padEnd(8)} floor: signed call refused at its signature ${f.floor.rps} req/s, ` +
          `${f.floor.cpuMicrosPerRequest.toFixed(0)} µs/request = ` +
          `${(f.floor.cpuMicrosPerRequest / f.trivial.cpuMicrosPerRequest).toFixed(1)} × trivial` +
          (f.floor.refusedOk ? '' : ' (SOME ANSWERS WERE NOT RS_ERROR_INVALID_SIGNATURE)') +
          ` | load ${loadavg()[0]!.toFixed(1)}`,
      );
      const { report } = f.ledger;
      console.log(
        `provider-wallet ${f.dialect.padEnd(8)} ledger reconcile: ${report.ok ? 'OK' : 'NOT BALANCED'} (${report.accounts} accounts, ` +
          `sum of balances ${report.sumOfBalances}, negative player accounts ${report.negativePlayerAccounts}, ` +
          `unbalanced ${report.unbalanced.length}) | recorded: ${Object.entries(f.ledger.transactions)
            .map(([action, n]) => `${action} ${n}`)
            .join(', ')}, rounds ${f.ledger.rounds}`,
      );
      if (!report.ok) process.exitCode = 1;
    }
  }
  if (wants('cluster-placement')) {
    if (!pgUrl) console.log('cluster-placement skipped: it runs on PostgreSQL (set BENCH_DATABASE_URL)');
    else await printClusterPlacement(pgUrl);
  }
  if (wants('reads')) {
    if (!pgUrl) console.log('reads skipped: it runs on PostgreSQL (set BENCH_DATABASE_URL)');
    else await printReads(pgUrl);
  }
  if (wants('ledger-seal')) await printLedgerSeal();
  if (wants('ledger-sealing-cost')) await printSealingCost();
  if (wants('websocket')) {
    const f = await benchFanOut({
      sockets: Number(process.env.BENCH_SOCKETS ?? 10_000),
      trials: Number(process.env.BENCH_WS_TRIALS ?? 5),
      clientProcesses: Number(process.env.BENCH_WS_CLIENT_PROCESSES ?? 2),
    });
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    const ms = (x: number) => x.toFixed(1);
    console.log(
      `websocket ${f.sockets} sockets in ${f.clientProcesses} client processes (connected in ${(f.connectMs / 1000).toFixed(1)} s; ` +
        `load ${loadavg()[0]!.toFixed(1)}): one event reaches all in median ${ms(median(f.trials.map((t) => t.wallMs)))} ms ` +
        `(the median socket reads it after ${ms(median(f.trials.map((t) => t.medianSocketMs)))} ms), ` +
        `server side median ${ms(median(f.trials.map((t) => t.serverMs)))} ms (CPU ${ms(median(f.trials.map((t) => t.serverCpuMs)))} ms), ` +
        `longest event-loop stall ${ms(Math.max(...f.trials.map((t) => t.longestStallMs)))} ms`,
    );
    f.trials.forEach((t, i) =>
      console.log(
        `  trial ${i + 1}: ${ms(t.wallMs)} ms to the last socket, ${ms(t.medianSocketMs)} to the median one ` +
          `(first to last ${ms(t.spreadMs)} ms) | server: ` +
          `${ms(t.serverMs)} ms to the last write, CPU ${ms(t.serverCpuMs)} ms (${ms(t.serverSystemCpuMs)} in the kernel, ` +
          `${((1000 * t.serverCpuMs) / f.sockets).toFixed(1)} µs a socket), longest stall ${ms(t.longestStallMs)} ms; ` +
          `${t.slices} slices (up to ${t.mostSocketsInASlice} sockets), longest ${ms(t.longestSliceMs)} ms | clients' CPU ${ms(t.clientCpuMs)} ms`,
      ),
    );
  }
}

/** The runs side by side (one column per process count), then the scaling factor. */
async function printClusterPlacement(databaseUrl: string): Promise<void> {
  const processCounts = (process.env.BENCH_CLUSTER_PROCESSES ?? '1,2').split(',').map(Number);
  const runs = await benchClusterPlacement({ databaseUrl, connections, durationS, processCounts });
  const n = (x: number) => Math.round(x).toLocaleString('en');
  const s = (x: number) => x.toFixed(1);
  const rows: [string, (r: (typeof runs)[number]) => string][] = [
    ['served /healthz (20 asked)', (r) => Object.values(r.servedBy).join(' + ')],
    [
      'trivial route (/healthz)',
      (r) => `${n(r.trivial.rps)} req/s, p50 ${r.trivial.p50} p99 ${r.trivial.p99} ms`,
    ],
    ['bets (POST /api/bet), 2xx', (r) => `${n(r.bets.rps)} bets/s, p50 ${r.bets.p50} p99 ${r.bets.p99} ms`],
    [
      'accepted / non-2xx / errors',
      (r) =>
        `${n(r.bets.accepted)} / ${r.bets.non2xx}${
          r.bets.non2xx
            ? ` (${Object.entries(r.bets.refused)
                .map(([k, v]) => `${k}: ${v}`)
                .join(', ')})`
            : ''
        } / ${r.bets.errors}`,
    ],
    ['bets as share of trivial', (r) => `${((100 * r.bets.rps) / r.trivial.rps).toFixed(1)} %`],
    ['CPU s: API / HAProxy', (r) => `${s(r.cpu.apiS)} / ${s(r.cpu.haproxyS)}`],
    ['CPU s: autocannon / rest (PG…)', (r) => `${s(r.cpu.selfS)} / ${s(r.cpu.restS)}`],
    ['API CPU per bet', (r) => `${n((1e6 * r.cpu.apiS) / Math.max(1, r.bets.accepted))} µs`],
    [
      'PG sessions active / lock-waiting',
      (r) =>
        `${r.backends.active.toFixed(1)} / ${r.backends.waitingForLock.toFixed(1)} (mean of 100 ms samples)`,
    ],
    [
      'PG commits per bet',
      (r) =>
        `${(r.backends.commits / Math.max(1, r.bets.accepted)).toFixed(2)} (${n(r.backends.commits)} commits)`,
    ],
    ['machine busy (2 cores = 100 %)', (r) => `${(100 * r.cpu.machineBusy).toFixed(0)} %`],
    ['load average start → end', (r) => `${r.cpu.load[0].toFixed(1)} → ${r.cpu.load[1].toFixed(1)}`],
  ];
  const width = 46;
  console.log(
    `cluster-placement postgres ${connections} connections, ${durationS} s per run, through HAProxy (npm run start:cluster)\n` +
      `  ${''.padEnd(34)}${runs.map((r) => `${r.processes} API process${r.processes > 1 ? 'es' : ''}`.padEnd(width)).join('')}\n` +
      rows
        .map(([label, cell]) => `  ${label.padEnd(34)}${runs.map((r) => cell(r).padEnd(width)).join('')}`)
        .join('\n'),
  );
  // Each run with more processes against the 1-process run just before it (the machine of the same minutes).
  runs.forEach((r, i) => {
    const one = runs.slice(0, i).findLast((x) => x.processes === 1);
    if (r.processes === 1 || !one) return;
    console.log(
      `  scaling factor ${r.processes} ÷ 1 process (runs ${i + 1} ÷ ${runs.indexOf(one) + 1}): ` +
        `${(r.bets.rps / one.bets.rps).toFixed(2)}× bets/s (trivial route ${(r.trivial.rps / one.trivial.rps).toFixed(2)}×)`,
    );
  });
}

/** Each size as it is measured, then the p99 of every route side by side across the sizes. */
async function printReads(databaseUrl: string): Promise<void> {
  const sizes = (process.env.BENCH_READS_BETS ?? '100000,1000000,10000000').split(',').map(Number);
  const players = Number(process.env.BENCH_READS_PLAYERS ?? 100_000);
  const days = Number(process.env.BENCH_READS_DAYS ?? 31);
  const readers = Number(process.env.BENCH_READS_READERS ?? 1000);
  const seconds = Number(process.env.BENCH_READS_SECONDS ?? durationS);
  const n = (x: number) => Math.round(x).toLocaleString('en');
  const mb = (bytes: number) => `${n(bytes / 2 ** 20)} MB`;
  const all: ReadsFigures[] = [];
  for (const bets of sizes) {
    const f = await benchReads({
      databaseUrl,
      bets,
      players,
      days,
      readers,
      connections,
      durationS: seconds,
    });
    all.push(f);
    const h = f.history;
    const steps = Object.entries(h.stepsMs)
      .map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)}`)
      .join(', ');
    console.log(
      `reads postgres ${n(bets)} bets (${n(h.submissions)} submissions) from ${n(players)} players over ${days} days, ` +
        `${n(h.rounds)} rounds | ${f.reused ? 'kept from an earlier run, which generated it' : 'generated'} in ` +
        `${(f.generateMs / 1000).toFixed(1)} s (${steps}) | bets ${mb(h.bytes.betsHeap)} ` +
        `+ indexes ${mb(h.bytes.betsIndexes)}, groups ${mb(h.bytes.groups)}, rounds ${mb(h.bytes.rounds)} | ${f.readers.sessions} ` +
        `readers logged in over HTTP in ${(f.readers.loginMs / 1000).toFixed(1)} s (bets each: median ${n(f.readers.betsMedian)}, max ${n(f.readers.betsMax)}); heaviest player ` +
        `${n(f.heaviest.bets)} bets | ${connections} connections, ${seconds} s per route`,
    );
    for (const r of [f.trivial, ...f.routes]) {
      console.log(
        `  ${r.name.padEnd(42)} ${n(r.rps).padStart(7)} req/s  p50 ${String(r.p50).padStart(4)} ms  p99 ` +
          `${String(r.p99).padStart(4)} ms  max ${String(r.max).padStart(5)} ms | non-2xx ${r.non2xx}, errors ${r.errors} | ` +
          `server CPU ${n(r.cpuMicrosPerRequest)} µs/req | machine busy ${(100 * r.cpu.machineBusy).toFixed(0)} %, ` +
          `load ${r.cpu.load[0].toFixed(1)} → ${r.cpu.load[1].toFixed(1)} | before: each reader's first view ` +
          `p50 ${r.firstViews.p50} p99 ${r.firstViews.p99} max ${r.firstViews.max} ms (${n(r.firstViews.requests)} requests)`,
      );
    }
    console.log(
      `  EXPLAIN (ANALYZE, BUFFERS) of each route's lotto 59 queries (full plans: ${f.plansFile}):`,
    );
    for (const p of f.plans) {
      const queries = p.queries
        .map((q) => `${q.executionMs.toFixed(2)} ms (hit ${n(q.sharedHit)}, read ${n(q.sharedRead)})`)
        .join(' + ');
      console.log(
        `    ${p.route.padEnd(42)} ${p.who.padEnd(16)} ${p.sent.length} quer${p.sent.length === 1 ? 'y' : 'ies'} sent; lotto 59: ${queries || 'none'}`,
      );
    }
  }
  if (all.length > 1) {
    console.log(`reads postgres: p99 ms (req/s) at ${connections} connections as the data grows`);
    console.log(`  ${'route'.padEnd(42)}${all.map((f) => `${n(f.bets)} bets`.padStart(20)).join('')}`);
    for (const [i, name] of all[0]!.routes.map((r) => r.name).entries()) {
      const cells = all.map((f) => `${f.routes[i]!.p99} (${n(f.routes[i]!.rps)})`.padStart(20));
      console.log(`  ${name.padEnd(42)}${cells.join('')}`);
    }
  }
}

await main();

/** The sealed ledger's own costs (docs/ledger-seal.md): one seal of 10⁵ transfers, verify over a big ledger. */
async function printLedgerSeal(): Promise<void> {
  const verifyRows = Number(process.env.BENCH_LEDGER_VERIFY_TRANSFERS ?? 1_000_000);
  for (const databaseUrl of databaseUrls) {
    const f = await benchLedgerSeal({ databaseUrl, verifyRows });
    const s = (ms: number) => (ms / 1000).toFixed(2);
    console.log(
      `ledger-seal ${f.dialect.padEnd(8)} one seal of ${f.sealRows.toLocaleString('en')} transfers: ${s(f.sealMs)} s (CPU ${s(f.sealCpuMs)} s) | ` +
        `${f.verifyRows.toLocaleString('en')} transfers (written in ${s(f.generateMs)} s) sealed in ${f.seals} seals, ` +
        `${s(f.sealAllMs)} s | ops ledger verify: ${s(f.verifyMs)} s (CPU of the verifier ${s(f.verifyCpuMs)} s = ${((1000 * f.verifyCpuMs) / f.verifyRows).toFixed(1)} µs a transfer), ` +
        `${f.verifyOk ? 'OK' : 'NOT OK'} | load ${f.load[0].toFixed(1)} → ${f.load[1].toFixed(1)}`,
    );
    if (!f.verifyOk) process.exitCode = 1;
  }
}

/**
 * Placement and the provider wallet with sealing off and on in the same run (issue 25: < 3 % of their rate),
 * alternated BENCH_LEDGER_ROUNDS times (default 2: off, on, off, on) so that a drift of the shared machine falls
 * on both.
 */
async function printSealingCost(): Promise<void> {
  const rounds = Number(process.env.BENCH_LEDGER_ROUNDS ?? 2);
  const sealSeconds = process.env.BENCH_LEDGER_SEAL_SECONDS ?? '5';
  for (const databaseUrl of databaseUrls) {
    const on = {
      BENCH_LEDGER_SEAL_SECONDS: sealSeconds,
      // Server mode signs only with a configured key.
      LEDGER_SEAL_KEY: randomBytes(32).toString('hex'),
    };
    // Throughput and the server's CPU per bet (per pair): on a shared machine the rate swings with the other
    // load, the CPU a request costs much less.
    const placement = { off: [] as number[], on: [] as number[] };
    const placementCpu = { off: [] as number[], on: [] as number[] };
    const wallet = { off: [] as number[], on: [] as number[] };
    const walletCpu = { off: [] as number[], on: [] as number[] };
    let seals = 0;
    let sealedTransfers = 0;
    for (let round = 0; round < rounds; round++) {
      for (const mode of ['off', 'on'] as const) {
        const serverEnv = mode === 'on' ? on : undefined;
        const p = await benchPlacement({ databaseUrl, connections, durationS, serverEnv });
        placement[mode].push(p.bets.rps);
        placementCpu[mode].push(Math.round(p.bets.cpuMicrosPerRequest));
        if (mode === 'on') {
          seals += p.bets.seals;
          sealedTransfers += p.bets.sealedTransfers;
        }
        const w = await benchProviderWallet({ databaseUrl, connections, durationS, serverEnv });
        wallet[mode].push(w.pairs.pairsPerS);
        walletCpu[mode].push(Math.round(w.pairs.cpuMicrosPerPair));
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const change = (r: { off: number[]; on: number[] }, unit: string, sign: 1 | -1) =>
      `${Math.round(mean(r.off))} off / ${Math.round(mean(r.on))} on ${unit} (runs ${r.off.join(', ')} / ${r.on.join(', ')}) = ` +
      `${((sign * 100 * (mean(r.off) - mean(r.on))) / mean(r.off)).toFixed(1)} % cost`;
    console.log(
      `ledger-sealing-cost ${dialectOf(databaseUrl).padEnd(8)} ${connections} connections, ${durationS} s a run, seal every ${sealSeconds} s, load ${loadavg()[0]!.toFixed(1)}\n` +
        `  placement: ${change(placement, 'bets/s', 1)}\n` +
        `             server CPU ${change(placementCpu, 'µs/bet', -1)}\n` +
        `  wallet:    ${change(wallet, 'bet+win pairs/s', 1)}\n` +
        `             server CPU ${change(walletCpu, 'µs/pair', -1)}\n` +
        `  during placement with sealing on: ${seals} seals of ${sealedTransfers.toLocaleString('en')} transfers`,
    );
  }
}

function dialectOf(databaseUrl: string | undefined): string {
  return databaseUrl ? 'postgres' : 'sqlite';
}
