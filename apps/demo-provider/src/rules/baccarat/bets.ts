import { accept, assertRule, refuse, type RuleResult } from '../result';
import { type Coup } from './deal';

export const BACCARAT_BET_KINDS = ['PLAYER', 'BANKER', 'TIE', 'PLAYER_PAIR', 'BANKER_PAIR'] as const;
export type BaccaratBetKind = (typeof BACCARAT_BET_KINDS)[number];

/** Riel, per bet (providers.md §7.2). */
export const BACCARAT_LIMITS: Readonly<Record<BaccaratBetKind, { min: number; max: number }>> = {
  PLAYER: { min: 1_000, max: 5_000_000 },
  BANKER: { min: 1_000, max: 5_000_000 },
  TIE: { min: 1_000, max: 500_000 },
  PLAYER_PAIR: { min: 1_000, max: 500_000 },
  BANKER_PAIR: { min: 1_000, max: 500_000 },
};
export const BACCARAT_BETS_PER_ROUND = { min: 1, max: 5 } as const;

/**
 * A table's limits: per bet kind, and for the round's stake as a whole. The round is one wallet `bet` of the
 * sum of its bets (§7.2), so its total can never be more than the casino's wallet takes in one bet
 * (`PROVIDER_MAX_BET`, §3): the kind limits alone would let a round total 11,500,000 ៛.
 */
export interface BaccaratTable {
  readonly kinds: Readonly<Record<BaccaratBetKind, { readonly min: number; readonly max: number }>>;
  readonly roundMax: number;
}

/** The table the limits of §7.2 make under a wallet that takes at most `walletMaxBet` riel in one bet. */
export function baccaratTable(walletMaxBet: number): BaccaratTable {
  assertRule(
    Number.isSafeInteger(walletMaxBet) && walletMaxBet >= 0,
    `max bet must be whole riel: ${walletMaxBet}`,
  );
  const kinds = Object.fromEntries(
    BACCARAT_BET_KINDS.map((kind) => {
      const { min, max } = BACCARAT_LIMITS[kind];
      return [kind, { min, max: Math.min(max, walletMaxBet) }];
    }),
  ) as Record<BaccaratBetKind, { min: number; max: number }>;
  const kindsTotal = BACCARAT_BET_KINDS.reduce((sum, kind) => sum + BACCARAT_LIMITS[kind].max, 0);
  return { kinds, roundMax: Math.min(kindsTotal, walletMaxBet) };
}

export interface BaccaratBet {
  readonly kind: BaccaratBetKind;
  readonly amount: number;
}

export const BACCARAT_REFUSALS = [
  'BACCARAT_NO_BETS',
  'BACCARAT_TOO_MANY_BETS',
  'BACCARAT_UNKNOWN_BET',
  'BACCARAT_DUPLICATE_BET',
  'BACCARAT_BAD_AMOUNT',
  'BACCARAT_BET_BELOW_MIN',
  'BACCARAT_BET_ABOVE_MAX',
  'BACCARAT_ROUND_ABOVE_MAX',
] as const;
export type BaccaratRefusal = (typeof BACCARAT_REFUSALS)[number];

const isBetKind = (kind: string): kind is BaccaratBetKind =>
  (BACCARAT_BET_KINDS as readonly string[]).includes(kind);

/**
 * A round's bets before any charge: 1–5 bets, at most one per kind (chips on the same spot add up into one
 * stake, so a second bet of a kind is a client error), each within its kind's limits, and their sum within
 * the table's round limit.
 */
export function checkRoundBets(
  bets: readonly { kind: string; amount: number }[],
  table: BaccaratTable,
): RuleResult<readonly BaccaratBet[], BaccaratRefusal> {
  if (bets.length < BACCARAT_BETS_PER_ROUND.min)
    return refuse('BACCARAT_NO_BETS', 'a round holds at least one bet');
  if (bets.length > BACCARAT_BETS_PER_ROUND.max)
    return refuse('BACCARAT_TOO_MANY_BETS', `a round holds at most ${BACCARAT_BETS_PER_ROUND.max} bets`);
  const seen = new Set<string>();
  for (const { kind, amount } of bets) {
    if (!isBetKind(kind)) return refuse('BACCARAT_UNKNOWN_BET', `unknown bet kind: ${kind}`);
    if (seen.has(kind)) return refuse('BACCARAT_DUPLICATE_BET', `one ${kind} bet per round`);
    seen.add(kind);
    if (!Number.isSafeInteger(amount))
      return refuse('BACCARAT_BAD_AMOUNT', 'a stake is a whole number of riel');
    const { min, max } = table.kinds[kind];
    if (amount < min) return refuse('BACCARAT_BET_BELOW_MIN', `${kind} takes at least ${min} riel`);
    if (amount > max) return refuse('BACCARAT_BET_ABOVE_MAX', `${kind} takes at most ${max} riel`);
  }
  const total = bets.reduce((sum, b) => sum + b.amount, 0);
  if (total > table.roundMax)
    return refuse('BACCARAT_ROUND_ABOVE_MAX', `a round takes at most ${table.roundMax} riel in all`);
  return accept(bets as readonly BaccaratBet[]);
}

/**
 * What a bet pays back, stake included: PLAYER 1:1, BANKER 0.95:1 rounded down to the riel, both returned on a
 * tie; TIE 8:1; each PAIR 11:1.
 */
export function betPayout(kind: BaccaratBetKind, stake: number, coup: Coup): number {
  assertRule(Number.isSafeInteger(stake) && stake >= 0, `stake must be whole riel: ${stake}`);
  switch (kind) {
    case 'PLAYER':
      return coup.outcome === 'PLAYER' ? 2 * stake : coup.outcome === 'TIE' ? stake : 0;
    case 'BANKER':
      return coup.outcome === 'BANKER'
        ? stake + Math.floor((stake * 95) / 100)
        : coup.outcome === 'TIE'
          ? stake
          : 0;
    case 'TIE':
      return coup.outcome === 'TIE' ? 9 * stake : 0;
    case 'PLAYER_PAIR':
      return coup.playerPair ? 12 * stake : 0;
    case 'BANKER_PAIR':
      return coup.bankerPair ? 12 * stake : 0;
  }
}

export interface SettledBaccaratRound {
  readonly bets: readonly (BaccaratBet & { readonly payout: number })[];
  /** The wallet's one `bet` and one `win` (§7.2). */
  readonly stake: number;
  readonly payout: number;
}

export function settleRound(bets: readonly BaccaratBet[], coup: Coup): SettledBaccaratRound {
  const settled = bets.map((bet) => ({ ...bet, payout: betPayout(bet.kind, bet.amount, coup) }));
  return {
    bets: settled,
    stake: settled.reduce((sum, b) => sum + b.amount, 0),
    payout: settled.reduce((sum, b) => sum + b.payout, 0),
  };
}
