import type {
  BandBetType,
  BetStatus,
  BetType,
  OverUnderBetType,
  Pool,
  Post,
  Riel,
  RoundStatus,
} from '@lotto59/domain';
import type { Generated } from 'kysely';

/** Row types of the lotto 59 tables (migration 0003-lotto59). Times are epoch ms, money whole riel. */

/**
 * What a settled round's bets read their outcome from (decision 0027, migration 0009): written once by
 * settlement, null before.
 */
export interface RoundOutcome {
  winning_band: BandBetType | null;
  winning_side: OverUnderBetType | null;
  /** The balls at posts A–E (draw positions 1–5). */
  ball_a: number | null;
  ball_b: number | null;
  ball_c: number | null;
  ball_d: number | null;
  ball_e: number | null;
  /** The rates in force at settlement, of the winning band, the winning side and NUMBER. */
  band_rate_hundredths: number | null;
  side_rate_hundredths: number | null;
  number_rate_hundredths: number | null;
}

export interface RoundsTable extends RoundOutcome {
  id: Generated<number>;
  poll: Pool;
  status: RoundStatus;
  opened_at_ms: number;
  close_at_ms: number;
  first_ball_at_ms: number;
  ball_interval_ms: number;
  /** The last ball is out: the result and the seed become public. */
  reveal_at_ms: number;
  settle_at_ms: number;
  server_seed: string;
  server_seed_hash: string;
  /** `"3,14,15,…"` in draw order, set once when the release starts. */
  numbers: string | null;
  total: number | null;
  drawn_at_ms: number | null;
  settled_at_ms: number | null;
  voided_at_ms: number | null;
}

export type BetGroupKind = 'BET' | 'JACKPOT';

export interface BetGroupsTable {
  id: Generated<number>;
  player_id: number;
  round_id: number;
  kind: BetGroupKind;
  idempotency_key: string;
  request_hash: string;
  amount: Riel;
  balance_after: Riel;
  stake_transfer_id: number;
  created_at_ms: number;
}

export interface BetsTable {
  id: Generated<number>;
  group_id: number;
  round_id: number;
  player_id: number;
  poll: Pool;
  type: BetType;
  post: Post | null;
  number: number | null;
  /** A jackpot line, `"3,14,15,26,59"`. */
  numbers: string | null;
  amount: Riel;
  /**
   * The rate of the bet's type when it was sold, in hundredths (migration 0014): what it is paid at. Null
   * for a jackpot line (paid by tiers) and for bets sold before the migration (paid at the round's rate).
   */
  rate_hundredths: number | null;
  payout: Generated<Riel>;
  jackpot_win_amount: Generated<Riel>;
  jackpot_result: number | null;
  jackpot_tier: number | null;
  status: Generated<'PENDING' | Exclude<BetStatus, 'PENDING'>>;
  created_at_ms: number;
  settled_at_ms: number | null;
}

export interface PlayerPoolsTable {
  player_id: number;
  poll: Pool;
  updated_at_ms: number;
}

export interface JackpotWinnersTable {
  id: Generated<number>;
  round_id: number;
  bet_id: number;
  player_id: number;
  tier: 1 | 2;
  amount: Riel;
  created_at_ms: number;
}
