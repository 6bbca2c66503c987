/**
 * `npm run bench [-- placement|settlement|lottery-settlement|websocket|provider-wallet …]`: prints figures, asserts nothing (docs/performance.md).
 * SQLite always; PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set. BENCH_DIALECTS=postgres
 * (or sqlite) runs one of them only.
 */
import { loadavg } from 'node:os';
import { benchPlacement } from './bet-placement.bench';
import { benchSettlement } from './settlement.bench';
import { benchLotterySettlement } from './lottery-settlement.bench';
import { benchFanOut } from './websocket.bench';
import { benchProviderWallet } from './provider-wallet.bench';

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
      const f = await benchPlacement({ databaseUrl, connections, durationS });
      const share = ((100 * f.bets.rps) / f.trivial.rps).toFixed(1);
      console.log(
        `placement ${f.dialect.padEnd(8)} ${connections} connections, ${durationS} s | trivial route ${f.trivial.rps} req/s ` +
          `(p50 ${f.trivial.p50} ms, p99 ${f.trivial.p99} ms) | bets ${f.bets.rps} bets/s (p50 ${f.bets.p50} ms, ` +
          `p99 ${f.bets.p99} ms) = ${share} % of trivial | accepted ${f.bets.accepted}, non-2xx ${f.bets.non2xx}, errors ${f.bets.errors}` +
          ` | server CPU per request: trivial ${f.trivial.cpuMicrosPerRequest.toFixed(0)} µs, bet ${f.bets.cpuMicrosPerRequest.toFixed(0)} µs`,
      );
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
          `${f.trivial.cpuMicrosPerRequest.toFixed(0)} µs/request, ${f.pairs.cpuMicrosPerPair.toFixed(0)} µs/pair`,
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
        `load ${loadavg()[0]!.toFixed(1)}): one event reaches all in median ${ms(median(f.trials.map((t) => t.wallMs)))} ms, ` +
        `server side median ${ms(median(f.trials.map((t) => t.serverMs)))} ms (CPU ${ms(median(f.trials.map((t) => t.serverCpuMs)))} ms), ` +
        `longest event-loop stall ${ms(Math.max(...f.trials.map((t) => t.longestStallMs)))} ms`,
    );
    f.trials.forEach((t, i) =>
      console.log(
        `  trial ${i + 1}: ${ms(t.wallMs)} ms to the last socket (first to last ${ms(t.spreadMs)} ms) | server: ` +
          `${ms(t.serverMs)} ms to the last write, CPU ${ms(t.serverCpuMs)} ms (${ms(t.serverSystemCpuMs)} in the kernel, ` +
          `${((1000 * t.serverCpuMs) / f.sockets).toFixed(1)} µs a socket), longest stall ${ms(t.longestStallMs)} ms; ` +
          `${t.slices} slices (up to ${t.mostSocketsInASlice} sockets), longest ${ms(t.longestSliceMs)} ms | clients' CPU ${ms(t.clientCpuMs)} ms`,
      ),
    );
  }
}

await main();
