import { BALL_MAX, BALL_MIN, DRAW_SIZE } from './constants';

/** The draws the hot and cold numbers are counted over (issue 26: "over the last 100 draws"). */
export const NUMBER_STATS_DRAWS = 100;
/** How many numbers each of the hot and the cold list names. */
export const HOT_COLD_SIZE = 5;

export interface NumberStats {
  /** Draws counted: at most `NUMBER_STATS_DRAWS`, fewer while a pool is young. */
  readonly draws: number;
  /** `counts[n - 1]`: how many of the counted draws held ball n (1–59). */
  readonly counts: readonly number[];
  /** The most drawn numbers, most first; on equal counts the one drawn more recently first. */
  readonly hot: readonly number[];
  /** The least drawn numbers, least first; on equal counts the one not drawn for longest first. */
  readonly cold: readonly number[];
}

/**
 * How often each ball 1–59 came out in `draws` (newest first, each the ten balls of one fully drawn round), and
 * the hot and cold numbers. A ball's last appearance breaks ties, then the smaller number: the lists never
 * depend on the order of the balls inside a draw. Only the newest `NUMBER_STATS_DRAWS` draws count. A draw that
 * is not ten distinct balls of 1–59 is a caller's bug and throws.
 */
export function numberStats(draws: readonly (readonly number[])[]): NumberStats {
  const counted = draws.slice(0, NUMBER_STATS_DRAWS);
  const counts = Array<number>(BALL_MAX).fill(0);
  /** Index of the newest draw that held the ball (draws are newest first); Infinity when never drawn. */
  const lastSeen = Array<number>(BALL_MAX).fill(Infinity);
  counted.forEach((draw, age) => {
    if (draw.length !== DRAW_SIZE || new Set(draw).size !== DRAW_SIZE)
      throw new RangeError(`a draw is ${DRAW_SIZE} distinct balls: ${draw.join(',')}`);
    for (const ball of draw) {
      if (!Number.isInteger(ball) || ball < BALL_MIN || ball > BALL_MAX)
        throw new RangeError(`not a ball: ${ball}`);
      counts[ball - 1]! += 1;
      lastSeen[ball - 1] = Math.min(lastSeen[ball - 1]!, age);
    }
  });
  const balls = counts.map((_, i) => i + 1);
  const hot = [...balls]
    .sort((a, b) => counts[b - 1]! - counts[a - 1]! || lastSeen[a - 1]! - lastSeen[b - 1]! || a - b)
    .slice(0, HOT_COLD_SIZE);
  const cold = [...balls]
    .sort((a, b) => counts[a - 1]! - counts[b - 1]! || lastSeen[b - 1]! - lastSeen[a - 1]! || a - b)
    .slice(0, HOT_COLD_SIZE);
  return { draws: counted.length, counts, hot, cold };
}
