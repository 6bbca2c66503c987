import { describe, expect, it } from 'vitest';
import { LOTTERY_BET_TYPES, SHEET_LAYOUTS, type LotteryPost } from './constants';
import { postLettersOf } from './layouts';
import { itemHits, sheetHitter } from './settlement';
import { lotterySheet } from './sheet';

const SEED = 'f02af43dc4270182694536a9b1488c4e4ddb1ff6102ef6507a565483719f35f3';

describe('sheetHitter', () => {
  it.each(SHEET_LAYOUTS)('answers exactly what itemHits answers on %s, for every post choice', (layout) => {
    const sheet = lotterySheet(SEED, 42, layout);
    const hitter = sheetHitter(sheet, layout);
    const choices: LotteryPost[][] = [
      ['ROLL'],
      ...postLettersOf(layout).map((p) => [p]),
      postLettersOf(layout),
    ];
    let compared = 0;
    let hits = 0;
    for (const betType of LOTTERY_BET_TYPES) {
      const m = betType === '2D' ? 100 : 1000;
      const digits = betType === '2D' ? 2 : 3;
      // Every number that is on the sheet, plus a spread of others, a few at a time.
      const onSheet = sheet.filter((l) => l.digits >= digits).map((l) => l.number.slice(-digits));
      const spread = Array.from({ length: 40 }, (_, i) => String((i * 37) % m).padStart(digits, '0'));
      const pool = [...onSheet, ...spread];
      for (const posts of choices) {
        for (let i = 0; i < pool.length; i += 3) {
          const numbers = pool.slice(i, i + 3);
          const expected = itemHits(sheet, { layout, betType, posts, numbers });
          expect(hitter({ betType, posts, numbers })).toEqual(expected);
          compared += 1;
          hits += expected.length;
        }
      }
    }
    // The comparison must have met hits, or it proves nothing.
    expect(compared).toBeGreaterThan(50);
    expect(hits).toBeGreaterThan(10);
  });
});
