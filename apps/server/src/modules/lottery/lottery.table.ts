import type {
  LotteryBetType,
  LotteryGameType,
  LotteryItemStatus,
  LotteryResultSource,
  Riel,
  SheetLayout,
} from '@lotto59/domain';
import type { Generated } from 'kysely';

/** Row types of the ticket lottery (migration 0006-lottery). Times are epoch ms, money whole riel. */

/**
 * What a draw row stores. CLOSED is not stored: an OPEN row past its cut-off is shown CLOSED (draw-view.ts),
 * so the cut-off needs no writer and cannot be missed by a stopped scheduler.
 */
export type StoredDrawStatus = 'OPEN' | 'DRAWN' | 'SETTLED' | 'VOID';

export interface LotteryDrawsTable {
  id: Generated<number>;
  /** Draw code prefix of the schedule (`VN-S`, `KH-4`, `TN`): with draw_at_ms, what makes a draw unique. */
  series: string;
  type: LotteryGameType;
  layout: SheetLayout;
  code: string;
  draw_at_ms: number;
  cutoff_at_ms: number;
  status: StoredDrawStatus;
  source: LotteryResultSource;
  /** Secret until DRAWN; null for a feed-sourced draw (no seed). */
  server_seed: string | null;
  server_seed_hash: string | null;
  /** JSON `SheetLine[]`, written once (a trigger forbids changing it). */
  sheet: string | null;
  /** Feed: the complete sheet held before it is accepted (JSON `SheetLine[]`). */
  feed_sheet: string | null;
  /** Feed: when a complete sheet was first seen; it settles LOTTERY_FEED_CONFIRM_MINUTES later. */
  sheet_seen_at_ms: number | null;
  drawn_at_ms: number | null;
  settled_at_ms: number | null;
  voided_at_ms: number | null;
  created_at_ms: number;
}

/** Stored ticket statuses; CLOSED is shown for an OPEN ticket past its draw's cut-off. */
export type StoredTicketStatus = 'OPEN' | 'DELETED' | 'WON' | 'LOST' | 'VOID';

export interface LotteryTicketsTable {
  id: Generated<number>;
  player_id: number;
  draw_id: number;
  type: LotteryGameType;
  /** The client's idempotency key, unique per player; the hash refuses the same key with another body. */
  request_id: string;
  request_hash: string;
  status: StoredTicketStatus;
  /** Sums over the live items. */
  total_amount: Riel;
  discount: Riel;
  net_amount: Riel;
  payout: Riel;
  created_at_ms: number;
  settled_at_ms: number | null;
}

export interface LotteryItemsTable {
  id: Generated<number>;
  ticket_id: number;
  player_id: number;
  draw_id: number;
  bet_type: LotteryBetType;
  /** Comma-separated posts in A–E order, or `ROLL`. */
  posts: string;
  /** Comma-separated expanded numbers, ascending. */
  numbers: string;
  permute: 0 | 1;
  amount: Riel;
  /**
   * The payout multiple of the bet type when the item was sold (migration 0014): what it is paid at. Null
   * for items sold before the migration, which are paid at the prices in force when their draw settles.
   */
  price: number | null;
  lines: number;
  face_amount: Riel;
  discount: Riel;
  net_amount: Riel;
  status: LotteryItemStatus;
  payout: Riel;
  /** JSON `{code,index,number}[]` once settled. */
  hits: string | null;
  paid_at_ms: number | null;
  deleted_at_ms: number | null;
  hidden_at_ms: number | null;
}

/**
 * A winning item, written once by settlement (docs/decisions/0036): its item reads WON with this payout,
 * hits and time, whatever the item's stored status (OPEN).
 */
export interface LotteryItemWinsTable {
  item_id: number;
  player_id: number;
  payout: Riel;
  /** JSON `{code,index,number}[]`. */
  hits: string;
  paid_at_ms: number;
}

/** All players' amounts on one number of one line code of one draw and bet type (the §5 cap). */
export interface LotteryExposureTable {
  draw_id: number;
  bet_type: LotteryBetType;
  line_code: string;
  number: string;
  /** Riel, as a plain sum compared with the cap. */
  placed: number;
}
