import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { primaryReads, type ReadDb } from '../../db/read-db';
import type { Workers } from '../../db/leased-worker';
import type { Clock } from '../../platform/clock';
import { cryptoRandom, type RandomSource } from '../../platform/random';
import type { RgGuard } from '../responsible-gaming/responsible-gaming.public';
import type { StakeBatchWriter, WalletService } from '../wallet/wallet.public';
import { DrawsService } from './draws/draws.service';
import { FeedSource, type FetchLike } from './draws/result-source';
import { lotterySettingsFrom } from './lottery.settings';
import { LotteryScheduler, type LotterySchedulerLog } from './scheduler/lottery-scheduler';
import { LotterySettlementService } from './settlement/settlement.service';
import { LotteryBetService } from './tickets/bet.service';
import { LotteryTicketsService } from './tickets/tickets.service';

export interface LotteryDeps {
  config: Config;
  db: Db;
  /** Where the player's ticket lists, totals, items and payouts read (a replica); the primary when absent. */
  reads?: ReadDb | undefined;
  clock: Clock;
  random?: RandomSource | undefined;
  wallet: WalletService;
  /** The process's one money write queue: a ticket's stake and its refunds count in its depth (BUSY when full). */
  writes: Pick<StakeBatchWriter, 'run'>;
  /** Responsible gaming: judged at each ticket's debit, payouts counted. */
  rg: RgGuard;
  /** The feed's HTTP client (tests may pass their own; the global fetch otherwise). */
  fetch?: FetchLike | undefined;
  /** The process's background workers: the lottery's is one of them. */
  workers: Workers;
  /** The server's log (the feed's warnings); the operator CLI and the benchmarks have none. */
  log?: LotterySchedulerLog | undefined;
}

export type Lottery = ReturnType<typeof createLottery>;

/** The ticket lottery's services, built once by the composition root (services.ts). */
export function createLottery(deps: LotteryDeps) {
  const { db, clock, wallet } = deps;
  const settings = lotterySettingsFrom(deps.config);
  const feed = new FeedSource(settings.feedUrls, deps.fetch);
  const draws = new DrawsService(db, clock, deps.random ?? cryptoRandom, settings, feed);
  const settlement = new LotterySettlementService(db, clock, wallet, settings, deps.rg);
  const worker = new LotteryScheduler(draws, settlement, feed, clock, settings, deps.log);
  return {
    settings,
    draws,
    settlement,
    feed,
    bets: new LotteryBetService(db, clock, wallet, deps.writes, draws, settings, deps.rg),
    tickets: new LotteryTicketsService(deps.reads ?? primaryReads(db), clock, wallet, draws, settings),
    scheduler: deps.workers.add({
      name: 'lottery-scheduler',
      // The lottery's draws are minutes apart: a quarter second is fine-grained enough, and TN's fast demo
      // schedule still closes on the cut-off to the millisecond (the bet checks the clock, not the worker).
      everyMs: Math.max(deps.config.LOTTO_TICK_MS, 250),
      pass: () => worker.pass(),
    }),
  };
}
