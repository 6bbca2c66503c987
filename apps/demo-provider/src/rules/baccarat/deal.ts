import { uniform, type WordSource } from '../fair/stream';
import { type Card, cardOf, handValue, rankValue, SHOE_SIZE } from './cards';
import { bankerDraws, isNatural, playerDraws } from './drawing';

export const BACCARAT_OUTCOMES = ['PLAYER', 'BANKER', 'TIE'] as const;
export type BaccaratOutcome = (typeof BACCARAT_OUTCOMES)[number];

export interface Coup {
  readonly player: readonly Card[];
  readonly banker: readonly Card[];
  readonly playerValue: number;
  readonly bankerValue: number;
  readonly outcome: BaccaratOutcome;
  /** The first two cards of that hand share a rank (suit and deck do not matter). */
  readonly playerPair: boolean;
  readonly bankerPair: boolean;
}

/** Plays a coup on cards taken in deal order: P1, B1, P2, B2, then P3 and B3 when the rules draw them. */
export function playCoup(takeCard: () => Card): Coup {
  const p1 = takeCard();
  const b1 = takeCard();
  const p2 = takeCard();
  const b2 = takeCard();
  const player = [p1, p2];
  const banker = [b1, b2];
  if (!isNatural(handValue(player)) && !isNatural(handValue(banker))) {
    let playerThirdValue: number | null = null;
    if (playerDraws(handValue(player))) {
      const p3 = takeCard();
      player.push(p3);
      playerThirdValue = rankValue(p3.rank);
    }
    if (bankerDraws(handValue(banker), playerThirdValue)) banker.push(takeCard());
  }
  const playerValue = handValue(player);
  const bankerValue = handValue(banker);
  return {
    player,
    banker,
    playerValue,
    bankerValue,
    outcome: playerValue > bankerValue ? 'PLAYER' : bankerValue > playerValue ? 'BANKER' : 'TIE',
    playerPair: p1.rank === p2.rank,
    bankerPair: b1.rank === b2.rank,
  };
}

/**
 * Deals a coup from the round's fair stream: a fresh 416-card pool in ascending id order, each card
 * uniform(remaining) over it and removed (so no shoe memory carries from round to round).
 */
export function dealCoup(source: WordSource): Coup {
  const pool = Array.from({ length: SHOE_SIZE }, (_, id) => id);
  return playCoup(() => cardOf(pool.splice(uniform(source, pool.length), 1)[0]!));
}
