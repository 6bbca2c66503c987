import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config';
import type { Db } from './db/database';
import { Workers } from './db/leased-worker';
import { primaryReads, replicaReads } from './db/read-db';
import type { ReadReplica } from './db/read-replica';
import type { Clock } from './platform/clock';
import type { RandomSource } from './platform/random';
import { AnalyticsService } from './modules/analytics/analytics.service';
import { AuditService } from './modules/audit/audit.service';
import { AuthService } from './modules/auth/auth.service';
import { ClusterService } from './modules/cluster/cluster.service';
import { LoginThrottle } from './modules/auth/login-throttle';
import { SessionCache } from './modules/auth/session-cache';
import { sessionLiveSql } from './modules/auth/sessions.repository';
import { syncSessionLiveness } from './modules/auth/sqlite/session-liveness';
import { argon2idHasher } from './platform/password-hasher';
import { MaintenanceService } from './modules/maintenance/maintenance.service';
import { PlayersService } from './modules/players/players.service';
import { playerDisabledSql } from './modules/players/players.repository';
import { syncDisabledFlag } from './modules/players/sqlite/disabled-flag';
import { SettingsService } from './modules/settings/settings.service';
import { TransactionsService } from './modules/transactions/transactions.service';
import { StatementService } from './modules/statement/statement.service';
import { RgGuard, RgService } from './modules/responsible-gaming/responsible-gaming.public';
import { createLotto59 } from './modules/lotto59/lotto59.module';
import { createProviders, type PlayerFacts, type Providers } from './modules/providers/providers.public';
import { createLottery } from './modules/lottery/lottery.module';
import { createPush, type Push } from './modules/push/push.module';
import { createLedger } from './modules/ledger/ledger.module';
import { CashierService, createStakeBatchWriter, WalletService } from './modules/wallet/wallet.public';
import { createEventBus } from './platform/create-event-bus';
import { createRecentWriters, type RecentWriters } from './platform/recent-writers';

export type Services = Awaited<ReturnType<typeof createServices>>;

/** What the services are built from (the app passes its own deps; the CLI and benchmarks theirs). */
export interface ServiceDeps {
  config: Config;
  db: Db;
  /** A streaming replica (DATABASE_READ_URL) for the read-only lists and reports; the app opens it. */
  replica?: ReadReplica | undefined;
  clock: Clock;
  /** Draw randomness (node:crypto unless a test pins it). */
  random?: RandomSource | undefined;
  log?: FastifyBaseLogger;
}

/**
 * The composition root: every service built once, with its dependencies passed in by hand (no container,
 * no globals). The HTTP app and the operator command line both start from here.
 */
