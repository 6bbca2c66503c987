import { describe, expect, it } from 'vitest';
import { HOT_COLD_SIZE, NUMBER_STATS_DRAWS, numberStats } from './number-stats';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('hot and cold numbers', () => {
  it('counts each ball over the draws and names the most and least drawn', () => {
    const draws = [range(1, 10), range(1, 10), range(5, 14)];
    const stats = numberStats(draws);
    expect(stats.draws).toBe(3);
    expect(stats.counts).toHaveLength(59);
    expect(stats.counts.slice(0, 15)).toEqual([2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 1, 1, 1, 1, 0]);
    expect(stats.counts.reduce((a, b) => a + b, 0)).toBe(30);
    expect(stats.hot).toEqual([5, 6, 7, 8, 9]);
    expect(stats.hot).toHaveLength(HOT_COLD_SIZE);
    // Never drawn: 15–59, all equal, the smaller first.
    expect(stats.cold).toEqual([15, 16, 17, 18, 19]);
  });

  it('breaks equal counts by the last appearance: the hot one seen latest, the cold one missing longest', () => {
    // 11–14 once each in the newest draw, 1–4 once each in the oldest (equal counts of 1).
    const draws = [range(5, 14), range(20, 29), [1, 2, 3, 4, ...range(30, 35)]];
    const stats = numberStats(draws);
    expect(stats.hot.slice(0, 5)).toEqual([5, 6, 7, 8, 9]);
    const once = numberStats([range(11, 20), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]]);
    expect(once.hot).toEqual([11, 12, 13, 14, 15]);
    // Balls 1–59 all drawn at most once: the never-drawn come first among the cold, then the oldest.
    expect(once.cold.slice(0, 5)).toEqual([21, 22, 23, 24, 25]);
    const allDrawn = numberStats([
      range(1, 10),
      range(11, 20),
      range(21, 30),
      range(31, 40),
      range(41, 50),
      [...range(51, 59), 1],
    ]);
    // Every ball once except 1 (twice): the cold are the oldest draw's balls (seen longest ago) but not 1.
    expect(allDrawn.cold).toEqual([51, 52, 53, 54, 55]);
    expect(allDrawn.hot[0]).toBe(1);
  });

  it('counts the newest 100 draws only', () => {
    const newest = Array.from({ length: NUMBER_STATS_DRAWS }, () => range(1, 10));
    const stats = numberStats([...newest, range(50, 59)]);
    expect(stats.draws).toBe(100);
    expect(stats.counts[58]).toBe(0);
    expect(stats.counts[0]).toBe(100);
  });

  it('refuses a draw that is not ten distinct balls of 1–59', () => {
    expect(() => numberStats([range(1, 9)])).toThrow(RangeError);
    expect(() => numberStats([[1, 1, 2, 3, 4, 5, 6, 7, 8, 9]])).toThrow(RangeError);
    expect(() => numberStats([range(51, 60)])).toThrow(RangeError);
  });

  it('is empty-handed for a new pool', () => {
    const stats = numberStats([]);
    expect(stats.draws).toBe(0);
    expect(stats.hot).toEqual([1, 2, 3, 4, 5]);
    expect(stats.counts.every((c) => c === 0)).toBe(true);
  });
});
