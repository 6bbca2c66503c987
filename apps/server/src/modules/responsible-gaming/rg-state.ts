import {
  RG_KINDS,
  RG_PERIODS,
  rgPeriodRange,
  rgUsed,
  type RgKind,
  type RgLimitState,
  type RgPeriod,
  type Riel,
} from '@lotto59/domain';

/** A player's `rg_players` row as read (migration 0019). */
export interface RgRow {
  player_id: number;
  break_until_ms: number | null;
  excluded_until_ms: number | null;
  reality_check_minutes: number;
  loss_day: Riel | null;
  loss_week: Riel | null;
  loss_month: Riel | null;
  wager_day: Riel | null;
  wager_week: Riel | null;
  wager_month: Riel | null;
  deposit_day: Riel | null;
  deposit_week: Riel | null;
  deposit_month: Riel | null;
  day_start_ms: number;
  week_start_ms: number;
  month_start_ms: number;
  day_wager: Riel;
  day_payout: Riel;
  day_deposit: Riel;
  week_wager: Riel;
  week_payout: Riel;
  week_deposit: Riel;
  month_wager: Riel;
  month_payout: Riel;
  month_deposit: Riel;
  updated_at_ms: number;
}

type Col = 'day' | 'week' | 'month';
const COL: Record<RgPeriod, Col> = { DAY: 'day', WEEK: 'week', MONTH: 'month' };
const KIND_COL: Record<RgKind, 'loss' | 'wager' | 'deposit'> = {
  LOSS: 'loss',
  WAGER: 'wager',
  DEPOSIT: 'deposit',
};

/** The column holding the limit of `kind` per `period`. */
export function limitColumn(kind: RgKind, period: RgPeriod): `${'loss' | 'wager' | 'deposit'}_${Col}` {
  return `${KIND_COL[kind]}_${COL[period]}`;
}

/** The counters of a period as they stand at `nowMs` (zero once the period the row counted is over). */
export function usageOf(row: RgRow | undefined, period: RgPeriod, nowMs: number) {
  const c = COL[period];
  if (!row || row[`${c}_start_ms`] < rgPeriodRange(period, nowMs).startMs) {
    return { wager: 0, payout: 0, deposit: 0 };
  }
  return { wager: row[`${c}_wager`], payout: row[`${c}_payout`], deposit: row[`${c}_deposit`] };
}

export function limitAmountOf(row: RgRow | undefined, kind: RgKind, period: RgPeriod): Riel | null {
  return row ? row[limitColumn(kind, period)] : null;
}

/** What the domain's rules judge: the play state and every limit set, with what it has used. */
export function rgStateOf(row: RgRow | undefined, nowMs: number) {
  const limits: RgLimitState[] = [];
  for (const kind of RG_KINDS) {
    for (const period of RG_PERIODS) {
      const amount = limitAmountOf(row, kind, period);
      if (amount !== null)
        limits.push({ kind, period, amount, used: rgUsed(kind, usageOf(row, period, nowMs)) });
    }
  }
  return {
    breakUntilMs: row?.break_until_ms ?? null,
    excludedUntilMs: row?.excluded_until_ms ?? null,
    limits,
  };
}
