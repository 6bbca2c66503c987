import type { Riel } from '@lotto59/domain';
import { sql } from 'kysely';
import type { Executor } from '../../../db/database';

// All SQL of lottery settlement and voiding: set-based statements over one draw's rows.

const CHUNK = 500;

/** The draw's live items, with what settlement needs to score them. */
export async function liveItemsOfDraw(ex: Executor, drawId: number) {
  return ex
    .selectFrom('lottery_items')
    .select(['id', 'bet_type', 'posts', 'numbers', 'amount'])
    .where('draw_id', '=', drawId)
    .where('status', '=', 'OPEN')
    .orderBy('id')
    .execute();
}

/** The winning items, a chunk of rows per statement (one CASE per column). */
export async function markItemsWon(
  ex: Executor,
  winners: readonly { id: number; payout: Riel; hits: string }[],
  nowMs: number,
): Promise<void> {
  for (let i = 0; i < winners.length; i += CHUNK) {
    const chunk = winners.slice(i, i + CHUNK);
    const payout = sql.join(
      chunk.map((w) => sql`when ${w.id} then cast(${w.payout} as bigint)`),
      sql` `,
    );
    const hits = sql.join(
      chunk.map((w) => sql`when ${w.id} then cast(${w.hits} as text)`),
      sql` `,
    );
    await ex
      .updateTable('lottery_items')
      .set({
        status: 'WON',
        payout: sql<Riel>`case id ${payout} end`,
        hits: sql<string>`case id ${hits} end`,
        paid_at_ms: nowMs,
      })
      .where(
        'id',
        'in',
        chunk.map((w) => w.id),
      )
      .where('status', '=', 'OPEN')
      .execute();
  }
}

/** Every item still OPEN after the winners: LOST, in one statement. */
export async function markRestLost(ex: Executor, drawId: number): Promise<number> {
  const res = await ex
    .updateTable('lottery_items')
    .set({ status: 'LOST', hits: '[]' })
    .where('draw_id', '=', drawId)
    .where('status', '=', 'OPEN')
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** Each live ticket's payout is the sum of its items'; WON when positive, else LOST. One statement. */
export async function settleTickets(ex: Executor, drawId: number, nowMs: number): Promise<void> {
  const payout = sql<Riel>`(select coalesce(sum(i.payout), 0) from lottery_items i where i.ticket_id = lottery_tickets.id)`;
  await ex
    .updateTable('lottery_tickets')
    .set({
      payout,
      status: sql<'WON' | 'LOST'>`case when ${payout} > 0 then 'WON' else 'LOST' end`,
      settled_at_ms: nowMs,
    })
    .where('draw_id', '=', drawId)
    .where('status', '=', 'OPEN')
    .execute();
}

/** The tickets a settled draw pays: one ledger transfer each. */
export async function wonTicketsOfDraw(ex: Executor, drawId: number) {
  return ex
    .selectFrom('lottery_tickets')
    .select(['id', 'player_id', 'payout'])
    .where('draw_id', '=', drawId)
    .where('status', '=', 'WON')
    .orderBy('id')
    .execute();
}

/** The draw's live tickets with what they hold (net of their live items): what a void refunds. */
export async function liveTicketsOfDraw(ex: Executor, drawId: number) {
  return ex
    .selectFrom('lottery_tickets')
    .select(['id', 'player_id', 'net_amount'])
    .where('draw_id', '=', drawId)
    .where('status', '=', 'OPEN')
    .orderBy('id')
    .execute();
}

export async function voidDrawRows(ex: Executor, drawId: number): Promise<number> {
  const items = await ex
    .updateTable('lottery_items')
    .set({ status: 'VOID' })
    .where('draw_id', '=', drawId)
    .where('status', '=', 'OPEN')
    .executeTakeFirst();
  await ex
    .updateTable('lottery_tickets')
    .set({ status: 'VOID' })
    .where('draw_id', '=', drawId)
    .where('status', '=', 'OPEN')
    .execute();
  return Number(items.numUpdatedRows);
}
