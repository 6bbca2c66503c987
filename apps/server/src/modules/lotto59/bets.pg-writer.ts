import type { Riel } from '@lotto59/domain';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Clock } from '../../platform/clock';
import type { WalletService } from '../wallet/wallet.service';
import { stakeBatchCtes, stakeRequestHash } from '../wallet/wallet.stake-sql';
import type { BetPlan } from './bet-plan';
import { toBetRecord } from './bet-record';
import type { BetWriter, QueuedSubmission, WrittenSubmission } from './bets.kysely-writer';
import { stakeKeyOf, type BetRow } from './bets.repository';

type WrittenRow = BetRow & { balance_after: number };

export interface PgBetWriterOptions {
  /** Submissions per batch at most (one statement's parameters grow with it). */
  batchMax?: number;
  /** Told the size of every batch written (tests and benchmarks). */
  onBatch?: (size: number) => void;
  /** Told why a batch's statement failed (its submissions were then written one by one). */
  onBatchFailed?: (error: unknown) => void;
}

/**
 * Group commit on PostgreSQL: the submissions that arrive while the batch before is being written share
 * ONE statement — one round trip and one commit — with the round check under a share lock, the
 * idempotency check, the stakes (wallet.stake-sql.ts: the house row locked first and credited once per
 * batch, a conditional debit per player), the groups and the bets. The house row, which every stake
 * credits, is then held for one commit per batch instead of one per bet.
 *
 * A batch holds at most one submission per player (a player's second waits for the next batch), so each
 * player's debit sees the one before. Every submission the statement did not write — a replay, a refusal,
 * a closed round, a jackpot submission with its per-round limit — and every submission of a batch whose
 * statement failed (a fault, or a duplicate key racing in another batch; nothing of it was written) goes
 * to the transaction-per-submission writer, which answers exactly: the first answer, or the refusal's
 * message, or the fault for that submission alone.
 */
