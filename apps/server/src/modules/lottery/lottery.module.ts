import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { primaryReads, type ReadDb } from '../../db/read-db';
import { createSchedulerLease } from '../../db/scheduler-lease';
import type { Clock } from '../../platform/clock';
import { cryptoRandom, type RandomSource } from '../../platform/random';
import type { WalletService } from '../wallet/wallet.public';
import { DrawsService } from './draws/draws.service';
import { FeedSource, type FetchLike } from './draws/result-source';
import { lotterySettingsFrom } from './lottery.settings';
import { LotteryScheduler } from './scheduler/lottery-scheduler';
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
  /** The feed's HTTP client (tests may pass their own; the global fetch otherwise). */
  fetch?: FetchLike | undefined;
}

export type Lottery = ReturnType<typeof createLottery>;

/** The ticket lottery's services, built once by the composition root (services.ts). */
export function createLottery(deps: LotteryDeps) {
  const { db, clock, wallet } = deps;
  const settings = lotterySettingsFrom(deps.config);
  const feed = new FeedSource(settings.feedUrls, deps.fetch);
  const draws = new DrawsService(db, clock, deps.random ?? cryptoRandom, settings, feed);
  const settlement = new LotterySettlementService(db, clock, wallet, settings);
  return {
    settings,
    draws,
    settlement,
    feed,
    bets: new LotteryBetService(db, clock, wallet, draws, settings),
    tickets: new LotteryTicketsService(deps.reads ?? primaryReads(db), clock, wallet, draws, settings),
    scheduler: new LotteryScheduler(
      draws,
      settlement,
      feed,
      clock,
      createSchedulerLease(db, 'lottery-scheduler', deps.config.SCHEDULER_LEASE_SECONDS),
      settings,
    ),
  };
}
