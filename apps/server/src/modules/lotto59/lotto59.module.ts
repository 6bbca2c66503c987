import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { rawSqliteOf, walCheckpointsOf } from '../../db/create-db';
import type { Db } from '../../db/database';
import type { Clock } from '../../platform/clock';
import { cryptoRandom, type RandomSource } from '../../platform/random';
import type { EventBus } from '../../plugins/realtime/event-bus';
import type { MaintenanceService } from '../maintenance/maintenance.service';
import type { PlayersService } from '../players/players.service';
import type { SettingsService } from '../settings/settings.service';
import type { WalletService } from '../wallet/wallet.service';
import { SqliteStakeBatch } from '../wallet/wallet.sqlite-batch';
import { BetsService } from './bets.service';
import { KyselyBetWriter, type BetWriter } from './bets.kysely-writer';
import { PgBetWriter } from './bets.pg-writer';
import { SqliteBetWriter } from './bets.sqlite-writer';
import { JackpotService } from './jackpot.service';
import { lotto59SettingsFrom, type Lotto59Settings } from './lotto59.settings';
import { PoolsService } from './pools.service';
import { ReportsService } from './reports.service';
import { ResultsService } from './results.service';
import { RoundsService } from './rounds.service';
import { Scheduler } from './scheduler';
import { createSchedulerLease } from './scheduler-lease';
import { SettlementService } from './settlement.service';
import { TicketsService } from './tickets.service';

export interface Lotto59Deps {
  config: Config;
  /** The server's log; the operator CLI and the benchmarks' direct calls have none. */
  log?: FastifyBaseLogger | undefined;
  db: Db;
  clock: Clock;
  random?: RandomSource | undefined;
  events: EventBus;
  wallet: WalletService;
  players: PlayersService;
  maintenance: MaintenanceService;
  settings: SettingsService;
}

export type Lotto59 = ReturnType<typeof createLotto59>;

/** Group commit: one transaction of prepared statements on SQLite, one statement per batch on PostgreSQL. */
function betWriter(deps: Lotto59Deps, settings: Lotto59Settings): BetWriter {
  const sqlite = rawSqliteOf(deps.db);
  if (sqlite) {
    const stakes = new SqliteStakeBatch(sqlite);
    return new SqliteBetWriter(deps.db, sqlite, stakes, deps.clock, settings, walCheckpointsOf(deps.db));
  }
  const exact = new KyselyBetWriter(deps.db, deps.clock, deps.wallet, settings);
  return new PgBetWriter(deps.db, deps.clock, deps.wallet, exact, {
    // Its bets are written all the same (one by one); a statement that keeps failing is a bug to see.
    onBatchFailed: (error) =>
      deps.log?.warn({ err: error }, 'a bet batch failed; its bets were written one by one'),
  });
}

/** The lotto 59 services, built once by the composition root (services.ts). */
export function createLotto59(deps: Lotto59Deps) {
  const { db, clock, events, wallet } = deps;
  const settings = lotto59SettingsFrom(deps.config);
  const rounds = new RoundsService(db, clock, deps.random ?? cryptoRandom, settings);
  const jackpot = new JackpotService(db, wallet, deps.settings, settings.jackpot);
  const settlement = new SettlementService(db, clock, wallet, jackpot, events, settings);
  const scheduler = new Scheduler(
    rounds,
    settlement,
    jackpot,
    events,
    clock,
    createSchedulerLease(db),
    settings,
  );
  return {
    settings,
    rounds,
    jackpot,
    settlement,
    scheduler,
    bets: new BetsService(betWriter(deps, settings), deps.maintenance, events, settings),
    results: new ResultsService(rounds, clock, settings.timeZone),
    tickets: new TicketsService(db, rounds, deps.players, settings.timeZone),
    reports: new ReportsService(db, clock, settings.timeZone),
    pools: new PoolsService(db, clock, deps.players),
  };
}