export async function createServices(deps: ServiceDeps) {
  const { config, db, clock } = deps;
  // The key that binds XSRF tokens to sessions: made by the first process, shared through the database.
  const settings = new SettingsService(db, clock);
  const appKey = await settings.ensure('app_key', randomBytes(32).toString('hex'));
  const hasher = argon2idHasher({ memoryKib: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_TIME_COST });
  const audit = new AuditService(db, clock);
  const wallet = new WalletService(db, clock);
  const cashier = new CashierService(db, wallet, audit);
  // One group-commit queue for every stake of every game; app.close() drains it (app.ts).
  const stakeBatches = createStakeBatchWriter({
    db,
    clock,
    accounts: wallet,
    maxDepth: config.WRITE_QUEUE_MAX_DEPTH,
    batchesInFlight: config.PG_STAKE_BATCHES_IN_FLIGHT,
  });
  // Every background job on a lease of its own (db/leased-worker.ts); app.ts starts and stops them.
  const workers = new Workers(db, config.SCHEDULER_LEASE_SECONDS);
  const players = new PlayersService(db, clock, hasher, wallet, audit);
  // Responsible gaming: checked at every stake's debit (the guard) and set by the player and the operator.
  const rgGuard = new RgGuard(db, clock);
  const rg = new RgService(db, clock, audit, { coolingOffHours: config.RG_COOLING_OFF_HOURS });
  cashier.useDepositGate({
    judge: (trx, playerId, amount) => rgGuard.stakeWithin(trx, playerId, 'DEPOSIT', amount),
  });
  const maintenance = new MaintenanceService(settings, clock, config.MAINTENANCE_REFRESH_SECONDS * 1000);
  const throttle = new LoginThrottle(db, clock, {
    maxFailuresPerAccount: config.LOGIN_MAX_FAILURES_PER_ACCOUNT,
    maxFailuresPerAddress: config.LOGIN_MAX_FAILURES_PER_ADDRESS,
    windowMs: config.LOGIN_THROTTLE_MINUTES * 60_000,
  });
  const events = createEventBus(config.REDIS_URL, config.REDIS_EVENTS_CHANNEL, (error) =>
    deps.log?.warn({ err: error }, 'live events: Redis error'),
  );
  const auth = new AuthService(
    db,
    clock,
    hasher,
    players,
    wallet,
    audit,
    throttle,
    {
      idleMs: config.SESSION_IDLE_MINUTES * 60_000,
      absoluteMs: config.SESSION_ABSOLUTE_HOURS * 3_600_000,
      touchEveryMs: 60_000,
    },
    new SessionCache(config.SESSION_CACHE_SECONDS * 1000),
    events,
  );
  auth.useLoginGate((playerId) => rg.assertNotExcluded(playerId));
  rg.useSessionEnder((playerId, work) => auth.endEverySessionOf(playerId, work));
  const readYourWrites = createReadYourWrites(deps);
  const { reads } = readYourWrites;
  const transactions = new TransactionsService(wallet, config.TIME_ZONE, reads);
  const statement = new StatementService(reads, config.TIME_ZONE);
  const analytics = new AnalyticsService(db, clock);
  const lotto59 = createLotto59({
    ...deps,
    reads,
    events,
    wallet,
    stakeBatches,
    players,
    maintenance,
    settings,
    workers,
    rg: rgGuard,
  });
  const providers = createProviders({
    ...deps,
    appKey,
    wallet,
    stakeBatches,
    playerFacts: playerFactsOf(db, auth, players),
    maintenance,
    workers,
    rg: rgGuard,
  });
  readYourWrites.markSeamlessPlayers(providers.seamless);
  // `is_loading` of /api/user: a transfer to or from a game in flight (providers.md §4).
  players.useLoadingSource((playerId) => providers.fishing.isLoading(playerId));
  const lottery = createLottery({ ...deps, reads, wallet, workers, writes: stakeBatches, rg: rgGuard });
  const push = createPush({ ...deps, leads: () => lotto59.scheduler.leads() });
  notifyWinners(push, lotto59, lottery);
  // The sealed ledger (decision 0048): proofs, and a worker app.ts starts where the other workers run.
  const ledger = createLedger({ config, db, clock, workers });
  // Server mode's heartbeat row (`ops cluster status`); the app runs it once it listens (app.ts).
  const cluster = new ClusterService(
    db,
    clock,
    { servedBy: config.SERVED_BY, host: hostname(), pid: process.pid, runtime: `node ${process.version}` },
    () => lotto59.scheduler.leads(),
    config.CLUSTER_HEARTBEAT_SECONDS * 1000,
  );
  return {
    appKey,
    settings,
    audit,
    wallet,
    stakeBatches,
    workers,
    cashier,
    players,
    maintenance,
    auth,
    transactions,
    statement,
    analytics,
    events,
    lotto59,
    providers,
    lottery,
    push,
    ledger,
    cluster,
    reads,
    readYourWrites,
    rg,
    rgGuard,
  };
}

/**
 * Reads on the replica with read-your-writes (docs/decisions/0029-read-replica.md): without a replica
 * every read is on the primary and nothing is marked. With one, a player who has just written is marked
 * for READ_YOUR_WRITES_SECONDS (in Redis with REDIS_URL, so that every process knows), and their own
 * lists and reports read from the primary meanwhile. The HTTP writes are marked by app.ts; the seamless
 * wallet's moves, which come from a studio's server rather than the player's session, here.
 */
