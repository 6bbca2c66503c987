import { type Fraction, fraction } from '../fraction';
import { assertRule } from '../result';
import { type BaccaratBetKind } from './bets';
import { DECKS, rankValue } from './cards';
import { bankerDraws, isNatural, playerDraws } from './drawing';

/*
 * The exact odds of a fresh 416-card shoe by ordered enumeration of every 6-card deal (416·415·…·411 of them),
 * walked by rank instead of by card: a rank drawn with r cards of it left stands for r ordered deals, and a coup
 * that ends after 4 or 5 cards stands for every way the unused cards could follow. The coup logic is the game's
 * own (isNatural, playerDraws, bankerDraws). Each 4-card prefix's weight stays below 2^53; the totals are BigInt.
 */

export interface BaccaratOdds {
  /** Ordered 6-card deals: 416·415·414·413·412·411. */
  readonly deals: bigint;
  readonly player: bigint;
  readonly banker: bigint;
  readonly tie: bigint;
  readonly playerPair: bigint;
  readonly bankerPair: bigint;
}

const RANKS = 13;
const DEAL_CARDS = 6;

export function enumerateBaccaratOdds(): BaccaratOdds {
  const left = Array.from({ length: RANKS + 1 }, (_, rank) => (rank === 0 ? 0 : DECKS * 4));
  const shoe = DECKS * 52;
  /** Ways the cards after the coup's last one can follow, up to 6 dealt: (n)(n−1)… */
  const tailWays = (cardsLeft: number, used: number) => {
    let ways = 1;
    for (let k = 0; k < DEAL_CARDS - used; k++) ways *= cardsLeft - k;
    return ways;
  };
  const totals = { player: 0n, banker: 0n, tie: 0n, playerPair: 0n, bankerPair: 0n };
  const take = (rank: number) => left[rank]!--;
  const put = (rank: number) => left[rank]!++;
  for (let p1 = 1; p1 <= RANKS; p1++) {
    const w1 = take(p1);
    for (let b1 = 1; b1 <= RANKS; b1++) {
      const w2 = w1 * take(b1);
      for (let p2 = 1; p2 <= RANKS; p2++) {
        const w3 = w2 * take(p2);
        for (let b2 = 1; b2 <= RANKS; b2++) {
          const w4 = w3 * take(b2);
          const outcome = finishCoup(
            left,
            shoe - 4,
            (rankValue(p1) + rankValue(p2)) % 10,
            (rankValue(b1) + rankValue(b2)) % 10,
            tailWays,
          );
          const prefix = BigInt(w4);
          totals.player += prefix * BigInt(outcome.player);
          totals.banker += prefix * BigInt(outcome.banker);
          totals.tie += prefix * BigInt(outcome.tie);
          const all = prefix * BigInt(tailWays(shoe - 4, 4));
          if (p1 === p2) totals.playerPair += all;
          if (b1 === b2) totals.bankerPair += all;
          put(b2);
        }
        put(p2);
      }
      put(b1);
    }
    put(p1);
  }
  const deals = BigInt(tailWays(shoe, 0));
  assertRule(totals.player + totals.banker + totals.tie === deals, 'the outcomes must cover every deal');
  return { deals, ...totals };
}

/** Ways (per 4-card prefix) for each outcome, over the third cards and the unused tail. */
function finishCoup(
  left: number[],
  cardsLeft: number,
  playerValue: number,
  bankerValue: number,
  tailWays: (cardsLeft: number, used: number) => number,
): { player: number; banker: number; tie: number } {
  const ways = { player: 0, banker: 0, tie: 0 };
  const record = (p: number, b: number, weight: number) => {
    if (p > b) ways.player += weight;
    else if (b > p) ways.banker += weight;
    else ways.tie += weight;
  };
  if (isNatural(playerValue) || isNatural(bankerValue)) {
    record(playerValue, bankerValue, tailWays(cardsLeft, 4));
    return ways;
  }
  if (!playerDraws(playerValue)) {
    if (!bankerDraws(bankerValue, null)) {
      record(playerValue, bankerValue, tailWays(cardsLeft, 4));
      return ways;
    }
    for (let b3 = 1; b3 <= RANKS; b3++)
      record(playerValue, (bankerValue + rankValue(b3)) % 10, left[b3]! * tailWays(cardsLeft - 1, 5));
    return ways;
  }
  for (let p3 = 1; p3 <= RANKS; p3++) {
    const w5 = left[p3]!;
    if (w5 === 0) continue;
    left[p3]! -= 1;
    const p = (playerValue + rankValue(p3)) % 10;
    if (!bankerDraws(bankerValue, rankValue(p3))) record(p, bankerValue, w5 * tailWays(cardsLeft - 1, 5));
    else for (let b3 = 1; b3 <= RANKS; b3++) record(p, (bankerValue + rankValue(b3)) % 10, w5 * left[b3]!);
    left[p3]! += 1;
  }
  return ways;
}

/**
 * Each bet's return per unit staked as an exact fraction (house edge = 1 − return). BANKER is priced at 0.95:1,
 * the pay of any stake that is a multiple of 20 riel; other stakes also lose the riel fraction floor drops.
 */
export function baccaratBetReturns(odds: BaccaratOdds): Record<BaccaratBetKind, Fraction> {
  const { deals, player, banker, tie } = odds;
  return {
    PLAYER: fraction(2n * player + tie, deals),
    BANKER: fraction(195n * banker + 100n * tie, 100n * deals),
    TIE: fraction(9n * tie, deals),
    PLAYER_PAIR: fraction(12n * odds.playerPair, deals),
    BANKER_PAIR: fraction(12n * odds.bankerPair, deals),
  };
}
