import { assert } from '../control/control';
import { riel, type Riel } from '../money/riel';
import { BET_TYPE_DIGITS, type LotteryBetType, type LotteryPost, type SheetLayout } from './constants';
import { lineCodesOfPost } from './layouts';
import type { SheetLine } from './sheet';

/*
 * Settlement of one item (lottery.md §4): every (number, line) pair whose line ends in the number is a hit, and
 * hits add up: a number that comes out twice under ROLL is paid twice (sobet §3.1).
 */

export interface LotteryHit {
  /** The player's number and the line it matched. */
  readonly number: string;
  readonly code: string;
  readonly index: number;
  readonly lineNumber: string;
}

export function itemHits(
  sheet: readonly SheetLine[],
  item: {
    readonly layout: SheetLayout;
    readonly betType: LotteryBetType;
    readonly posts: readonly LotteryPost[];
    readonly numbers: readonly string[];
  },
): LotteryHit[] {
  const digits = BET_TYPE_DIGITS[item.betType];
  const codes = new Set<string>();
  for (const post of item.posts) {
    const postCodes = lineCodesOfPost(item.layout, item.betType, post);
    assert(postCodes !== null, `post ${post} is not on layout ${item.layout}`);
    for (const code of postCodes) codes.add(code);
  }
  const wanted = new Set(item.numbers);
  const hits: LotteryHit[] = [];
  for (const line of sheet) {
    if (!codes.has(line.code) || line.digits < digits) continue;
    const tail = line.number.slice(-digits);
    if (wanted.has(tail))
      hits.push({ number: tail, code: line.code, index: line.index, lineNumber: line.number });
  }
  return hits;
}

/** payout = amount × price × hits. */
export function itemPayout(amount: Riel, price: number, hitCount: number): Riel {
  assert(Number.isSafeInteger(price) && price > 0, `price must be a positive integer: ${price}`);
  assert(Number.isSafeInteger(hitCount) && hitCount >= 0);
  return riel(amount * price * hitCount);
}

/**
 * `itemHits` for many items of one draw: the lines each (bet type, posts) choice checks, and each line's
 * tail, are worked out once per draw instead of once per item, so settling 10⁶ items costs a lookup per
 * number. It answers exactly what `itemHits` answers (settlement.test.ts compares them).
 */
export function sheetHitter(
  sheet: readonly SheetLine[],
  layout: SheetLayout,
): (item: {
  readonly betType: LotteryBetType;
  readonly posts: readonly LotteryPost[];
  readonly numbers: readonly string[];
}) => LotteryHit[] {
  // Per choice: the sheet's lines it checks, in sheet order, grouped by their tail.
  const byChoice = new Map<string, Map<string, SheetLine[]>>();
  const order = new Map(sheet.map((line, i) => [line, i]));
  return (item) => {
    const key = `${item.betType}|${item.posts.join(',')}`;
    let tails = byChoice.get(key);
    if (!tails) {
      const digits = BET_TYPE_DIGITS[item.betType];
      const codes = new Set<string>();
      for (const post of item.posts) {
        const postCodes = lineCodesOfPost(layout, item.betType, post);
        assert(postCodes !== null, `post ${post} is not on layout ${layout}`);
        for (const code of postCodes) codes.add(code);
      }
      tails = new Map();
      for (const line of sheet) {
        if (!codes.has(line.code) || line.digits < digits) continue;
        const tail = line.number.slice(-digits);
        tails.set(tail, [...(tails.get(tail) ?? []), line]);
      }
      byChoice.set(key, tails);
    }
    const lines: SheetLine[] = [];
    for (const number of new Set(item.numbers)) lines.push(...(tails.get(number) ?? []));
    // Sheet order, as itemHits answers.
    if (lines.length > 1) lines.sort((a, b) => order.get(a)! - order.get(b)!);
    return lines.map((line) => ({
      number: line.number.slice(-BET_TYPE_DIGITS[item.betType]),
      code: line.code,
      index: line.index,
      lineNumber: line.number,
    }));
  };
}
