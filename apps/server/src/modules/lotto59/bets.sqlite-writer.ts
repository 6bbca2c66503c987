import type SQLite from 'better-sqlite3';
import type { BetRecord, PlaceBetResponse } from '@lotto59/contract';
import type { Riel } from '@lotto59/domain';
import type { Db } from '../../db/database';
import type { BackgroundCheckpoints } from '../../db/sqlite-checkpointer';
import { AppError } from '../../errors/app-error';
import type { Clock } from '../../platform/clock';
import type { TransferReceipt } from '../wallet/wallet.service';
import type { SqliteStakeBatch } from '../wallet/wallet.sqlite-batch';
import { jackpotOverLimit, type BetPlan } from './bet-plan';
import { toBetRecord } from './bet-record';
import { BET_COLUMNS, stakeKeyOf, type BetRow } from './bets.repository';
import type { BetWriter, QueuedSubmission, WrittenSubmission } from './bets.kysely-writer';
import type { Lotto59Settings } from './lotto59.settings';
import { iso } from './round-view';

type Row = Record<string, number | string | null>;
type Outcome = { ok: true; answer: WrittenSubmission } | { ok: false; error: unknown };

/** A throw after a submission's first write: the batch's transaction must not commit. */
class WriteFault extends Error {
  override name = 'WriteFault';
}

/**
 * Group commit on SQLite (embedded mode): the submissions that arrive within one turn of the event loop
 * share ONE write transaction, written with prepared statements; nobody is answered before the whole
 * batch is committed. The transaction holds Kysely's single connection, so it never interleaves with
 * another transaction of the process.
 *
 * No savepoints (they cost more than the rest of a submission, docs/performance.md): every refusal (a
 * replayed key, a closed round, the jackpot limit, no money) is decided before the submission's first
 * write, the conditional debit being that first write. A throw after it is not a refusal but a fault (a
 * constraint, a full disk): it rolls the whole batch back, and the batch is then written again one
 * submission per transaction, so that fault reaches only the submission that caused it.
 */
export class SqliteBetWriter implements BetWriter {
  private queue: QueuedSubmission[] = [];
  private flushScheduled = false;
  private readonly statements;
  private readonly batchTransaction: SQLite.Transaction<(batch: QueuedSubmission[]) => Outcome[]>;

  constructor(
    private readonly db: Db,
    private readonly sqlite: SQLite.Database,
    private readonly stakes: SqliteStakeBatch,
    private readonly clock: Clock,
    private readonly settings: Lotto59Settings,
    private readonly checkpoints?: BackgroundCheckpoints,
  ) {
    this.statements = {
      groupByKey: sqlite.prepare<[number, string], Row>(
        'select id, request_hash, balance_after from lotto59_bet_groups where player_id = ? and idempotency_key = ?',
      ),
      betsOfGroup: sqlite.prepare<[number], BetRow>(
        `select ${BET_COLUMNS.join(', ')} from lotto59_bets where group_id = ? order by id`,
      ),
      round: sqlite.prepare<[number], Row>(
        'select poll, status, close_at_ms from lotto59_rounds where id = ?',
      ),
      jackpotLines: sqlite.prepare<[number, number], Row>(
        `select count(*) as n from lotto59_bets where group_id in (select id from lotto59_bet_groups
           where player_id = ? and round_id = ? and kind = 'JACKPOT')`,
      ),
      insertGroup: sqlite.prepare(
        `insert into lotto59_bet_groups (player_id, round_id, kind, idempotency_key, request_hash, amount,
           balance_after, stake_transfer_id, created_at_ms) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
      insertBet: sqlite.prepare(
        `insert into lotto59_bets (group_id, round_id, player_id, poll, type, post, number, numbers, amount,
           created_at_ms) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ),
    };
    this.batchTransaction = sqlite.transaction((batch: QueuedSubmission[]) => this.writeBatchWithin(batch));
  }

