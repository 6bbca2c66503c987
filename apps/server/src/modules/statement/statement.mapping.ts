import type {
  StatementKind,
  StatementProduct,
  StatementReference,
  StatementReferenceType,
} from '@lotto59/contract';
import { PROVIDERS, isProviderCode } from '../providers/providers.public';
import type { TransferKind } from '../wallet/wallet.public';

/*
 * What each ledger transfer kind is to the player (docs/decisions/0049-player-statement.md): its product, its
 * statement kind and what its `reference` column names. A `Record` over every transfer kind, so a new kind
 * does not compile until it is placed here; `statement.mapping.test.ts` also scans the source for kinds.
 *
 * The sign of a row is not in this table: it is the side the player is on (the payer's amount is negative).
 */

/** `PROVIDER`: the product is the provider's, read from the other account (`provider:<code>`). */
type ProductOf = StatementProduct | 'PROVIDER';

export interface PlayerMovement {
  product: ProductOf;
  kind: StatementKind;
  /** How the transfer's `reference` column (and, for a few kinds, its idempotency key) names its object. */
  reference: ReferenceRule;
}

type ReferenceRule =
  /** No reference (the cashier's movements). */
  | { from: 'none' }
  /** `<prefix><id>` in the reference column. */
  | { from: 'prefixed'; prefix: string; type: StatementReferenceType }
  /** The reference column as it is (a provider's round id, a fishing transfer's id). */
  | { from: 'verbatim'; type: StatementReferenceType }
  /** A lotto 59 stake: its ticket, found from its submission (statement.repository.ts), else its round. */
  | { from: 'lotto59-stake' }
  /** A lottery payout or void refund: the ticket in its idempotency key, else the draw in the reference. */
  | { from: 'lottery-ticket-key' };

const LOTTO59_ROUND = { from: 'prefixed', prefix: 'lotto59-round:', type: 'LOTTO59_ROUND' } as const;
const LOTTERY_TICKET = { from: 'prefixed', prefix: 'lottery-ticket:', type: 'LOTTERY_TICKET' } as const;
const PROVIDER_ROUND = { from: 'verbatim', type: 'PROVIDER_ROUND' } as const;
const FISHING_TRANSFER = { from: 'verbatim', type: 'FISHING_TRANSFER' } as const;

/** `null`: a movement between two system accounts, never on a player's statement. */
export const TRANSFER_KIND_MAPPING: Readonly<Record<TransferKind, PlayerMovement | null>> = {
  deposit: { product: 'CASHIER', kind: 'DEPOSIT', reference: { from: 'none' } },
  withdraw: { product: 'CASHIER', kind: 'WITHDRAW', reference: { from: 'none' } },
  bet_stake: { product: 'LOTTO59', kind: 'STAKE', reference: { from: 'lotto59-stake' } },
  // One payout per player and round (settlement batches a round's wins per player): the round.
  bet_payout: { product: 'LOTTO59', kind: 'PAYOUT', reference: LOTTO59_ROUND },
  bet_refund: { product: 'LOTTO59', kind: 'REFUND', reference: LOTTO59_ROUND },
  jackpot_seed: null,
  jackpot_feed: null,
  jackpot_win: { product: 'JACKPOT', kind: 'PAYOUT', reference: LOTTO59_ROUND },
  lottery_stake: { product: 'LOTTERY', kind: 'STAKE', reference: LOTTERY_TICKET },
  lottery_payout: { product: 'LOTTERY', kind: 'PAYOUT', reference: { from: 'lottery-ticket-key' } },
  // A deleted ticket or item names its ticket; a void draw's refund names the draw (its key the ticket).
  lottery_refund: { product: 'LOTTERY', kind: 'REFUND', reference: { from: 'lottery-ticket-key' } },
  provider_bet: { product: 'PROVIDER', kind: 'STAKE', reference: PROVIDER_ROUND },
  provider_win: { product: 'PROVIDER', kind: 'PAYOUT', reference: PROVIDER_ROUND },
  provider_rollback: { product: 'PROVIDER', kind: 'ROLLBACK', reference: PROVIDER_ROUND },
  // The transfer wallet (fishing, provider 4): money into the game and back out of it.
  provider_transfer_in: { product: 'FISHING', kind: 'TRANSFER_IN', reference: FISHING_TRANSFER },
  provider_transfer_out: { product: 'FISHING', kind: 'TRANSFER_OUT', reference: FISHING_TRANSFER },
  // A transfer in the studio never took: the money comes back, as a provider's rollback does.
  provider_transfer_reversal: { product: 'FISHING', kind: 'ROLLBACK', reference: FISHING_TRANSFER },
};

