import { describe, expect, it } from 'vitest';
import { fairWordSource, listWordSource, rejectionBound } from '../fair/stream';
import { fraction } from '../fraction';
import {
  CANNON_COSTS,
  CAPTURE_RANGE,
  captureThreshold,
  FISH_KINDS,
  magazinePrice,
  magazineSettlement,
  resolveShot,
  shotCost,
} from './ocean-dragon';

describe('Ocean Dragon capture thresholds (providers.md §7.3)', () => {
  it('p_k = R / mean(m_k) is an integer for every fish: F2 576,000, F10 115,200, F300 3,840, DRAGON 5,760', () => {
    const thresholds = Object.fromEntries(FISH_KINDS.map((k) => [k.code, captureThreshold(k)]));
    expect(thresholds).toEqual({
      F2: 576_000,
      F3: 384_000,
      F4: 288_000,
      F5: 230_400,
      F6: 192_000,
      F8: 144_000,
      F10: 115_200,
      F12: 96_000,
      F15: 76_800,
      F20: 57_600,
      F25: 46_080,
      F30: 38_400,
      F40: 28_800,
      F50: 23_040,
      F80: 14_400,
      F100: 11_520,
      F150: 7_680,
      F200: 5_760,
      F300: 3_840,
      DRAGON: 5_760,
    });
  });

  it('the expected return per shot is exactly 96 % for EVERY fish (exact rationals)', () => {
    for (const kind of FISH_KINDS) {
      // p/D × mean(m) = p × Σm / (D × n)
      const sum = kind.multipliers.reduce((s, m) => s + m, 0);
      const rtp = fraction(
        BigInt(captureThreshold(kind) * sum),
        BigInt(CAPTURE_RANGE * kind.multipliers.length),
      );
      expect([kind.code, rtp]).toEqual([kind.code, { numerator: 24n, denominator: 25n }]);
    }
  });

  it('the fish table of §7.3: 19 fixed multipliers and the dragon at 100–300 (mean 200)', () => {
    expect(FISH_KINDS.map((k) => [k.code, k.spawnWeight])).toEqual([
      ['F2', 200],
      ['F3', 160],
      ['F4', 140],
      ['F5', 120],
      ['F6', 100],
      ['F8', 80],
      ['F10', 60],
      ['F12', 50],
      ['F15', 40],
      ['F20', 30],
      ['F25', 25],
      ['F30', 20],
      ['F40', 15],
      ['F50', 12],
      ['F80', 8],
      ['F100', 6],
      ['F150', 4],
      ['F200', 3],
      ['F300', 2],
      ['DRAGON', 1],
    ]);
    expect(FISH_KINDS.at(-1)!.multipliers).toEqual([100, 150, 200, 250, 300]);
  });
});

describe('a shot', () => {
  const bound = rejectionBound(CAPTURE_RANGE);

  it('captures iff uniform(D) < p_k: the threshold itself escapes, one below is caught', () => {
    expect(resolveShot(listWordSource([575_999]), 'F2', 1)).toEqual({
      ok: true,
      value: { fish: 'F2', level: 1, cost: 100, captured: true, multiplier: 2, payout: 200 },
    });
    expect(resolveShot(listWordSource([576_000]), 'F2', 1)).toMatchObject({
      value: { captured: false, payout: 0 },
    });
    // w mod D decides, so a word one range higher lands on the same side.
    expect(resolveShot(listWordSource([CAPTURE_RANGE + 3_839]), 'F300', 6)).toMatchObject({
      value: { captured: true, multiplier: 300, payout: 1_500_000 },
    });
  });

  it('discards a word at or above the rejection bound before deciding', () => {
    expect(resolveShot(listWordSource([bound, 10]), 'F50', 4)).toMatchObject({
      value: { captured: true, cost: 1_000, payout: 50_000 },
    });
  });

  it("a captured dragon's multiplier is the next uniform(5) over 100, 150, 200, 250, 300", () => {
    const shot = (second: number) => resolveShot(listWordSource([5_759, second]), 'DRAGON', 2);
    expect([0, 1, 2, 3, 4, 9].map((w) => (shot(w) as { value: { payout: number } }).value.payout)).toEqual([
      20_000, 30_000, 40_000, 50_000, 60_000, 60_000,
    ]);
    // An escaped dragon takes one word only: the list of one word does not run out.
    expect(resolveShot(listWordSource([5_760]), 'DRAGON', 2)).toMatchObject({ value: { captured: false } });
  });

  it('is decided by the fair stream of the nonce', () => {
    const seed = '5bfd02a12d89377308d99fe3e193429a3f21347e0c9670b1a36dcc473983f277';
    const shots = Array.from({ length: 200 }, (_, nonce) =>
      resolveShot(fairWordSource(seed, 'player-seed', nonce), 'F2', 1),
    );
    const captured = shots.filter((s) => s.ok && s.value.captured).length;
    // p = 0.48; 200 shots: 96 expected, 99.99 % of runs fall in 60..132.
    expect(captured).toBeGreaterThan(60);
    expect(captured).toBeLessThan(132);
    expect(shots).toEqual(
      Array.from({ length: 200 }, (_, nonce) =>
        resolveShot(fairWordSource(seed, 'player-seed', nonce), 'F2', 1),
      ),
    );
  });

  it('refuses a bad level or an unknown fish with a stable code', () => {
    for (const level of [0, 7, -1, 1.5, Number.NaN])
      expect(resolveShot(listWordSource([0]), 'F2', level)).toMatchObject({
        ok: false,
        code: 'FISHING_BAD_LEVEL',
      });
    expect(resolveShot(listWordSource([0]), 'F7', 1)).toMatchObject({
      ok: false,
      code: 'FISHING_UNKNOWN_FISH',
    });
    expect(CANNON_COSTS.map((_, i) => shotCost(i + 1))).toEqual(
      [100, 200, 500, 1_000, 2_000, 5_000].map((value) => ({ ok: true, value })),
    );
  });
});

describe('magazines (provider 5)', () => {
  it('one magazine is 50 shots at the level cost', () => {
    expect(magazinePrice(1)).toEqual({ ok: true, value: 5_000 });
    expect(magazinePrice(6)).toEqual({ ok: true, value: 250_000 });
    expect(magazinePrice(9)).toMatchObject({ ok: false, code: 'FISHING_BAD_LEVEL' });
  });

  it('the win carries the captured payouts and refunds every unfired bullet', () => {
    expect(magazineSettlement(3, 50, 7_000)).toEqual({ shots: 50, payout: 7_000, refund: 0, win: 7_000 });
    expect(magazineSettlement(3, 12, 1_000)).toEqual({
      shots: 12,
      payout: 1_000,
      refund: 19_000,
      win: 20_000,
    });
    expect(magazineSettlement(1, 0, 0)).toEqual({ shots: 0, payout: 0, refund: 5_000, win: 5_000 });
    expect(() => magazineSettlement(1, 51, 0)).toThrow();
  });
});
