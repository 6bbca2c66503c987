import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Workers } from '../../db/leased-worker';
import { primaryReads, type ReadDb } from '../../db/read-db';
import type { Clock } from '../../platform/clock';
import { cryptoRandom, type RandomSource } from '../../platform/random';
import type { EventBus } from '../../platform/event-bus';
import type { MaintenanceService } from '../maintenance/maintenance.service';
import type { PlayersService } from '../players/players.service';
import type { SettingsService } from '../settings/settings.service';
import type { StakeBatchWriter, WalletService } from '../wallet/wallet.public';
import { BetsService } from './bets/bets.service';
import type { RgGuard } from '../responsible-gaming/responsible-gaming.public';
import { GroupCommitBetWriter } from './bets/bets.group-commit';
import { KyselyBetWriter, type BetWriter } from './bets/bets.kysely-writer';
import { JackpotService } from './settlement/jackpot.service';
import { lotto59SettingsFrom, type Lotto59Settings } from './lotto59.settings';
import { PoolsService } from './rounds/pools.service';
import { ReportsService } from './reports/reports.service';
import { ResultsService } from './results/results.service';
import { RoundsService } from './rounds/rounds.service';
import { Scheduler } from './scheduler/scheduler';
import { SettledTicketTotals } from './tickets/settled-ticket-totals';
import { SettlementService } from './settlement/settlement.service';
import { TicketsService } from './tickets/tickets.service';

export interface Lotto59Deps {
  config: Config;
  /** The server's log; the operator CLI and the benchmarks' direct calls have none. */
  log?: FastifyBaseLogger | undefined;
  db: Db;
  /** Where the result history, ticket list and bet report read (a replica); the primary when absent. */
  reads?: ReadDb | undefined;
  clock: Clock;
  random?: RandomSource | undefined;
  events: EventBus;
  wallet: WalletService;
  /** The wallet's shared group-commit writer: bets are one lane of it. */
  stakeBatches: StakeBatchWriter;
  players: PlayersService;
  maintenance: MaintenanceService;
  settings: SettingsService;
  /** The process's background workers: the draw scheduler is one of them. */
  workers: Workers;
  /** Responsible gaming: judged and counted at each stake's debit. */
  rg: RgGuard;
}

export type Lotto59 = ReturnType<typeof createLotto59>;

/** Group commit through the wallet; the exact writer answers what a PostgreSQL batch did not write. */
function betWriter(deps: Lotto59Deps, settings: Lotto59Settings): BetWriter {
  return new GroupCommitBetWriter(deps.stakeBatches, {
    db: deps.db,
    settings,
    rg: deps.rg,
    exact: new KyselyBetWriter(deps.db, deps.clock, deps.wallet, settings, deps.rg),
    // Its bets are written all the same (one by one); a statement that keeps failing is a bug to see.
    onBatchFailed: (error) =>
      deps.log?.warn({ err: error }, 'a bet batch failed; its bets were written one by one'),
  });
}

/** The lotto 59 services, built once by the composition root (services.ts). */
export function createLotto59(deps: Lotto59Deps) {
  const { db, clock, events, wallet } = deps;
  const settings = lotto59SettingsFrom(deps.config);
  const reads = deps.reads ?? primaryReads(db);
  const rounds = new RoundsService(db, clock, deps.random ?? cryptoRandom, settings);
  // The same rounds, read from `reads.shared`: the result history (the live round stays on the primary).
  const pastRounds = new RoundsService(reads.shared, clock, deps.random ?? cryptoRandom, settings);
  const jackpot = new JackpotService(db, wallet, deps.settings, settings.jackpot, deps.rg);
  const settlement = new SettlementService(db, clock, wallet, jackpot, events, settings, deps.rg);
  const draws = new Scheduler(rounds, settlement, jackpot, events, clock, settings);
  const scheduler = deps.workers.add({
    name: 'lotto59-scheduler',
    everyMs: deps.config.LOTTO_TICK_MS,
    pass: () => draws.pass(),
  });
  return {
    settings,
    rounds,
    jackpot,
    settlement,
    scheduler,
    bets: new BetsService(betWriter(deps, settings), deps.maintenance, events, settings),
    results: new ResultsService(rounds, clock, settings.timeZone, pastRounds),
    tickets: new TicketsService(
      db,
      rounds,
      deps.players,
      settings.timeZone,
      reads,
      new SettledTicketTotals(rounds),
    ),
    reports: new ReportsService(reads, clock, settings.timeZone),
    pools: new PoolsService(db, clock, deps.players),
    /** Bet submissions accepted and not yet answered (the `write_queue_depth` gauge). */
    writeQueueDepth: () => deps.stakeBatches.depth,
  };
}
