import { err, ok, type Result } from '../control/control';
import { LOTTERY_POST_LETTERS, ROLL, type LotteryPost, type SheetLayout } from './constants';
import type { LotteryError } from './errors';
import { postLettersOf } from './layouts';

/*
 * The posts field (lottery.md §4): a non-empty set of letters the layout offers, or exactly ["ROLL"]. A repeated
 * letter is refused rather than merged: it would otherwise be a second charge for the same lines, or silently
 * not, and the player should see which.
 */
export function parseLotteryPosts(
  layout: SheetLayout,
  posts: readonly string[],
): Result<LotteryPost[], LotteryError> {
  if (posts.length === 0) return err({ code: 'INVALID_POST', problem: 'EMPTY' });
  if (posts.includes(ROLL)) {
    return posts.length === 1
      ? ok([ROLL])
      : err({ code: 'INVALID_POST', problem: 'ROLL_WITH_LETTERS', post: ROLL });
  }
  const offered = postLettersOf(layout);
  const seen = new Set<string>();
  for (const post of posts) {
    if (!(LOTTERY_POST_LETTERS as readonly string[]).includes(post)) {
      return err({ code: 'INVALID_POST', problem: 'UNKNOWN', post });
    }
    if (!(offered as readonly string[]).includes(post)) {
      return err({ code: 'INVALID_POST', problem: 'NOT_ON_LAYOUT', post });
    }
    if (seen.has(post)) return err({ code: 'INVALID_POST', problem: 'DUPLICATE', post });
    seen.add(post);
  }
  // A–E order, so that equal choices are stored and shown alike.
  return ok(offered.filter((letter) => seen.has(letter)));
}
