import { sql, type RawBuilder } from 'kysely';
import { rgPeriodStarts } from '@lotto59/domain';
import { current, judgeConditions, pgStatement, PERIODS } from './rg.counters.repository';

/**
 * Responsible gaming inside a PostgreSQL batch statement of stakes (lotto 59's group commit): no round
 * trip of its own. `judge` locks the `rg_players` rows of the batch's players (FOR UPDATE: a concurrent
 * stake of the same player waits, and the conditions are then evaluated on the row it committed) and
 * drops every submission that does not fit; the game takes its stakes from `out` only, and `count` adds
 * the stakes actually taken to the counters. A dropped submission takes the exact path, whose
 * `RgGuard.stakeByStatement` answers with the refusal.
 *
 * `source` has one row per player at most: `player_id`, `amount`, `stake_key`; `taken(stake_key)` the
 * stakes written.
 */
export function rgBatchCtes(c: { source: string; out: string; nowMs: number }): {
  judge: RawBuilder<unknown>;
  count: (taken: string) => RawBuilder<unknown>;
} {
  const starts = rgPeriodStarts(c.nowMs);
  const params = { now: c.nowMs, ds: starts.DAY, ws: starts.WEEK, ms: starts.MONTH };
  const source = sql.table(c.source);
  const out = sql.table(c.out);
  const ok = judgeConditions('STAKE', 'greatest', 's.amount').join(' and ');
  const judge = sql`
    rg_lock as (
      select rg_players.player_id, ${pgStatement(ok, params)} as ok
      from rg_players join ${source} s on s.player_id = rg_players.player_id
      for update of rg_players),
    ${out} as (
      select s.* from ${source} s
      where not exists (select 1 from rg_lock l where l.player_id = s.player_id and not l.ok))`;
  const set = PERIODS.flatMap((period) => [
    `${period}_wager = ${current(period, 'wager')} + excluded.${period}_wager`,
    `${period}_payout = ${current(period, 'payout')}`,
    `${period}_deposit = ${current(period, 'deposit')}`,
    `${period}_start_ms = greatest(rg_players.${period}_start_ms, :${{ day: 'ds', week: 'ws', month: 'ms' }[period]})`,
  ]).join(', ');
  const count = (taken: string) => sql`
    rg_count as (
      insert into rg_players (player_id, day_start_ms, week_start_ms, month_start_ms,
        day_wager, week_wager, month_wager, updated_at_ms)
      select s.player_id, cast(${starts.DAY} as bigint), cast(${starts.WEEK} as bigint),
        cast(${starts.MONTH} as bigint), s.amount, s.amount, s.amount, cast(${c.nowMs} as bigint)
      from ${out} s join ${sql.table(taken)} t on t.idempotency_key = s.stake_key
      on conflict (player_id) do update set ${pgStatement(set, params)}, updated_at_ms = excluded.updated_at_ms)`;
  return { judge, count };
}