  write(playerId: number, key: string, plan: BetPlan): Promise<WrittenSubmission> {
    return new Promise((resolve, reject) => {
      this.queue.push({ playerId, key, plan, resolve, reject });
      if (!this.flushScheduled) {
        this.flushScheduled = true;
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    // When the WAL must start over, the checkpointer is given the gap; submissions keep queueing.
    const walRewind = this.checkpoints?.beforeWrite();
    if (walRewind) await walRewind;
    this.flushScheduled = false;
    const batch = this.queue;
    this.queue = [];
    let outcomes: Outcome[];
    try {
      outcomes = await this.db.connection().execute(async () => this.writeBatch(batch));
    } catch (error) {
      outcomes = batch.map(() => ({ ok: false, error }));
    }
    batch.forEach((p, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) p.resolve(outcome.answer);
      else p.reject(outcome.error);
    });
  }

  /** One transaction for the batch; after a fault, one transaction per submission. Never throws. */
  private writeBatch(batch: QueuedSubmission[]): Outcome[] {
    if (this.sqlite.inTransaction) {
      const error = new Error('the connection is inside another transaction');
      return batch.map(() => ({ ok: false, error }));
    }
    try {
      return this.batchTransaction.immediate(batch);
    } catch (error) {
      // Nothing of the batch was written (a fault, or the file locked by another process for too long).
      if (batch.length === 1) return [{ ok: false, error }];
      return batch.flatMap((p) => this.writeBatch([p]));
    }
  }

  private writeBatchWithin(batch: QueuedSubmission[]): Outcome[] {
    const nowMs = this.clock.nowMs();
    const rounds = new Map<number, Row | undefined>();
    this.stakes.begin();
    const outcomes = batch.map((p): Outcome => {
      try {
        return { ok: true, answer: this.writeSubmission(p, nowMs, rounds) };
      } catch (error) {
        if (error instanceof WriteFault) throw error.cause;
        return { ok: false, error };
      }
    });
    this.stakes.finish();
    return outcomes;
  }

  private writeSubmission(
    p: QueuedSubmission,
    nowMs: number,
    rounds: Map<number, Row | undefined>,
  ): WrittenSubmission {
    const { playerId, key, plan } = p;
    const s = this.statements;
    const existing = s.groupByKey.get(playerId, key);
    if (existing) {
      if (existing.request_hash !== plan.requestHash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      const bets = s.betsOfGroup.all(Number(existing.id)).map(toBetRecord);
      return {
        replayed: true,
        response: { group_id: Number(existing.id), bets, balance: Number(existing.balance_after) },
      };
    }

    // The round cannot change while this batch holds the write lock: read once per batch.
    if (!rounds.has(plan.roundId)) rounds.set(plan.roundId, s.round.get(plan.roundId));
    const round = rounds.get(plan.roundId);
    if (!round || round.status !== 'OPEN' || round.poll !== plan.poll) throw new AppError('ROUND_NOT_OPEN');
    if (nowMs >= Number(round.close_at_ms)) throw new AppError('BETTING_CLOSED');
    // One writer at a time on SQLite, so the count cannot change before this submission commits.
    if (plan.kind === 'JACKPOT') {
      const held = Number(s.jackpotLines.get(playerId, plan.roundId)?.n ?? 0);
      if (held + plan.bets.length > this.settings.jackpot.linesPerPlayerRoundMax)
        throw jackpotOverLimit(this.settings);
    }

    let stake: TransferReceipt;
    try {
      stake = this.stakes.stake({
        playerId,
        amount: plan.totalRiel as Riel,
        idempotencyKey: stakeKeyOf(key, playerId),
        reference: `lotto59-round:${plan.roundId}`,
        nowMs,
      });
      if (stake.replayed) throw new Error('a stake without its group');
    } catch (error) {
      // The stake refuses (no money) with an AppError before writing anything; anything else is a fault.
      if (error instanceof AppError) throw error;
      throw new WriteFault('a stake failed', { cause: error });
    }
    try {
      return { replayed: false, response: this.writeGroup(p, stake, nowMs) };
    } catch (error) {
      throw new WriteFault('a submission failed after its stake', { cause: error });
    }
  }

  private writeGroup(p: QueuedSubmission, stake: TransferReceipt, nowMs: number): PlaceBetResponse {
    const { playerId, key, plan } = p;
    const s = this.statements;
    const groupId = Number(
      s.insertGroup.run(
        playerId,
        plan.roundId,
        plan.kind,
        key,
        plan.requestHash,
        plan.totalRiel,
        stake.fromBalanceAfter,
        stake.transferId,
        nowMs,
      ).lastInsertRowid,
    );
    const bets: BetRecord[] = plan.bets.map((b) => {
      const numbers = b.line === null ? null : b.line.join(',');
      const id = Number(
        s.insertBet.run(
          groupId,
          plan.roundId,
          playerId,
          plan.poll,
          b.type,
          b.post,
          b.number,
          numbers,
          b.amount,
          nowMs,
        ).lastInsertRowid,
      );
      return {
        id,
        result_id: plan.roundId,
        group_id: groupId,
        poll: plan.poll,
        type: b.type,
        post: b.post,
        number: b.number,
        numbers: b.line,
        amount: b.amount,
        payout: 0,
        jackpot_win_amount: 0,
        jackpot_result: null,
        jackpot_tier: null,
        outstanding: true,
        status: 'PENDING',
        created_at: iso(nowMs),
        settled_at: null,
      };
    });
    return { group_id: groupId, bets, balance: stake.fromBalanceAfter };
  }
}
