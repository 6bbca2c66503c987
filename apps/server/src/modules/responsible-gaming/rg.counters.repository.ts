import { sql, type RawBuilder } from 'kysely';
import { rgPeriodStarts, type RgCounts } from '@lotto59/domain';
import type { Executor } from '../../db/database';
import type { RgRow } from './rg-state';
import { pgArray } from '../../db/pg-array';

// The check and the count of responsible gaming as ONE conditional upsert of the player's `rg_players`
// row: the counters of the day, week and month move on (a new period starts them at zero) and the
// movement is added; for a stake or a deposit, the row changes only if the player is on no break, no
// exclusion, and every applicable limit has room for the amount. The statement judges and counts under the
// row's lock (PostgreSQL) or the single writer (SQLite), so two stakes can never both squeeze under a limit.
// No row answered = refused; the caller then reads the row to say why (the refusal path only).

export type RgJudge = 'STAKE' | 'DEPOSIT' | 'NONE';

export const PERIODS = ['day', 'week', 'month'] as const;

/** The parameters every statement takes, by name. */
interface RgParams {
  player: number;
  now: number;
  ds: number;
  ws: number;
  ms: number;
  w: number;
  p: number;
  d: number;
}

export function paramsOf(playerId: number, counts: RgCounts, nowMs: number): RgParams {
  const starts = rgPeriodStarts(nowMs);
  return {
    player: playerId,
    now: nowMs,
    ds: starts.DAY,
    ws: starts.WEEK,
    ms: starts.MONTH,
    w: counts.wager,
    p: counts.payout,
    d: counts.deposit,
  };
}

const START_PARAM = { day: 'ds', week: 'ws', month: 'ms' } as const;

/** A counter of the row as it stands in the current period (zero once its period is over). */
export function current(period: (typeof PERIODS)[number], counter: 'wager' | 'payout' | 'deposit'): string {
  return `(case when rg_players.${period}_start_ms >= :${START_PARAM[period]} then rg_players.${period}_${counter} else 0 end)`;
}

/**
 * What a stake (or a deposit) of `amount` (an SQL expression) must meet on the row `rg_players`: no break,
 * no exclusion, room under every wager and loss limit (a negative loss gives no extra room); for a deposit,
 * room under every deposit limit. Parameters `:now`, `:ds`, `:ws`, `:ms`.
 */
export function judgeConditions(
  judge: 'STAKE' | 'DEPOSIT',
  max: 'max' | 'greatest',
  amount: string,
): string[] {
  const conditions: string[] = [];
  if (judge === 'STAKE') {
    conditions.push(
      '(rg_players.excluded_until_ms is null or rg_players.excluded_until_ms <= :now)',
      '(rg_players.break_until_ms is null or rg_players.break_until_ms <= :now)',
    );
    for (const period of PERIODS) {
      const wager = current(period, 'wager');
      conditions.push(
        `(rg_players.wager_${period} is null or ${wager} + ${amount} <= rg_players.wager_${period})`,
        `(rg_players.loss_${period} is null or ${max}(${wager} - ${current(period, 'payout')}, 0) + ${amount} <= rg_players.loss_${period})`,
      );
    }
  } else {
    for (const period of PERIODS) {
      conditions.push(
        `(rg_players.deposit_${period} is null or ${current(period, 'deposit')} + ${amount} <= rg_players.deposit_${period})`,
      );
    }
  }
  return conditions;
}

/**
 * The SQL text with `:name` parameters; `max` is the dialect's two-argument maximum. `conditional`: the row
 * is written only when `:only_if` holds (PostgreSQL, a condition of the caller's statement, `pgStatement`).
 */
export function upsertText(
  judge: RgJudge,
  max: 'max' | 'greatest',
  returning: boolean,
  conditional = false,
): string {
  const set = PERIODS.flatMap((period) => [
    `${period}_wager = ${current(period, 'wager')} + :w`,
    `${period}_payout = ${current(period, 'payout')} + :p`,
    `${period}_deposit = ${current(period, 'deposit')} + :d`,
    `${period}_start_ms = ${max}(rg_players.${period}_start_ms, :${START_PARAM[period]})`,
  ]);
  const conditions = judge === 'NONE' ? [] : judgeConditions(judge, max, judge === 'STAKE' ? ':w' : ':d');
  return `insert into rg_players (player_id, day_start_ms, week_start_ms, month_start_ms,
      day_wager, day_payout, day_deposit, week_wager, week_payout, week_deposit,
      month_wager, month_payout, month_deposit, updated_at_ms)
    ${conditional ? 'select ' : 'values ('}:player, :ds, :ws, :ms, :w, :p, :d, :w, :p, :d, :w, :p, :d, :now${
      conditional ? ' where :only_if' : ')'
    }
    on conflict (player_id) do update set ${set.join(', ')}, updated_at_ms = :now
    ${conditions.length > 0 ? `where ${conditions.join(' and ')}` : ''}
    ${returning ? 'returning player_id' : ''}`;
}