const PROVIDER_PRODUCT = { casino: 'CASINO', slots: 'SLOT', fishing: 'FISHING', sport: 'SPORT' } as const;

/** The product of a seamless-wallet move, from the other account's code (`provider:<code>`). */
export function providerProductOf(accountCode: string): StatementProduct | undefined {
  const code = accountCode.startsWith('provider:') ? accountCode.slice('provider:'.length) : undefined;
  return code !== undefined && isProviderCode(code) ? PROVIDER_PRODUCT[PROVIDERS[code].kind] : undefined;
}

/** The provider account codes whose moves belong to `product` (none for the house's own products). */
export function providerAccountsOf(product: StatementProduct): string[] {
  return Object.values(PROVIDERS)
    .filter((p) => PROVIDER_PRODUCT[p.kind] === product)
    .map((p) => `provider:${p.code}`);
}

export function isTransferKind(kind: string): kind is TransferKind {
  return Object.hasOwn(TRANSFER_KIND_MAPPING, kind);
}

/** The transfer kinds that can give a row of this product and statement kind (either may be open). */
export function transferKindsFor(filter: {
  product?: StatementProduct;
  kind?: StatementKind;
}): TransferKind[] {
  return (Object.entries(TRANSFER_KIND_MAPPING) as [TransferKind, PlayerMovement | null][])
    .filter(([, m]) => m !== null)
    .filter(([, m]) => filter.kind === undefined || m!.kind === filter.kind)
    .filter(
      ([, m]) =>
        filter.product === undefined ||
        m!.product === filter.product ||
        (m!.product === 'PROVIDER' && providerAccountsOf(filter.product).length > 0),
    )
    .map(([k]) => k);
}

export const PROVIDER_TRANSFER_KINDS: readonly TransferKind[] = (
  Object.entries(TRANSFER_KIND_MAPPING) as [TransferKind, PlayerMovement | null][]
)
  .filter(([, m]) => m?.product === 'PROVIDER')
  .map(([k]) => k);

/** What the statement needs of one transfer row. */
export interface MovementRow {
  kind: string;
  reference: string | null;
  idempotency_key: string;
}

/**
 * A transfer row as the player sees it, or undefined when it is not a player's movement. `otherCode` is the
 * other account's code; `lotto59Ticket` the first bet of a lotto 59 stake's submission, when known.
 */
export function describeMovement(
  row: MovementRow,
  otherCode: string,
  lotto59Ticket?: number,
): { product: StatementProduct; kind: StatementKind; reference: StatementReference | null } | undefined {
  if (!isTransferKind(row.kind)) return undefined;
  const m = TRANSFER_KIND_MAPPING[row.kind];
  if (!m) return undefined;
  const product = m.product === 'PROVIDER' ? providerProductOf(otherCode) : m.product;
  if (!product) return undefined;
  return { product, kind: m.kind, reference: referenceOf(m.reference, row, lotto59Ticket) };
}

/** The idempotency keys of lottery payouts and void refunds (settlement.service.ts): `…:ticket:<id>`. */
const LOTTERY_TICKET_KEY = /^lottery:(?:payout|void|refund):ticket:(\d+)$/;

function referenceOf(
  rule: ReferenceRule,
  row: MovementRow,
  lotto59Ticket: number | undefined,
): StatementReference | null {
  const ref = row.reference;
  switch (rule.from) {
    case 'none':
      return null;
    case 'verbatim':
      return ref === null ? null : { type: rule.type, id: ref };
    case 'prefixed':
      return ref?.startsWith(rule.prefix) ? { type: rule.type, id: ref.slice(rule.prefix.length) } : null;
    case 'lotto59-stake':
      if (lotto59Ticket !== undefined) return { type: 'LOTTO59_TICKET', id: String(lotto59Ticket) };
      return referenceOf(LOTTO59_ROUND, row, undefined);
    case 'lottery-ticket-key': {
      const ticket = LOTTERY_TICKET_KEY.exec(row.idempotency_key)?.[1];
      if (ticket !== undefined) return { type: 'LOTTERY_TICKET', id: ticket };
      const byTicket = referenceOf(LOTTERY_TICKET, row, undefined);
      return (
        byTicket ??
        referenceOf({ from: 'prefixed', prefix: 'lottery-draw:', type: 'LOTTERY_DRAW' }, row, undefined)
      );
    }
  }
}
