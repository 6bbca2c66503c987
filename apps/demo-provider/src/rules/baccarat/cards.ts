import { assertRule } from '../result';

/*
 * The card pool of providers.md §7.2: a fresh 8-deck shoe of 416 cards every round, card id c = 0..415 with
 * deck = floor(c/52), suit = ♠♥♦♣[floor((c mod 52)/13)], rank = c mod 13 + 1 (1 A … 11 J, 12 Q, 13 K).
 */

export const DECKS = 8;
export const SHOE_SIZE = DECKS * 52;
export const SUITS = ['♠', '♥', '♦', '♣'] as const;
export type Suit = (typeof SUITS)[number];

export const RANK_LABELS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'] as const;

export interface Card {
  readonly id: number;
  readonly deck: number;
  readonly suit: Suit;
  /** 1 (ace) … 13 (king). */
  readonly rank: number;
}

export function cardOf(id: number): Card {
  assertRule(Number.isInteger(id) && id >= 0 && id < SHOE_SIZE, `card id must be 0..${SHOE_SIZE - 1}: ${id}`);
  const j = id % 52;
  return { id, deck: Math.floor(id / 52), suit: SUITS[Math.floor(j / 13)]!, rank: (j % 13) + 1 };
}

/** ♣4, ♥10, ♣Q: how the table, the report and the fairness panel write a card. */
export function cardLabel(card: Card): string {
  return `${card.suit}${RANK_LABELS[card.rank - 1]!}`;
}

/** A = 1, 2–9 face value, 10/J/Q/K = 0. */
export function rankValue(rank: number): number {
  return rank >= 10 ? 0 : rank;
}

/** A hand's value: its total mod 10. */
export function handValue(cards: readonly Card[]): number {
  return cards.reduce((sum, card) => sum + rankValue(card.rank), 0) % 10;
}