/** PostgreSQL: the text with each `:name` bound as a bigint parameter, and `:only_if` as `onlyIf`. */
export function pgStatement(
  text: string,
  params: Partial<RgParams>,
  onlyIf?: RawBuilder<boolean>,
): RawBuilder<{ player_id: number }> {
  const parts = text.split(/:(\w+)/);
  const pieces: RawBuilder<unknown>[] = parts.map((part, i) => {
    if (i % 2 === 0) return sql.raw(part);
    if (part === 'only_if') {
      if (!onlyIf) throw new Error('responsible gaming: a conditional upsert without its condition');
      return onlyIf;
    }
    return sql`cast(${params[part as keyof RgParams] ?? null} as bigint)`;
  });
  return sql<{ player_id: number }>`${sql.join(pieces, sql``)}`;
}

const PG_TEXT = {
  STAKE: upsertText('STAKE', 'greatest', true),
  DEPOSIT: upsertText('DEPOSIT', 'greatest', true),
  NONE: upsertText('NONE', 'greatest', true),
  /** A count made only when the caller's condition holds. */
  NONE_IF: upsertText('NONE', 'greatest', true, true),
};

/** PostgreSQL: the judge-and-count of one movement as the CTE `rg_stake` of a caller's statement. */
export function rgStakeCtePg(
  judge: RgJudge,
  playerId: number,
  counts: RgCounts,
  nowMs: number,
): RawBuilder<unknown> {
  return sql`rg_stake as (${pgStatement(PG_TEXT[judge], paramsOf(playerId, counts, nowMs))})`;
}

/**
 * PostgreSQL: the count of a payout (never refused) as the CTE `rg_count` of a caller's statement, made only
 * when `onlyIf` holds (a win's claim took). The caller's credit is made conditional on `RG_COUNTED`, so the
 * rg row is locked before the account, as on every path.
 */
export function rgCountCtePg(
  playerId: number,
  counts: RgCounts,
  nowMs: number,
  onlyIf: RawBuilder<boolean>,
): RawBuilder<unknown> {
  return sql`rg_count as (${pgStatement(PG_TEXT.NONE_IF, paramsOf(playerId, counts, nowMs), onlyIf)})`;
}

/** The condition a one-statement credit puts on its player half: `rg_count` counted the payout. */
export const RG_COUNTED = sql<boolean>`exists (select 1 from rg_count)`;

/** The condition a one-statement debit puts on its player half: `rg_stake` took the stake. */
export const RG_STAKE_TAKEN = sql<boolean>`exists (select 1 from rg_stake)`;

/** PostgreSQL: judges and counts one movement inside the caller's transaction; false = refused. */
export async function rgUpsertPg(
  ex: Executor,
  judge: RgJudge,
  playerId: number,
  counts: RgCounts,
  nowMs: number,
): Promise<boolean> {
  const { rows } = await pgStatement(PG_TEXT[judge], paramsOf(playerId, counts, nowMs)).execute(ex);
  return rows.length > 0;
}

/** The whole row of a player (the refusal's reasons, the player's page); undefined before their first movement. */
export async function findRgRow(ex: Executor, playerId: number): Promise<RgRow | undefined> {
  return ex.selectFrom('rg_players').selectAll().where('player_id', '=', playerId).executeTakeFirst();
}

/**
 * PostgreSQL: adds many players' payouts in one statement (settlement), rows in player order so that two
 * settlements lock them in the same order. Never refused.
 */
export async function rgCountManyPg(
  ex: Executor,
  rows: readonly { playerId: number; counts: RgCounts }[],
  nowMs: number,
): Promise<void> {
  if (rows.length === 0) return;
  const starts = rgPeriodStarts(nowMs);
  const params = { now: nowMs, ds: starts.DAY, ws: starts.WEEK, ms: starts.MONTH };
  const set = PERIODS.flatMap((period) => [
    `${period}_wager = ${current(period, 'wager')} + excluded.${period}_wager`,
    `${period}_payout = ${current(period, 'payout')} + excluded.${period}_payout`,
    `${period}_deposit = ${current(period, 'deposit')} + excluded.${period}_deposit`,
    `${period}_start_ms = greatest(rg_players.${period}_start_ms, :${START_PARAM[period]})`,
  ]).join(', ');
  const sorted = [...rows].sort((a, b) => a.playerId - b.playerId);
  const col = (pick: (r: (typeof sorted)[number]) => number) => sorted.map(pick);
  await sql`
    insert into rg_players (player_id, day_start_ms, week_start_ms, month_start_ms,
      day_wager, day_payout, day_deposit, week_wager, week_payout, week_deposit,
      month_wager, month_payout, month_deposit, updated_at_ms)
    select x.p, cast(${starts.DAY} as bigint), cast(${starts.WEEK} as bigint), cast(${starts.MONTH} as bigint),
      x.w, x.pay, x.d, x.w, x.pay, x.d, x.w, x.pay, x.d, cast(${nowMs} as bigint)
    from unnest(cast(${pgArray(col((r) => r.playerId))} as bigint[]), cast(${pgArray(col((r) => r.counts.wager))} as bigint[]),
      cast(${pgArray(col((r) => r.counts.payout))} as bigint[]), cast(${pgArray(col((r) => r.counts.deposit))} as bigint[]))
      as x(p, w, pay, d)
    order by x.p
    on conflict (player_id) do update set ${pgStatement(set, params)}, updated_at_ms = excluded.updated_at_ms`.execute(
    ex,
  );
}
