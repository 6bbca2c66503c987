import { describe, expect, it } from 'vitest';
import { AssertionError } from '../control/control';
import { riel } from '../money/riel';
import { DEFAULT_LOTTERY_PRICING } from './constants';
import { itemLines, itemMoney, ticketTotals } from './money';
import { parseLotteryNumbers } from './numbers';
import { parseLotteryPosts } from './posts';
import { itemHits, itemPayout } from './settlement';
import { sheetFromNumbers, type SheetLine } from './sheet';

const rate = DEFAULT_LOTTERY_PRICING.rate;

function sheet(layout: Parameters<typeof sheetFromNumbers>[0], rows: Record<string, string[]>): SheetLine[] {
  const result = sheetFromNumbers(layout, rows);
  if (!result.ok) throw new Error(JSON.stringify(result.error));
  return result.value;
}

// A VN_SOUTH sheet with G8 = 14 and the special prize ending in 14, as in lottery.md §4's example.
const VN_SOUTH_SHEET = sheet('VN_SOUTH', {
  G8: ['14'],
  G7: ['386'],
  G6: ['7242', '6017', '3864'],
  G5: ['9843'],
  G4: ['53308', '29943', '53973', '73820', '90821', '12736', '99874'],
  G3: ['28962', '54211'],
  G2: ['20077'],
  G1: ['19367'],
  DB: ['376314'],
});

describe('the worked example of lottery.md §4', () => {
  const posts = parseLotteryPosts('VN_SOUTH', ['A', 'B']);
  const numbers = parseLotteryNumbers({ text: '10-14', betType: '2D', permute: false, maxNumbers: 100 });
  if (!posts.ok || !numbers.ok) throw new Error('the example must parse');
  const amount = riel(1000);

  it('costs lines 2, face 10,000 ៛, discount 2,000 ៛, net 8,000 ៛', () => {
    expect(numbers.value).toHaveLength(5);
    const lines = itemLines('VN_SOUTH', '2D', posts.value);
    expect(itemMoney({ amount, numberCount: numbers.value.length, lines, rate })).toEqual({
      lines: 2,
      face: 10_000,
      discount: 2_000,
      net: 8_000,
    });
  });

  it('hits twice and pays 150,000 ៛', () => {
    const hits = itemHits(VN_SOUTH_SHEET, {
      layout: 'VN_SOUTH',
      betType: '2D',
      posts: posts.value,
      numbers: numbers.value,
    });
    expect(hits).toEqual([
      { number: '14', code: 'G8', index: 1, lineNumber: '14' },
      { number: '14', code: 'DB', index: 1, lineNumber: '376314' },
    ]);
    expect(itemPayout(amount, DEFAULT_LOTTERY_PRICING.price['2D'], hits.length)).toBe(150_000);
  });
});

describe('item money', () => {
  it('floors the discount, so net + discount = face and the player never pays less than the rate', () => {
    // face 1,050 × 20 % = 210; face 1,234 × 20 % = 246.8 → 246, net 988.
    expect(itemMoney({ amount: riel(1050), numberCount: 1, lines: 1, rate })).toMatchObject({
      discount: 210,
    });
    const odd = itemMoney({ amount: riel(617), numberCount: 2, lines: 1, rate });
    expect(odd).toEqual({ lines: 1, face: 1234, discount: 246, net: 988 });
    expect(itemMoney({ amount: riel(1000), numberCount: 3, lines: 4, rate: 100 }).discount).toBe(0);
  });

  it('counts the lines of ROLL and of several posts', () => {
    expect(itemLines('VN_NORTH', '2D', ['ROLL'])).toBe(27);
    expect(itemLines('VN_NORTH', '2D', ['A', 'B'])).toBe(5);
    expect(itemLines('TN', '3D', ['A', 'B', 'C', 'D', 'E'])).toBe(5);
    expect(() => itemLines('VN_SOUTH', '2D', ['C'])).toThrow(AssertionError);
  });

  it('sums a ticket, and refunds of every item give back exactly its net', () => {
    const items = [
      itemMoney({ amount: riel(617), numberCount: 2, lines: 1, rate }),
      itemMoney({ amount: riel(1000), numberCount: 5, lines: 18, rate }),
      itemMoney({ amount: riel(333), numberCount: 7, lines: 23, rate: 76 }),
    ];
    const totals = ticketTotals(items);
    expect(totals).toEqual({
      face: 1234 + 90_000 + 53_613,
      discount: 246 + 18_000 + 12_867,
      net: 988 + 72_000 + 40_746,
    });
    expect(totals.face - totals.discount).toBe(totals.net);
    const refunded = items.reduce<number>((left, item) => left - item.net, totals.net);
    expect(refunded).toBe(0);
  });

  it('refuses a rate outside 1..100', () => {
    expect(() => itemMoney({ amount: riel(100), numberCount: 1, lines: 1, rate: 0 })).toThrow(AssertionError);
    expect(() => itemMoney({ amount: riel(100), numberCount: 1, lines: 1, rate: 101 })).toThrow(
      AssertionError,
    );
    expect(() => itemMoney({ amount: riel(100), numberCount: 1, lines: 1, rate: 79.5 })).toThrow(
      AssertionError,
    );
  });
});

describe('multi-hit payouts (lottery.md §4)', () => {
  const payout = (hits: number, price = 75) => itemPayout(riel(1000), price, hits);
  // VN_NORTH: G7 has 4 two-digit lines (post A for 2D); two of them are 55.
  const NORTH = sheet('VN_NORTH', {
    DB: ['12355'],
    G1: ['00000'],
    G2: ['11111', '22222'],
    G3: ['33333', '44444', '66666', '77777', '88888', '99999'],
    G4: ['0155', '0202', '0303', '0404'],
    G5: ['0505', '0606', '0707', '0808', '0909', '1010'],
    G6: ['355', '121', '131'],
    G7: ['55', '13', '55', '99'],
  });

  it('pays each line a number comes out on: A twice, ROLL five times', () => {
    const item = { layout: 'VN_NORTH' as const, betType: '2D' as const, numbers: ['55', '99'] };
    const onA = itemHits(NORTH, { ...item, posts: ['A'] });
    expect(onA.map((h) => `${h.code}.${String(h.index)}=${h.number}`)).toEqual([
      'G7.1=55',
      'G7.3=55',
      'G7.4=99',
    ]);
    expect(payout(onA.length)).toBe(225_000);
    const rolled = itemHits(NORTH, { ...item, posts: ['ROLL'] });
    // 55: DB, G4.1, G6.1, G7.1, G7.3; 99: G3.6, G7.4.
    expect(rolled).toHaveLength(7);
    expect(payout(rolled.length)).toBe(525_000);
  });

  it('checks 3D on the last three digits and never on a 2-digit line', () => {
    const item = { layout: 'VN_NORTH' as const, betType: '3D' as const, numbers: ['355', '055'] };
    expect(itemHits(NORTH, { ...item, posts: ['ROLL'] }).map((h) => h.code)).toEqual(['DB', 'G6']);
    expect(itemHits(NORTH, { ...item, posts: ['A'] }).map((h) => h.code)).toEqual(['G6']);
    expect(itemHits(NORTH, { ...item, posts: ['B'] }).map((h) => h.lineNumber)).toEqual(['12355']);
  });

  it('pays nothing without a hit', () => {
    const hits = itemHits(NORTH, { layout: 'VN_NORTH', betType: '2D', posts: ['B'], numbers: ['54'] });
    expect(hits).toEqual([]);
    expect(payout(hits.length)).toBe(riel(0));
  });
});
