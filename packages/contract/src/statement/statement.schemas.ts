import { z } from 'zod/mini';
import { localDateSchema, pageMetaSchema, pageQuerySchema } from '../common/envelope';
import { rielSchema } from '../common/money';

// `GET /api/statement` and `GET /api/statement.csv` (issue 25, item 1): every ledger movement of the caller,
// across every product, newest first. Read from the ledger's own rows, so `balance_after` is the balance the
// top bar shows after that movement (docs/decisions/0049-player-statement.md).

/** The product a movement belongs to: the games, the cashier, and the lotto 59 jackpot pool. */
export const STATEMENT_PRODUCTS = [
  'LOTTO59',
  'LOTTERY',
  'CASINO',
  'SLOT',
  'FISHING',
  'SPORT',
  'CASHIER',
  'JACKPOT',
] as const;
export type StatementProduct = (typeof STATEMENT_PRODUCTS)[number];

/**
 * What the movement was, from the player's side: a stake taken, a payout, a refund (a void or a deleted
 * ticket), a provider's rollback of a bet (or the reversal of a fishing transfer that never arrived), the
 * cashier's deposit and withdrawal, and money moved into (TRANSFER_IN) and out of (TRANSFER_OUT) a
 * transfer-wallet game.
 */
export const STATEMENT_KINDS = [
  'STAKE',
  'PAYOUT',
  'REFUND',
  'ROLLBACK',
  'DEPOSIT',
  'WITHDRAW',
  'TRANSFER_IN',
  'TRANSFER_OUT',
] as const;
export type StatementKind = (typeof STATEMENT_KINDS)[number];

/**
 * What a movement belongs to, for the app to link to that product's detail: a lotto 59 ticket (a
 * submission) or round, a lottery ticket or draw, a provider's round (a sport slip is its round), a fishing
 * transfer. Null for the cashier's movements.
 */
export const STATEMENT_REFERENCE_TYPES = [
  'LOTTO59_TICKET',
  'LOTTO59_ROUND',
  'LOTTERY_TICKET',
  'LOTTERY_DRAW',
  'PROVIDER_ROUND',
  'FISHING_TRANSFER',
] as const;
export type StatementReferenceType = (typeof STATEMENT_REFERENCE_TYPES)[number];

/** The longest range one CSV file covers (a year, a leap day included). */
export const STATEMENT_CSV_MAX_DAYS = 366;

const statementFilter = {
  from: z.optional(localDateSchema),
  to: z.optional(localDateSchema),
  product: z.optional(z.enum(STATEMENT_PRODUCTS)),
  kind: z.optional(z.enum(STATEMENT_KINDS)),
};

/** `GET /api/statement`: the list envelope's page query and the date-range rules of the other lists. */
export const statementQuerySchema = z.strictObject({ ...statementFilter, ...pageQuerySchema });
export type StatementQuery = z.infer<typeof statementQuerySchema>;

export const STATEMENT_CSV_LANGS = ['km', 'en'] as const;
export type StatementCsvLang = (typeof STATEMENT_CSV_LANGS)[number];

/**
 * `GET /api/statement.csv`: the same filters, both dates required (at most `STATEMENT_CSV_MAX_DAYS`, else
 * 422 on `to`), and the language of the headers and product/kind names (the page's; Khmer by default).
 */
export const statementCsvQuerySchema = z.strictObject({
  ...statementFilter,
  from: localDateSchema,
  to: localDateSchema,
  lang: z._default(z.enum(STATEMENT_CSV_LANGS), 'km'),
});
export type StatementCsvQuery = z.infer<typeof statementCsvQuerySchema>;

export const statementReferenceSchema = z.object({
  type: z.enum(STATEMENT_REFERENCE_TYPES),
  id: z.string(),
});
export type StatementReference = z.infer<typeof statementReferenceSchema>;

export const statementRowSchema = z.object({
  /** The ledger transfer's id (what `GET /api/ledger/proof/{transfer_id}` takes). */
  id: z.number().check(z.int()),
  at: z.string(),
  product: z.enum(STATEMENT_PRODUCTS),
  kind: z.enum(STATEMENT_KINDS),
  reference: z.nullable(statementReferenceSchema),
  /** Signed, the player's view: negative when money left the player's balance. */
  amount: rielSchema,
  /** The player's balance right after this movement (the ledger's own column). */
  balance_after: rielSchema,
});
export type StatementRow = z.infer<typeof statementRowSchema>;

export const statementProductTotalSchema = z.object({
  product: z.enum(STATEMENT_PRODUCTS),
  /** Movements of the product in the range (all pages, the filters applied). */
  count: z.number().check(z.int()),
  /** Money into the player's balance (≥ 0) and out of it (≤ 0), and their sum. */
  credit: rielSchema,
  debit: rielSchema,
  net: rielSchema,
});
export type StatementProductTotal = z.infer<typeof statementProductTotalSchema>;

export const statementSchema = z.object({
  items: z.array(statementRowSchema),
  meta: pageMetaSchema,
  /** One entry per product with movements in the range, in `STATEMENT_PRODUCTS` order. */
  totals: z.array(statementProductTotalSchema),
  /** The net of every product per local day of the range, oldest first, days without movements left out. */
  daily: z.array(z.object({ date: z.string(), net: rielSchema })),
});
export type Statement = z.infer<typeof statementSchema>;
