/**
 * The ticket lottery's vocabularies and default configuration (lottery.md §1–§5). The server turns the defaults
 * into configuration and passes them in; nothing here reads the environment or the clock.
 */

/** lottery.md §1: VN = Vietnamese results as Cambodian agents sell them, KH = Khmer, TN = our hourly house game. */
export const LOTTERY_GAME_TYPES = ['VN', 'TN', 'KH'] as const;
export type LotteryGameType = (typeof LOTTERY_GAME_TYPES)[number];

/** The four printed sheets (§2). VN_SOUTH serves VN-S and VN-C, VN_NORTH serves VN-N. */
export const SHEET_LAYOUTS = ['VN_SOUTH', 'VN_NORTH', 'KH', 'TN'] as const;
export type SheetLayout = (typeof SHEET_LAYOUTS)[number];

/** 2D and 3D bets are checked on the last 2 or 3 digits of a line (§3). */
export const LOTTERY_BET_TYPES = ['2D', '3D'] as const;
export type LotteryBetType = (typeof LOTTERY_BET_TYPES)[number];
export const BET_TYPE_DIGITS = { '2D': 2, '3D': 3 } as const satisfies Record<LotteryBetType, number>;

/** Post letters; ROLL ("bao lô") is every line with enough digits and never combines with a letter (§3–§4). */
export const LOTTERY_POST_LETTERS = ['A', 'B', 'C', 'D', 'E'] as const;
export type LotteryPostLetter = (typeof LOTTERY_POST_LETTERS)[number];
export const ROLL = 'ROLL';
export type LotteryPost = LotteryPostLetter | typeof ROLL;

/** §6: draw rows move OPEN → CLOSED (cut-off) → DRAWN (sheet stored) → SETTLED, or to VOID (no result). */
export const LOTTERY_DRAW_STATUSES = ['OPEN', 'CLOSED', 'DRAWN', 'SETTLED', 'VOID'] as const;
export type LotteryDrawStatus = (typeof LOTTERY_DRAW_STATUSES)[number];

export const LOTTERY_TICKET_STATUSES = ['OPEN', 'CLOSED', 'WON', 'LOST', 'DELETED', 'VOID'] as const;
export type LotteryTicketStatus = (typeof LOTTERY_TICKET_STATUSES)[number];

export const LOTTERY_ITEM_STATUSES = ['OPEN', 'DELETED', 'WON', 'LOST', 'VOID'] as const;
export type LotteryItemStatus = (typeof LOTTERY_ITEM_STATUSES)[number];

/** §7: where a draw's sheet comes from. */
export const LOTTERY_RESULT_SOURCES = ['ENGINE', 'FEED', 'MANUAL'] as const;
export type LotteryResultSource = (typeof LOTTERY_RESULT_SOURCES)[number];

/** Named in every engine-drawn result so that a later algorithm can live beside this one. */
export const LOTTERY_SHEET_ALGORITHM = 'lottery-sheet-v1';

/**
 * §4 package: `price` is the payout multiple of the amount per hit, `rate` the percent of the face the player
 * pays. 75 / 650 are the lô-đề multiples; rate 80 is our default (rsokkheng seeds 76; open question Q1).
 */
export interface LotteryPricing {
  readonly price: Readonly<Record<LotteryBetType, number>>;
  /** Whole percent, 1…100. */
  readonly rate: number;
}

export const DEFAULT_LOTTERY_PRICING: LotteryPricing = {
  price: { '2D': 75, '3D': 650 },
  rate: 80,
};

/** §5 limits; amounts are riel per number per line. */
export interface LotteryLimits {
  readonly minAmount: number;
  readonly maxAmount: Readonly<Record<LotteryBetType, number>>;
  /** All players' amounts on one number on one line of one draw: bounds the house's worst line. */
  readonly maxFacePerNumber: Readonly<Record<LotteryBetType, number>>;
  readonly maxNumbersPerItem: Readonly<Record<LotteryBetType, number>>;
  readonly maxItemsPerTicket: number;
}

export const DEFAULT_LOTTERY_LIMITS: LotteryLimits = {
  minAmount: 100,
  maxAmount: { '2D': 100_000, '3D': 20_000 },
  maxFacePerNumber: { '2D': 2_000_000, '3D': 200_000 },
  maxNumbersPerItem: { '2D': 100, '3D': 1000 },
  maxItemsPerTicket: 50,
};
