import { sql } from 'kysely';
import type { Db } from '../../../db/database';
import { rgBatchCtes } from '../../responsible-gaming/responsible-gaming.public';
import type { PgStakeStatement } from '../../wallet/wallet.public';
import type { BetPlan } from './bet-plan';
import type { BetRow } from './bets.repository';
import { pgArray } from '../../../db/pg-array';

export type WrittenBetRow = BetRow & { balance_after: number };

/**
 * ONE statement for a PostgreSQL batch of bet submissions (at most one per player): the round under a
 * share lock, the idempotency check, the wallet's stake CTEs (`statement.ctes`), the groups and the bets.
 * Returns the bet rows written, with their group's balance after; a submission without rows was not
 * written (a replay, no money, a closed round) and goes to the exact writer.
 */
export async function insertBetBatch(
  db: Db,
  subs: readonly { playerId: number; key: string; plan: BetPlan }[],
  statement: PgStakeStatement,
): Promise<WrittenBetRow[]> {
  const { nowMs, stakes } = statement;
  const items = subs.flatMap((s, i) => s.plan.bets.map((b) => ({ sub: i + 1, ...b })));
  const column = <T>(pick: (s: (typeof subs)[number], i: number) => T) => subs.map(pick);
  const stake = (i: number) => stakes[i]!;
  // Responsible gaming in the same statement: a submission over a limit, or of a player on a break or
  // excluded, is left out (the exact writer answers its refusal); the stakes taken are counted.
  const rg = rgBatchCtes({ source: 'bet_sub', out: 'bet_sub_rg', nowMs });
  const { rows } = await sql<WrittenBetRow>`
    with
    sub as (
      select * from unnest(
        cast(${pgArray(column((s) => s.playerId))} as bigint[]),
        cast(${pgArray(column((_, i) => stake(i).playerAccountId))} as bigint[]),
        cast(${pgArray(column((s) => s.key))} as text[]),
        cast(${pgArray(column((s) => s.plan.requestHash))} as text[]),
        cast(${pgArray(column((s) => s.plan.totalRiel))} as bigint[]),
        cast(${pgArray(column((s) => s.plan.roundId))} as bigint[]),
        cast(${pgArray(column((s) => s.plan.poll))} as text[]),
        cast(${pgArray(column((_, i) => stake(i).idempotencyKey))} as text[]),
        cast(${pgArray(column((_, i) => stake(i).requestHash))} as text[]),
        cast(${pgArray(column((_, i) => stake(i).reference))} as text[]))
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
    ${rg.judge},
    ${statement.ctes('bet_sub_rg')},
    ${rg.count('stake')},
    bet_group as (
      insert into lotto59_bet_groups (player_id, round_id, kind, idempotency_key, request_hash, amount,
        balance_after, stake_transfer_id, created_at_ms)
      select s.player_id, s.round_id, 'BET', s.group_key, s.group_hash, s.amount, stake.from_balance_after,
        stake.id, cast(${nowMs} as bigint)
      from stake join bet_sub_rg s on s.stake_key = stake.idempotency_key
      order by s.ord
      returning id, player_id, balance_after),
    bet_rows as (
      insert into lotto59_bets (group_id, round_id, player_id, poll, type, post, number, numbers, amount,
        rate_hundredths, created_at_ms)
      select bet_group.id, s.round_id, s.player_id, s.poll, item.type, item.post, item.number, null,
        item.amount, item.rate_hundredths, cast(${nowMs} as bigint)
      from bet_group join bet_sub_rg s on s.player_id = bet_group.player_id
        join unnest(
          cast(${pgArray(items.map((x) => x.sub))} as bigint[]),
          cast(${pgArray(items.map((x) => x.type))} as text[]),
          cast(${pgArray(items.map((x) => x.post))} as text[]),
          cast(${pgArray(items.map((x) => x.number))} as integer[]),
          cast(${pgArray(items.map((x) => x.amount))} as bigint[]),
          cast(${pgArray(items.map((x) => x.rateHundredths))} as integer[]))
          with ordinality as item(sub, type, post, number, amount, rate_hundredths, ord) on item.sub = s.ord
      order by item.ord
      returning *)
    select bet_rows.*, bet_group.balance_after
    from bet_rows join bet_group on bet_group.id = bet_rows.group_id`.execute(db);
  return rows;
}
