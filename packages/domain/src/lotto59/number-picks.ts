import { BALL_MAX, BALL_MIN } from './constants';

/*
 * Quick selectors of the NUMBER bet's 1–59 grid (issue 11): all, odd, even, small, big. Seed and decisions
 * name no "small" and "big" ball, so this file is the one definition (docs/decisions/0019-web-game-...):
 * the lower half of the balls is small, the upper half big, the middle ball (30) with the big ones, as the
 * upper half of a keno board includes its middle. The screens take these sets; they hold no numbers.
 */

export const NUMBER_PICKS = ['ALL', 'ODD', 'EVEN', 'SMALL', 'BIG'] as const;
export type NumberPick = (typeof NUMBER_PICKS)[number];

/** The largest small ball: 1–29 are small, 30–59 big. */
export const SMALL_BALL_MAX = Math.floor((BALL_MIN + BALL_MAX) / 2) - 1;

/** Every ball 1–59, in order. */
export const ALL_BALLS: readonly number[] = Array.from(
  { length: BALL_MAX - BALL_MIN + 1 },
  (_, index) => BALL_MIN + index,
);

const PICK_TEST: Readonly<Record<NumberPick, (ball: number) => boolean>> = {
  ALL: () => true,
  ODD: (ball) => ball % 2 === 1,
  EVEN: (ball) => ball % 2 === 0,
  SMALL: (ball) => ball <= SMALL_BALL_MAX,
  BIG: (ball) => ball > SMALL_BALL_MAX,
};

/** The balls a quick selector stands for, ascending. */
export function ballsOfPick(pick: NumberPick): number[] {
  return ALL_BALLS.filter(PICK_TEST[pick]);
}

/** True when the chosen balls are exactly that selector's: the grid shows the selector pressed. */
export function isPick(chosen: readonly number[], pick: NumberPick): boolean {
  const balls = ballsOfPick(pick);
  const set = new Set(chosen);
  return set.size === balls.length && balls.every((ball) => set.has(ball));
}
