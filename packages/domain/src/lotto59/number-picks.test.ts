import { describe, expect, it } from 'vitest';
import { BALL_MAX, BALL_MIN } from './constants';
import { ALL_BALLS, ballsOfPick, isPick, NUMBER_PICKS, SMALL_BALL_MAX } from './number-picks';

describe('NUMBER grid quick selectors', () => {
  it('all is 1–59; odd and even, small and big each split it in two without overlap', () => {
    expect(ballsOfPick('ALL')).toEqual(ALL_BALLS);
    expect(ALL_BALLS[0]).toBe(BALL_MIN);
    expect(ALL_BALLS.at(-1)).toBe(BALL_MAX);
    for (const [a, b] of [
      ['ODD', 'EVEN'],
      ['SMALL', 'BIG'],
    ] as const) {
      const left = ballsOfPick(a);
      const right = ballsOfPick(b);
      expect([...left, ...right].sort((x, y) => x - y)).toEqual(ALL_BALLS);
      expect(left.filter((n) => right.includes(n))).toEqual([]);
    }
  });

  it('small is 1–29 and big 30–59; odd starts at 1, even at 2', () => {
    expect(SMALL_BALL_MAX).toBe(29);
    expect(ballsOfPick('SMALL')).toHaveLength(29);
    expect(ballsOfPick('BIG')[0]).toBe(30);
    expect(ballsOfPick('ODD').slice(0, 3)).toEqual([1, 3, 5]);
    expect(ballsOfPick('EVEN')).toHaveLength(29);
  });

  it('knows a selection that is exactly a selector, in any order', () => {
    for (const pick of NUMBER_PICKS) expect(isPick([...ballsOfPick(pick)].reverse(), pick)).toBe(true);
    expect(isPick([1, 3], 'ODD')).toBe(false);
    expect(isPick([...ballsOfPick('ODD'), 2], 'ODD')).toBe(false);
  });
});
