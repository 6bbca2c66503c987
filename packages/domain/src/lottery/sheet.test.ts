import { describe, expect, it } from 'vitest';
import { AssertionError } from '../control/control';
import { serverSeedHash } from '../lotto59/draw';
import type { SheetLayout } from './constants';
import {
  lotterySheet,
  lotterySheetTrace,
  sheetBlockMessage,
  sheetFromNumbers,
  type SheetLine,
} from './sheet';

/*
 * lottery.md §7's vectors, checked twice: with the project's sheet.ts (@noble/hashes) and with a second
 * implementation written here from the spec's text on another crypto library, the runtime's WebCrypto (Node's
 * OpenSSL). The domain's lint keeps `node:crypto` out of packages/domain, tests included, so createHmac is not
 * used; WebCrypto is the same OpenSSL HMAC reached through the global.
 */
interface Subtle {
  importKey(
    format: 'raw',
    key: Uint8Array,
    algorithm: { name: 'HMAC'; hash: 'SHA-256' },
    extractable: false,
    usages: ['sign'],
  ): Promise<unknown>;
  sign(algorithm: 'HMAC', key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
  digest(algorithm: 'SHA-256', data: Uint8Array): Promise<ArrayBuffer>;
}
const { subtle } = (globalThis as unknown as { crypto: { subtle: Subtle } }).crypto;
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));
const hex = (bytes: ArrayBuffer) =>
  [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

// The spec's rows, retyped from lottery.md §2 rather than imported from layouts.ts.
const ROWS: Record<SheetLayout, [code: string, count: number, digits: number][]> = {
  VN_SOUTH: [
    ['G8', 1, 2], ['G7', 1, 3], ['G6', 3, 4], ['G5', 1, 4], ['G4', 7, 5],
    ['G3', 2, 5], ['G2', 1, 5], ['G1', 1, 5], ['DB', 1, 6],
  ],
  VN_NORTH: [
    ['DB', 1, 5], ['G1', 1, 5], ['G2', 2, 5], ['G3', 6, 5], ['G4', 4, 4], ['G5', 6, 4], ['G6', 3, 3], ['G7', 4, 2],
  ],
  KH: [
    ['A2', 1, 2], ['A3', 1, 3], ['L2', 3, 4], ['L3', 1, 4], ['L4', 7, 5], ['L5', 2, 5], ['L6', 1, 5],
    ['L7', 1, 5], ['B2', 1, 2], ['B3', 1, 3], ['C2', 1, 2], ['C3', 1, 3], ['D2', 1, 2], ['D3', 1, 3],
  ],
  TN: [['A', 1, 3], ['B', 1, 3], ['C', 1, 3], ['D', 1, 3], ['E', 1, 3]],
}; // prettier-ignore

/** §7 from its text: the rows' numbers as `CODE n n n`, and every rejected word. */
async function referenceSheet(
  seed: string,
  drawId: number,
  layout: SheetLayout,
): Promise<{ rows: string[]; rejected: number[] }> {
  const key = await subtle.importKey('raw', ascii(seed), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const words: number[] = [];
  let block = 0;
  const nextWord = async () => {
    if (words.length === 0) {
      const bytes = new Uint8Array(await subtle.sign('HMAC', key, ascii(`lottery:${drawId}:${block++}`)));
      for (let i = 0; i < 32; i += 4) {
        words.push(bytes[i]! * 2 ** 24 + bytes[i + 1]! * 2 ** 16 + bytes[i + 2]! * 2 ** 8 + bytes[i + 3]!);
      }
    }
    return words.shift()!;
  };
  const rows: string[] = [];
  const rejected: number[] = [];
  for (const [code, count, digits] of ROWS[layout]) {
    const m = 10 ** digits;
    const numbers: string[] = [];
    while (numbers.length < count) {
      const w = await nextWord();
      // m·floor(2^32/m) written as 2^32 − (2^32 mod m): the same bound reached another way.
      if (w >= 2 ** 32 - (2 ** 32 % m)) rejected.push(w);
      else numbers.push(String(w % m).padStart(digits, '0'));
    }
    rows.push(`${code} ${numbers.join(' ')}`);
  }
  return { rows, rejected };
}

/** The project's sheet in the same `CODE n n n` form. */
function rowsOf(lines: readonly SheetLine[]): string[] {
  const rows: string[] = [];
  for (const line of lines) {
    if (line.index === 1) rows.push(line.code);
    rows[rows.length - 1] += ` ${line.number}`;
  }
  return rows;
}

const SEED = 'f02af43dc4270182694536a9b1488c4e4ddb1ff6102ef6507a565483719f35f3';
const SEED_HASH = 'da925cb0d28d0ab92b516b91c41b5cc0a6d1a2760eb86794377b6bbb055da1a0';

// lottery.md §7, copied as printed.
const VECTORS: { layout: SheetLayout; drawId: number; sheet: string }[] = [
  {
    layout: 'VN_SOUTH',
    drawId: 1001,
    sheet:
      'G8 14, G7 386, G6 7242 6017 3864, G5 9843, G4 53308 29943 53973 73820 90821 12736 99874, ' +
      'G3 28962 54211, G2 20077, G1 19367, DB 376382',
  },
  {
    layout: 'KH',
    drawId: 2001,
    sheet:
      'A2 04, A3 132, L2 6510 9131 0151, L3 9768, L4 36362 28675 46071 42740 93729 26385 50156, ' +
      'L5 97634 40710, L6 08889, L7 46697, B2 68, B3 304, C2 95, C3 340, D2 91, D3 173',
  },
  { layout: 'TN', drawId: 3001, sheet: 'A 563, B 814, C 402, D 028, E 460' },
];

describe('lottery sheet (lottery.md §7)', () => {
  it('publishes the hash of the vector seed', async () => {
    expect(serverSeedHash(SEED)).toBe(SEED_HASH);
    expect(hex(await subtle.digest('SHA-256', ascii(SEED)))).toBe(SEED_HASH);
  });

  it.each(VECTORS)(
    '$layout draw $drawId gives the spec sheet with the project code',
    ({ layout, drawId, sheet }) => {
      expect(rowsOf(lotterySheet(SEED, drawId, layout)).join(', ')).toBe(sheet);
    },
  );

  it.each(VECTORS)(
    '$layout draw $drawId gives the spec sheet with the reference',
    async ({ layout, drawId, sheet }) => {
      const reference = await referenceSheet(SEED, drawId, layout);
      expect(reference.rows.join(', ')).toBe(sheet);
      expect(reference.rejected).toEqual([]);
    },
  );

  it('discards a word at or above the bound: VN_SOUTH draw 310 rejects one word of its DB line', async () => {
    const { lines, steps } = lotterySheetTrace(SEED, 310, 'VN_SOUTH');
    const rejected = steps.filter((s) => s.rejected);
    expect(rejected.map((s) => [s.word, s.modulus, s.bound])).toEqual([
      [4_294_367_910, 1_000_000, 4_294_000_000],
    ]);
    expect(lines.at(-1)).toEqual({ code: 'DB', index: 1, digits: 6, number: '172520' });
    const reference = await referenceSheet(SEED, 310, 'VN_SOUTH');
    expect(reference.rejected).toEqual([4_294_367_910]);
    expect(rowsOf(lines)).toEqual(reference.rows);
  });

  it.each(['VN_SOUTH', 'VN_NORTH', 'KH', 'TN'] as const)(
    '%s agrees with the reference on other seeds and draws',
    async (layout) => {
      for (const [seed, drawId] of [
        ['00'.repeat(32), 0],
        ['ff'.repeat(32), 7],
        ['0123456789abcdef'.repeat(4), 123_456],
      ] as const) {
        const reference = await referenceSheet(seed, drawId, layout);
        expect(rowsOf(lotterySheet(seed, drawId, layout))).toEqual(reference.rows);
      }
    },
  );

  it('numbers each row from 1 and pads every number to its digits', () => {
    const lines = lotterySheet(SEED, 42, 'VN_NORTH');
    expect(lines).toHaveLength(27);
    expect(lines.filter((l) => l.code === 'G7').map((l) => l.index)).toEqual([1, 2, 3, 4]);
    for (const line of lines) expect(line.number).toMatch(new RegExp(`^\\d{${line.digits}}$`));
  });

  it('keeps the lottery stream apart from lotto 59 and from other draws', () => {
    expect(sheetBlockMessage(1001, 0)).toBe('lottery:1001:0');
    expect(lotterySheet(SEED, 1002, 'TN')).not.toEqual(lotterySheet(SEED, 1001, 'TN'));
  });

  it('refuses a seed that is not 64 lowercase hex characters, and a bad draw id', () => {
    expect(() => lotterySheet(SEED.toUpperCase(), 1, 'TN')).toThrow(AssertionError);
    expect(() => lotterySheet(SEED, -1, 'TN')).toThrow(AssertionError);
    expect(() => lotterySheet(SEED, 1.5, 'TN')).toThrow(AssertionError);
  });
});

describe('sheetFromNumbers (feed and manual results)', () => {
  const tn = { A: ['563'], B: ['814'], C: ['402'], D: ['028'], E: ['460'] };

  it('accepts a complete sheet and answers it in the layout order', () => {
    const result = sheetFromNumbers('TN', { E: ['460'], D: ['028'], C: ['402'], B: ['814'], A: ['563'] });
    expect(result.ok && rowsOf(result.value).join(', ')).toBe(VECTORS[2]!.sheet);
  });

  it('refuses a missing line, a wrong count, a wrong digit count and an unknown line', () => {
    const { E: _, ...missing } = tn;
    expect(sheetFromNumbers('TN', missing)).toEqual({ ok: false, error: { code: 'E', problem: 'MISSING' } });
    expect(sheetFromNumbers('TN', { ...tn, A: ['563', '111'] })).toEqual({
      ok: false,
      error: { code: 'A', problem: 'WRONG_COUNT' },
    });
    expect(sheetFromNumbers('TN', { ...tn, B: ['81'] })).toEqual({
      ok: false,
      error: { code: 'B', problem: 'WRONG_DIGITS' },
    });
    expect(sheetFromNumbers('TN', { ...tn, G8: ['14'] })).toEqual({
      ok: false,
      error: { code: 'G8', problem: 'UNKNOWN' },
    });
  });
});
