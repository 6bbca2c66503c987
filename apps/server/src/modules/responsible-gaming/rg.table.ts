import type { ColumnType } from 'kysely';
import type { Riel } from '@lotto59/domain';

type Counter = ColumnType<Riel, Riel | undefined, Riel>;
type Limit = ColumnType<Riel | null, Riel | null | undefined, Riel | null>;

/** One row per player: play state, the nine limits and the current periods' counters (migration 0019). */
export interface RgPlayersTable {
  player_id: number;
  break_until_ms: ColumnType<number | null, number | null | undefined, number | null>;
  excluded_until_ms: ColumnType<number | null, number | null | undefined, number | null>;
  reality_check_minutes: ColumnType<number, number | undefined, number>;
  loss_day: Limit;
  loss_week: Limit;
  loss_month: Limit;
  wager_day: Limit;
  wager_week: Limit;
  wager_month: Limit;
  deposit_day: Limit;
  deposit_week: Limit;
  deposit_month: Limit;
  day_start_ms: ColumnType<number, number | undefined, number>;
  week_start_ms: ColumnType<number, number | undefined, number>;
  month_start_ms: ColumnType<number, number | undefined, number>;
  day_wager: Counter;
  day_payout: Counter;
  day_deposit: Counter;
  week_wager: Counter;
  week_payout: Counter;
  week_deposit: Counter;
  month_wager: Counter;
  month_payout: Counter;
  month_deposit: Counter;
  updated_at_ms: ColumnType<number, number | undefined, number>;
}

export interface RgPendingTable {
  player_id: number;
  kind: 'LOSS' | 'WAGER' | 'DEPOSIT';
  period: 'DAY' | 'WEEK' | 'MONTH';
  amount: Riel | null;
  effective_at_ms: number;
  confirm_by_ms: number;
  created_at_ms: number;
}
