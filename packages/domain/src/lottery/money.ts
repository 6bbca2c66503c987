import { assert } from '../control/control';
import { riel, type Riel } from '../money/riel';
import type { LotteryBetType, LotteryPost, SheetLayout } from './constants';
import { postLineCount } from './layouts';

/*
 * Face, discount and net of lottery.md §4, in whole riel. The discount is floored so that rounding always
 * favours the player by less than one riel and net + discount = face exactly; a deleted item refunds its net.
 */

/** Σ over the chosen posts of the lines each checks (§3): the item's cost multiplier. */
export function itemLines(
  layout: SheetLayout,
  betType: LotteryBetType,
  posts: readonly LotteryPost[],
): number {
  let lines = 0;
  for (const post of posts) {
    const count = postLineCount(layout, betType, post);
    assert(count !== null, `post ${post} is not on layout ${layout} (parse the posts first)`);
    lines += count;
  }
  return lines;
}

export interface ItemMoney {
  readonly lines: number;
  readonly face: Riel;
  readonly discount: Riel;
  readonly net: Riel;
}

function assertRate(rate: number): void {
  assert(Number.isInteger(rate) && rate >= 1 && rate <= 100, `rate must be a whole percent 1..100: ${rate}`);
}

/** face = amount × numbers × lines; discount = floor(face × (100 − rate) / 100); net = face − discount. */
export function itemMoney(input: {
  readonly amount: Riel;
  readonly numberCount: number;
  readonly lines: number;
  readonly rate: number;
}): ItemMoney {
  assertRate(input.rate);
  assert(Number.isSafeInteger(input.numberCount) && input.numberCount > 0, 'an item has numbers');
  assert(Number.isSafeInteger(input.lines) && input.lines > 0, 'an item has lines');
  const face = riel(input.amount * input.numberCount * input.lines);
  // BigInt keeps face × (100 − rate) exact however large the face; BigInt division floors for non-negatives.
  const discount = riel(Number((BigInt(face) * BigInt(100 - input.rate)) / 100n));
  return { lines: input.lines, face, discount, net: riel(face - discount) };
}

/** Ticket totals of §6 (`total_amount`, `discount`, `net_amount`): sums over the live items. */
export function ticketTotals(items: readonly ItemMoney[]): { face: Riel; discount: Riel; net: Riel } {
  let face = 0;
  let discount = 0;
  let net = 0;
  for (const item of items) {
    face += item.face;
    discount += item.discount;
    net += item.net;
  }
  return { face: riel(face), discount: riel(discount), net: riel(net) };
}