export class PgBetWriter implements BetWriter {
  private queue: QueuedSubmission[] = [];
  private writing = false;
  private pumpScheduled = false;
  private readonly batchMax: number;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly wallet: WalletService,
    private readonly slowPath: BetWriter,
    private readonly options: PgBetWriterOptions = {},
  ) {
    this.batchMax = options.batchMax ?? 256;
  }

  write(playerId: number, key: string, plan: BetPlan): Promise<WrittenSubmission> {
    if (plan.kind !== 'BET') return this.slowPath.write(playerId, key, plan);
    return new Promise((resolve, reject) => {
      this.queue.push({ playerId, key, plan, resolve, reject });
      // The submissions of one turn of the event loop start their batch together.
      if (!this.pumpScheduled) {
        this.pumpScheduled = true;
        setImmediate(() => {
          this.pumpScheduled = false;
          this.pump();
        });
      }
    });
  }

  /**
   * One batch at a time: batches would queue on the house row anyway, and measured, two or more in
   * flight made the batches smaller and placement slower (docs/performance.md).
   */
  private pump(): void {
    if (this.writing || this.queue.length === 0) return;
    const batch = this.takeBatch();
    this.writing = true;
    this.options.onBatch?.(batch.length);
    void this.writeBatch(batch).finally(() => {
      this.writing = false;
      this.pump();
    });
  }

  /** The oldest submissions, one per player; the others keep their place in the queue. */
  private takeBatch(): QueuedSubmission[] {
    const batch: QueuedSubmission[] = [];
    const rest: QueuedSubmission[] = [];
    const players = new Set<number>();
    for (const p of this.queue) {
      if (batch.length < this.batchMax && !players.has(p.playerId)) {
        players.add(p.playerId);
        batch.push(p);
      } else rest.push(p);
    }
    this.queue = rest;
    return batch;
  }

  private async writeBatch(batch: QueuedSubmission[]): Promise<void> {
    let unwritten: QueuedSubmission[];
    try {
      const rowsByPlayer = new Map<number, WrittenRow[]>();
      for (const row of await this.writeStatement(batch)) {
        const rows = rowsByPlayer.get(row.player_id);
        if (rows) rows.push(row);
        else rowsByPlayer.set(row.player_id, [row]);
      }
      unwritten = [];
      for (const p of batch) {
        const rows = rowsByPlayer.get(p.playerId);
        if (!rows) {
          unwritten.push(p);
          continue;
        }
        rows.sort((a, b) => a.id - b.id);
        p.resolve({
          replayed: false,
          response: {
            group_id: rows[0]!.group_id,
            bets: rows.map(toBetRecord),
            balance: Number(rows[0]!.balance_after),
          },
        });
      }
    } catch (error) {
      // The statement wrote nothing; each submission is written (or fails) on its own.
      this.options.onBatchFailed?.(error);
      unwritten = batch;
    }
    await Promise.all(
      unwritten.map((p) => this.slowPath.write(p.playerId, p.key, p.plan).then(p.resolve, p.reject)),
    );
  }

  private async writeStatement(batch: QueuedSubmission[]) {
    const nowMs = this.clock.nowMs();
    const subs = await Promise.all(
      batch.map(async ({ playerId, key, plan }) => {
        const { playerAccountId, houseAccountId } = await this.wallet.stakeAccounts(playerId);
        const stakeKey = stakeKeyOf(key, playerId);
        const reference = `lotto59-round:${plan.roundId}`;
        const amount = plan.totalRiel as Riel;
        return {
          playerId,
          playerAccountId,
          houseAccountId,
          key,
          plan,
          stakeKey,
          reference,
          stakeHash: stakeRequestHash(playerAccountId, houseAccountId, amount, reference, stakeKey),
        };
      }),
    );
    const items = subs.flatMap((s, i) => s.plan.bets.map((b) => ({ sub: i + 1, ...b })));
    const column = <T>(pick: (s: (typeof subs)[number]) => T) => subs.map(pick);
    const stake = stakeBatchCtes({ houseAccountId: subs[0]!.houseAccountId, nowMs, source: 'bet_sub' });

    const { rows } = await sql<WrittenRow>`
      with
      sub as (
        select * from unnest(
          cast(${column((s) => s.playerId)} as bigint[]), cast(${column((s) => s.playerAccountId)} as bigint[]),
          cast(${column((s) => s.key)} as text[]), cast(${column((s) => s.plan.requestHash)} as text[]),
          cast(${column((s) => s.plan.totalRiel)} as bigint[]), cast(${column((s) => s.plan.roundId)} as bigint[]),
          cast(${column((s) => s.plan.poll)} as text[]), cast(${column((s) => s.stakeKey)} as text[]),
          cast(${column((s) => s.stakeHash)} as text[]), cast(${column((s) => s.reference)} as text[]))
          with ordinality as s(player_id, account_id, group_key, group_hash, amount, round_id, poll, stake_key,
            stake_hash, reference, ord)),
      bet_round as (
        select id, poll from lotto59_rounds
        where id in (select round_id from sub) and status = 'OPEN' and close_at_ms > cast(${nowMs} as bigint)
        for share),
      bet_sub as materialized (
        select sub.* from sub join bet_round on bet_round.id = sub.round_id and bet_round.poll = sub.poll
        where not exists (
          select 1 from lotto59_bet_groups g
          where g.player_id = sub.player_id and g.idempotency_key = sub.group_key)),
      ${stake},
      bet_group as (
        insert into lotto59_bet_groups (player_id, round_id, kind, idempotency_key, request_hash, amount,
          balance_after, stake_transfer_id, created_at_ms)
        select s.player_id, s.round_id, 'BET', s.group_key, s.group_hash, s.amount, stake.from_balance_after,
          stake.id, cast(${nowMs} as bigint)
        from stake join bet_sub s on s.stake_key = stake.idempotency_key
        order by s.ord
        returning id, player_id, balance_after),
      bet_rows as (
        insert into lotto59_bets (group_id, round_id, player_id, poll, type, post, number, numbers, amount,
          created_at_ms)
        select bet_group.id, s.round_id, s.player_id, s.poll, item.type, item.post, item.number, null,
          item.amount, cast(${nowMs} as bigint)
        from bet_group join bet_sub s on s.player_id = bet_group.player_id
          join unnest(cast(${items.map((x) => x.sub)} as bigint[]), cast(${items.map((x) => x.type)} as text[]),
            cast(${items.map((x) => x.post)} as text[]), cast(${items.map((x) => x.number)} as integer[]),
            cast(${items.map((x) => x.amount)} as bigint[]))
            with ordinality as item(sub, type, post, number, amount, ord) on item.sub = s.ord
        order by item.ord
        returning *)
      select bet_rows.*, bet_group.balance_after
      from bet_rows join bet_group on bet_group.id = bet_rows.group_id`.execute(this.db);
    return rows;
  }
}
