import type SQLite from 'better-sqlite3';
import type { BetRecord, PlaceBetResponse } from '@lotto59/contract';
import type { Db } from '../../../db/database';
import { AppError } from '../../../errors/app-error';
import type {
  PgStakeGame,
  PgStakeStatement,
  SqliteBatchContext,
  SqliteStakeGame,
  StakeBatchWriter,
  StakeLane,
  StakeRequest,
  TakeStake,
  TransferReceipt,
} from '../../wallet/wallet.public';
import type { Lotto59Settings } from '../lotto59.settings';
import type { RgGuard } from '../../responsible-gaming/responsible-gaming.public';
import { jackpotOverLimit, movementOf, type BetPlan } from './bet-plan';
import { newBetRows, toBetRecord } from './bet-record';
import type { BetWriter, WrittenSubmission } from './bets.kysely-writer';
import { insertBetBatch, type WrittenBetRow } from './bets.pg.repository';
import { stakeKeyOf } from './bets.repository';
import { BetSqliteStatements } from './bets.sqlite.repository';

/** One submission as the group commit carries it. */
export interface BetSubmission {
  playerId: number;
  key: string;
  plan: BetPlan;
}

export interface BetGroupCommitOptions {
  /** Told the size of every PostgreSQL batch written (tests and benchmarks). */
  onBatch?: ((size: number) => void) | undefined;
  /** Told why a PostgreSQL batch's statement failed (its bets were then written one by one). */
  onBatchFailed?: ((error: unknown) => void) | undefined;
}

/** The stake of a submission: one transfer player → house for the whole submission. */
function stakeOf({ playerId, key, plan }: BetSubmission): StakeRequest {
  return {
    playerId,
    amount: plan.totalRiel,
    idempotencyKey: stakeKeyOf(key, playerId),
    reference: `lotto59-round:${plan.roundId}`,
  };
}

/**
 * Bet placement through the wallet's group commit (wallet.stake-batch.ts): a submission is one group, one
 * stake transfer and its bet rows, all or nothing, written in the batch's one transaction (SQLite) or
 * one statement (PostgreSQL). Decision 0008.
 */
export class GroupCommitBetWriter implements BetWriter {
  private readonly lane: StakeLane<BetSubmission, WrittenSubmission>;

  constructor(
    batches: StakeBatchWriter,
    deps: { db: Db; settings: Lotto59Settings; rg: RgGuard; exact: BetWriter } & BetGroupCommitOptions,
  ) {
    this.lane = batches.lane<BetSubmission, WrittenSubmission>({
      sqlite: (sqlite) => new SqliteBetPart(sqlite, deps.settings, deps.rg),
      pg: () => new PgBetPart(deps.db, deps.exact, deps),
    });
  }

  write(playerId: number, key: string, plan: BetPlan): Promise<WrittenSubmission> {
    return this.lane.submit({ playerId, key, plan });
  }
}

/**
 * SQLite: prepared statements inside the wallet's batch transaction. Every refusal (a replayed key, a
 * closed round, the jackpot limit, no money) is decided before the stake, the submission's first write.
 */
class SqliteBetPart implements SqliteStakeGame<BetSubmission, WrittenSubmission> {
  private readonly sql: BetSqliteStatements;
  /** The round cannot change while a batch holds the write lock: read once per batch. */
  private rounds = new Map<number, ReturnType<BetSqliteStatements['findRound']>>();
  private roundsOfBatch = -1;

  constructor(
    sqlite: SQLite.Database,
    private readonly settings: Lotto59Settings,
    private readonly rg: RgGuard,
  ) {
    this.sql = new BetSqliteStatements(sqlite);
  }