function createReadYourWrites(deps: ServiceDeps) {
  const { config, db, clock, replica } = deps;
  let writers: RecentWriters | undefined;
  if (replica) {
    writers = createRecentWriters({
      redisUrl: config.REDIS_URL,
      redisPrefix: config.READ_YOUR_WRITES_REDIS_PREFIX,
      clock,
      windowMs: config.READ_YOUR_WRITES_SECONDS * 1000,
      onError: (error) => deps.log?.warn({ err: error }, 'recent writers: Redis error'),
    });
  }
  const recent = writers;
  const markWriter = async (playerId: number): Promise<void> => {
    if (!recent) return;
    try {
      await recent.mark(playerId);
    } catch (error) {
      // The write is done and answered all the same; the player's next reads may lag by the replica's lag.
      deps.log?.warn({ err: error, playerId }, 'recent writers: could not mark a player');
    }
  };
  return {
    reads:
      replica && recent
        ? replicaReads({ primary: db, replica, isRecentWriter: (playerId) => recent.isRecent(playerId) })
        : primaryReads(db),
    replica,
    /** After a player's own write (a bet, a ticket, a transfer, a password…): before it is answered. */
    markWriter,
    /** A studio's bet, win or rollback moved this player's money: their reports read the primary a while. */
    markSeamlessPlayers(seamless: Pick<Providers['seamless'], 'call'>): void {
      if (!recent) return;
      const call = seamless.call.bind(seamless);
      seamless.call = async (walletCall) => {
        const answer = await call(walletCall);
        const { reply } = answer;
        const playerId = 'user' in reply ? Number(reply.user) : NaN;
        if (reply.status === 'RS_OK' && MONEY_ACTIONS.has(answer.action) && Number.isSafeInteger(playerId)) {
          await markWriter(playerId);
        }
        return answer;
      };
    },
    close: async (): Promise<void> => {
      await recent?.close();
    },
  };
}

/**
 * "Your ticket won" (decision 0051): after a round or draw is settled and committed, the players it paid are
 * told, in the background, on the devices they subscribed. The settlements know nothing of push; whoever
 * settles (the schedulers, the operator's command) goes through these wrappers.
 */
function notifyWinners(
  push: Push,
  lotto59: ReturnType<typeof createLotto59>,
  lottery: ReturnType<typeof createLottery>,
): void {
  const settleRound = lotto59.settlement.settle.bind(lotto59.settlement);
  lotto59.settlement.settle = async (roundId) => {
    const outcome = await settleRound(roundId);
    if (outcome && outcome.paidPlayerIds.length > 0) push.service.ticketWon('lotto59', outcome.paidPlayerIds);
    return outcome;
  };
  const settleDraw = lottery.settlement.settle.bind(lottery.settlement);
  lottery.settlement.settle = async (drawId) => {
    const outcome = await settleDraw(drawId);
    if (outcome && outcome.paidPlayerIds.length > 0) push.service.ticketWon('lottery', outcome.paidPlayerIds);
    return outcome;
  };
}

/** The seamless wallet's calls that move a player's money. */
const MONEY_ACTIONS = new Set(['bet', 'win', 'rollback']);

/**
 * The provider wallets' one read port of the auth and players modules (issue 23): the login session's
 * liveness and the operator's flag, and where the database reads synchronously (SQLite) the same two reads
 * inside the seamless wallet's units.
 */
function playerFactsOf(db: Db, auth: AuthService, players: PlayersService): PlayerFacts {
  const isSessionLive = syncSessionLiveness(db);
  const isDisabled = syncDisabledFlag(db);
  return {
    isSessionLive: (sessionId) => auth.isSessionLive(sessionId),
    isDisabled: async (playerId) => (await players.byId(playerId)).disabled === 1,
    inTransaction: isSessionLive && isDisabled ? { isSessionLive, isDisabled } : undefined,
    inStatement: { isSessionLive: sessionLiveSql, isDisabled: playerDisabledSql },
  };
}
