import { describe, expect, it } from 'vitest';
import { LOTTERY_BET_TYPES, SHEET_LAYOUTS, BET_TYPE_DIGITS, DEFAULT_LOTTERY_PRICING } from './constants';
import { lineCodesOfPost, postLettersOf, SHEET_LINES } from './layouts';
import {
  fractionPercentText,
  lotteryBetTypesAtOrAbove100,
  lotteryRtp,
  lotteryRtpFullTable,
  lotteryRtpTable,
} from './rtp';

// lottery.md §4's table, as printed (percent text) and as the exact fraction each cell stands for.
const SPEC_TABLE = [
  { betType: '2D', price: 75, rate: 100, percent: '75.00', exact: [3n, 4n] },
  { betType: '2D', price: 75, rate: 80, percent: '93.75', exact: [15n, 16n] },
  { betType: '2D', price: 75, rate: 76, percent: '98.684', exact: [75n, 76n] },
  { betType: '3D', price: 650, rate: 100, percent: '65.00', exact: [13n, 20n] },
  { betType: '3D', price: 650, rate: 80, percent: '81.25', exact: [13n, 16n] },
  { betType: '3D', price: 650, rate: 76, percent: '85.526', exact: [65n, 76n] },
] as const;

describe('exact RTP (lottery.md §4)', () => {
  it.each(SPEC_TABLE)('$betType price $price rate $rate returns $percent %', (row) => {
    const rtp = lotteryRtp(row.betType, row.price, row.rate);
    expect([rtp.numerator, rtp.denominator]).toEqual(row.exact);
    const [table] = lotteryRtpTable({
      price: { '2D': row.price, '3D': row.price },
      rate: row.rate,
    }).filter((r) => r.betType === row.betType);
    expect(table?.percent).toBe(row.percent);
    // The 3-place cells of the spec are rounded (75/76 = 98.6842…%); the 2-place ones are exact.
    expect(table?.exact).toBe(row.percent.length === 5);
  });

  it('is the same for every post and ROLL of every layout, counted line by line', () => {
    // Expected hits of one number on one line = (numbers of the line's digits ending in it) / 10^digits; per
    // riel paid, Σ hits × price ÷ (lines × rate / 100). Counting gives 10^(digits−d) / 10^digits = 10^−d.
    for (const layout of SHEET_LAYOUTS) {
      for (const betType of LOTTERY_BET_TYPES) {
        const d = BET_TYPE_DIGITS[betType];
        for (const post of [...postLettersOf(layout), 'ROLL'] as const) {
          let hitsNum = 0n;
          let hitsDen = 1n;
          let lines = 0n;
          for (const code of lineCodesOfPost(layout, betType, post) ?? []) {
            const group = SHEET_LINES[layout].find((g) => g.code === code)!;
            const endingIn = 10n ** BigInt(group.digits - d);
            const space = 10n ** BigInt(group.digits);
            // hits += count × endingIn / space, kept as one fraction.
            hitsNum = hitsNum * space + BigInt(group.count) * endingIn * hitsDen;
            hitsDen *= space;
            lines += BigInt(group.count);
          }
          const { price, rate } = DEFAULT_LOTTERY_PRICING;
          const rtp = lotteryRtp(betType, price[betType], rate);
          // hitsNum/hitsDen × price ÷ (lines × rate/100) = rtp, cross-multiplied.
          expect(hitsNum * BigInt(price[betType]) * 100n * rtp.denominator).toBe(
            rtp.numerator * hitsDen * lines * BigInt(rate),
          );
        }
      }
    }
  });

  it('prints the default table and warns only when a bet type returns 100 % or more', () => {
    expect(lotteryRtpTable(DEFAULT_LOTTERY_PRICING).map((r) => [r.betType, r.percent])).toEqual([
      ['2D', '93.75'],
      ['3D', '81.25'],
    ]);
    expect(lotteryBetTypesAtOrAbove100(DEFAULT_LOTTERY_PRICING)).toEqual([]);
    expect(lotteryBetTypesAtOrAbove100({ price: { '2D': 75, '3D': 650 }, rate: 75 })).toEqual(['2D']);
    expect(lotteryBetTypesAtOrAbove100({ price: { '2D': 74, '3D': 650 }, rate: 75 })).toEqual([]);
    expect(lotteryBetTypesAtOrAbove100({ price: { '2D': 80, '3D': 800 }, rate: 80 })).toEqual(['2D', '3D']);
  });

  it('computes the whole §4 table at the default prices, marking the configured rate', () => {
    const table = lotteryRtpFullTable(DEFAULT_LOTTERY_PRICING);
    expect(
      table.map((r) => ({
        betType: r.betType,
        price: r.price,
        rate: r.rate,
        percent: r.percent,
        exact: [r.rtp.numerator, r.rtp.denominator],
      })),
    ).toEqual(SPEC_TABLE);
    expect(table.filter((r) => r.configured).map((r) => [r.betType, r.rate])).toEqual([
      ['2D', 80],
      ['3D', 80],
    ]);
    // A configured rate outside the table gets its own row, in rate order.
    const at90 = lotteryRtpFullTable({ ...DEFAULT_LOTTERY_PRICING, rate: 90 });
    expect(at90.filter((r) => r.betType === '2D').map((r) => [r.rate, r.percent, r.configured])).toEqual([
      [100, '75.00', false],
      [90, '83.333', true],
      [80, '93.75', false],
      [76, '98.684', false],
    ]);
  });

  it('rounds percent text half up', () => {
    expect(fractionPercentText({ numerator: 1n, denominator: 8n }, 1)).toEqual({ text: '12.5', exact: true });
    expect(fractionPercentText({ numerator: 1n, denominator: 8n }, 0)).toEqual({ text: '13', exact: false });
    expect(fractionPercentText({ numerator: 1n, denominator: 3n }, 3)).toEqual({
      text: '33.333',
      exact: false,
    });
    expect(fractionPercentText({ numerator: 1n, denominator: 1000n }, 2)).toEqual({
      text: '0.10',
      exact: true,
    });
  });
});