  writeWithin(sub: BetSubmission, takeStake: TakeStake, batch: SqliteBatchContext): WrittenSubmission {
    const { playerId, key, plan } = sub;
    const { nowMs } = batch;
    const existing = this.sql.findGroupByKey(playerId, key);
    if (existing) {
      if (existing.request_hash !== plan.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      const bets = this.sql.betsOfGroupOf(existing.id).map(toBetRecord);
      return { replayed: true, response: { group_id: existing.id, bets, balance: existing.balance_after } };
    }

    if (this.roundsOfBatch !== batch.batchId) {
      this.rounds = new Map();
      this.roundsOfBatch = batch.batchId;
    }
    if (!this.rounds.has(plan.roundId)) this.rounds.set(plan.roundId, this.sql.findRound(plan.roundId));
    const round = this.rounds.get(plan.roundId);
    if (!round || round.status !== 'OPEN' || round.poll !== plan.poll) throw new AppError('ROUND_NOT_OPEN');
    if (nowMs >= round.close_at_ms) throw new AppError('BETTING_CLOSED');
    // One writer at a time on SQLite, so the count cannot change before this submission commits.
    if (plan.kind === 'JACKPOT') {
      const held = this.sql.countJackpotLines(playerId, plan.roundId);
      if (held + plan.bets.length > this.settings.jackpot.linesPerPlayerRoundMax)
        throw jackpotOverLimit(this.settings);
    }

    // Responsible gaming: judged and counted before the debit (a refusal writes nothing); a debit refused
    // after it takes the count back, in the same transaction (the batch has no savepoints).
    const movement = movementOf(plan);
    this.rg.stakeInUnit(playerId, movement, plan.totalRiel, nowMs);
    let stake: TransferReceipt;
    try {
      stake = takeStake(stakeOf(sub));
    } catch (error) {
      if (error instanceof AppError) this.rg.uncountInUnit(playerId, movement, plan.totalRiel, nowMs);
      throw error;
    }
    // The group and its stake commit together, and this batch holds the only writer: a used stake key
    // without its group is a fault, not a replay.
    if (stake.replayed) throw new Error('a stake without its group');
    return { replayed: false, response: this.writeGroup(sub, stake, nowMs) };
  }

  private writeGroup(
    { playerId, key, plan }: BetSubmission,
    stake: TransferReceipt,
    nowMs: number,
  ): PlaceBetResponse {
    const groupId = this.sql.insertGroup({
      playerId,
      roundId: plan.roundId,
      kind: plan.kind,
      idempotencyKey: key,
      requestHash: plan.requestHash,
      amount: plan.totalRiel,
      balanceAfter: stake.fromBalanceAfter,
      stakeTransferId: stake.transferId,
      createdAtMs: nowMs,
    });
    const bets: BetRecord[] = newBetRows(plan, { groupId, playerId, nowMs }).map((row) =>
      toBetRecord({ ...row, id: this.sql.insertBet(row) }),
    );
    return { group_id: groupId, bets, balance: stake.fromBalanceAfter };
  }
}

/**
 * PostgreSQL: one statement per batch (bets.pg.repository.ts). Jackpot submissions keep the exact writer
 * (their per-round line limit is counted under the player's lock), and so does every submission the
 * statement did not write, which answers exactly: the first answer, the refusal, or the fault.
 */
class PgBetPart implements PgStakeGame<BetSubmission, WrittenSubmission> {
  readonly onBatch;
  readonly onBatchFailed;

  constructor(
    private readonly db: Db,
    private readonly exact: BetWriter,
    options: BetGroupCommitOptions,
  ) {
    this.onBatch = options.onBatch;
    this.onBatchFailed = options.onBatchFailed;
  }

  batchable(sub: BetSubmission): boolean {
    return sub.plan.kind === 'BET';
  }

  stakeOf(sub: BetSubmission): StakeRequest {
    return stakeOf(sub);
  }

  async writeBatch(
    batch: readonly BetSubmission[],
    statement: PgStakeStatement,
  ): Promise<ReadonlyMap<number, WrittenSubmission>> {
    const rowsByPlayer = new Map<number, WrittenBetRow[]>();
    for (const row of await insertBetBatch(this.db, batch, statement)) {
      const rows = rowsByPlayer.get(row.player_id);
      if (rows) rows.push(row);
      else rowsByPlayer.set(row.player_id, [row]);
    }
    const answers = new Map<number, WrittenSubmission>();
    batch.forEach((sub, i) => {
      const rows = rowsByPlayer.get(sub.playerId);
      if (!rows) return;
      rows.sort((a, b) => a.id - b.id);
      answers.set(i, {
        replayed: false,
        response: {
          group_id: rows[0]!.group_id,
          bets: rows.map(toBetRecord),
          balance: Number(rows[0]!.balance_after),
        },
      });
    });
    return answers;
  }

  writeOne(sub: BetSubmission): Promise<WrittenSubmission> {
    return this.exact.write(sub.playerId, sub.key, sub.plan);
  }
}
