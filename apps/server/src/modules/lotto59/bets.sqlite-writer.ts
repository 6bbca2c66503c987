import type SQLite from 'better-sqlite3';
import type { BetRecord } from '@lotto59/contract';
import type { Riel } from '@lotto59/domain';
import type { Db } from '../../db/database';
import { AppError } from '../../errors/app-error';
import type { Clock } from '../../platform/clock';
import type { TransferReceipt } from '../wallet/wallet.service';
import type { SqliteStakeBatch } from '../wallet/wallet.sqlite-batch';
import { jackpotOverLimit, type BetPlan } from './bet-plan';
import { toBetRecord } from './bet-record';
import { BET_COLUMNS, type BetRow } from './bets.repository';
import type { BetWriter, WrittenSubmission } from './bets.kysely-writer';
import type { Lotto59Settings } from './lotto59.settings';
import { iso } from './round-view';

interface Pending {
  playerId: number;
  key: string;
  plan: BetPlan;
  resolve(answer: WrittenSubmission): void;
  reject(error: unknown): void;
}

type Row = Record<string, number | string | null>;
type Outcome = { ok: true; answer: WrittenSubmission } | { ok: false; error: unknown };

/**
 * Group commit on SQLite (embedded mode): the submissions that arrive within one turn of the event loop
 * share ONE write transaction, written with prepared statements. Each submission runs in its own
 * savepoint, so a refusal (no money, closed round, limit) rolls back only its own rows; nobody is
 * answered before the whole batch is committed. The transaction holds Kysely's single connection, so it
 * never interleaves with another transaction of the process.
 */
export class SqliteBetWriter implements BetWriter {
  private queue: Pending[] = [];
  private flushScheduled = false;
  private readonly statements;
  private readonly writeOne: (p: Pending, nowMs: number) => WrittenSubmission;
  private readonly batchTransaction: SQLite.Transaction<(batch: Pending[]) => Outcome[]>;

  constructor(
    private readonly db: Db,
    private readonly sqlite: SQLite.Database,
    private readonly stakes: SqliteStakeBatch,
    private readonly clock: Clock,
    private readonly settings: Lotto59Settings,
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
        "select count(*) as n from lotto59_bets where player_id = ? and round_id = ? and type = 'JACKPOT'",
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
    // A nested better-sqlite3 transaction is a savepoint: a throw rolls back this submission only.
    this.writeOne = sqlite.transaction((p: Pending, nowMs: number) => this.writeSubmission(p, nowMs));
    this.batchTransaction = sqlite.transaction((batch: Pending[]) => this.writeBatchWithin(batch));
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
    this.flushScheduled = false;
    const batch = this.queue;
    this.queue = [];
    let outcomes: Outcome[];
    try {
      outcomes = await this.db.connection().execute(async () => this.writeBatch(batch));
    } catch (error) {
      // The batch did not commit (e.g. the file is locked by another process for too long): nothing
      // of it was written, and every submission in it is told so.
      for (const p of batch) p.reject(error);
      return;
    }
    batch.forEach((p, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) p.resolve(outcome.answer);
      else p.reject(outcome.error);
    });
  }

  private writeBatch(batch: Pending[]): Outcome[] {
    if (this.sqlite.inTransaction) throw new Error('the connection is inside another transaction');
    return this.batchTransaction.immediate(batch);
  }

  private writeBatchWithin(batch: Pending[]): Outcome[] {
    const nowMs = this.clock.nowMs();
    this.stakes.begin();
    const outcomes = batch.map((p): Outcome => {
      try {
        return { ok: true, answer: this.writeOne(p, nowMs) };
      } catch (error) {
        return { ok: false, error };
      }
    });
    this.stakes.finish();
    return outcomes;
  }

  private writeSubmission(p: Pending, nowMs: number): WrittenSubmission {
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

    const round = s.round.get(plan.roundId);
    if (!round || round.status !== 'OPEN' || round.poll !== plan.poll) throw new AppError('ROUND_NOT_OPEN');
    if (nowMs >= Number(round.close_at_ms)) throw new AppError('BETTING_CLOSED');
    // One writer at a time on SQLite, so the count cannot change before this submission commits.
    if (plan.kind === 'JACKPOT') {
      const held = Number(s.jackpotLines.get(playerId, plan.roundId)?.n ?? 0);
      if (held + plan.bets.length > this.settings.jackpot.linesPerPlayerRoundMax)
        throw jackpotOverLimit(this.settings);
    }

    let stake: TransferReceipt | undefined;
    try {
      stake = this.stakes.stake({
        playerId,
        amount: plan.totalRiel as Riel,
        idempotencyKey: `bet-stake:${playerId}:${key}`,
        reference: `lotto59-round:${plan.roundId}`,
        nowMs,
      });
      if (stake.replayed)
        throw new AppError('INTERNAL', undefined, { internal: 'a stake without its group' });
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
      return { replayed: false, response: { group_id: groupId, bets, balance: stake.fromBalanceAfter } };
    } catch (error) {
      if (stake) this.stakes.undo(stake);
      throw error;
    }
  }
}
