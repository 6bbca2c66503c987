import { describe, expect, it } from 'vitest';
import { fairWordSource, listWordSource } from '../fair/stream';
import { RuleAssertionError } from '../result';
import { ANGKOR_FORTUNE, type SlotMachine, type SlotSymbol } from './machine';
import { checkLineBet, evaluateLine, evaluateSpin, lineBetOfTotal, spinFromStream, windowOf } from './spin';

const line = (text: string) => text.split(' ') as SlotSymbol[];

describe('a line, left to right (providers.md §7.1)', () => {
  it('pays 3, 4 and 5 of a kind from reel 1', () => {
    expect(evaluateLine(line('K K K Q J'))).toEqual({ symbol: 'K', count: 3, multiple: 12 });
    expect(evaluateLine(line('H2 H2 H2 H2 J'))).toEqual({ symbol: 'H2', count: 4, multiple: 120 });
    expect(evaluateLine(line('T T T T T'))).toEqual({ symbol: 'T', count: 5, multiple: 40 });
    expect(evaluateLine(line('K K Q K K'))).toBeNull();
    expect(evaluateLine(line('Q K K K K'))).toBeNull();
  });

  it('lets the wild stand in for the line symbol wherever it is', () => {
    expect(evaluateLine(line('H1 W H1 W H1'))).toEqual({ symbol: 'H1', count: 5, multiple: 1000 });
    expect(evaluateLine(line('W W W K Q'))).toEqual({ symbol: 'K', count: 4, multiple: 30 });
    expect(evaluateLine(line('W A W Q Q'))).toEqual({ symbol: 'A', count: 3, multiple: 14 });
  });

  it('pays a line of 5 wilds as 5 H1', () => {
    expect(evaluateLine(line('W W W W W'))).toEqual({ symbol: 'H1', count: 5, multiple: 1000 });
  });

  it('never lets the wild stand in for the scatter: a scatter as line symbol pays nothing', () => {
    expect(evaluateLine(line('S S S S S'))).toBeNull();
    expect(evaluateLine(line('W W S K K'))).toBeNull();
    expect(evaluateLine(line('W W W W S'))).toBeNull();
    expect(evaluateLine(line('K K S K K'))).toBeNull();
    expect(evaluateLine(line('K K K S K'))).toEqual({ symbol: 'K', count: 3, multiple: 12 });
  });
});

describe('a whole spin', () => {
  it('reads the window as strip[(stop + k) mod 32], wrapping round the strip', () => {
    expect(windowOf([31, 0, 30, 5, 5])).toEqual([
      ['A', 'S', 'H3'],
      ['S', 'H3', 'K'],
      ['T', 'A', 'S'],
      ['Q', 'H1', 'A'],
      ['Q', 'H1', 'A'],
    ]);
  });

  it('wild substitution on two lines: 5 H1 on the middle line and 5 A on line 13 (1,120 × line bet)', () => {
    // Window rows: top J K Q H3 Q, middle H1 W H1 W H1, bottom A J A Q A; checked line by line by hand.
    const spin = evaluateSpin([5, 2, 5, 12, 5], 100);
    expect(spin.lineWins).toEqual([
      {
        lineIndex: 0,
        symbol: 'H1',
        count: 5,
        multiple: 1000,
        positions: [
          [0, 1],
          [1, 1],
          [2, 1],
          [3, 1],
          [4, 1],
        ],
        win: 100_000,
      },
      {
        lineIndex: 12,
        symbol: 'A',
        count: 5,
        multiple: 120,
        positions: [
          [0, 2],
          [1, 1],
          [2, 2],
          [3, 1],
          [4, 2],
        ],
        win: 12_000,
      },
    ]);
    expect(spin.scatter).toEqual({ count: 0, multiple: 0, positions: [], win: 0 });
    expect(spin.totalBet).toBe(2_000);
    expect(spin.totalWin).toBe(112_000);
  });

  it('three scatters on different rows pay 5 × total bet, and every line they cross pays nothing', () => {
    // Window rows: top S A T Q Q, middle H3 S A H1 H1, bottom K H3 S A A.
    const spin = evaluateSpin([0, 31, 30, 5, 5], 50);
    expect(spin.lineWins).toEqual([]);
    expect(spin.scatter).toEqual({
      count: 3,
      multiple: 5,
      positions: [
        [0, 0],
        [1, 1],
        [2, 2],
      ],
      win: 5_000,
    });
    expect(spin.totalWin).toBe(5_000);
  });

  it('five scatters add 200 × total bet to the lines that still pay (4,350 × line bet)', () => {
    // Every reel shows S / H3 / K: the middle line is 5 H3 (250), the bottom line 5 K (100).
    const spin = evaluateSpin([0, 0, 0, 0, 0], 1000);
    expect(spin.lineWins.map((w) => [w.lineIndex, w.symbol, w.count, w.win])).toEqual([
      [0, 'H3', 5, 250_000],
      [2, 'K', 5, 100_000],
    ]);
    expect(spin.scatter.win).toBe(200 * 20_000);
    expect(spin.totalWin).toBe(4_350_000);
  });

  it('a line of 5 wilds pays as 5 H1 in a whole spin (a machine with a wild on reel 1; Angkor Fortune has none)', () => {
    const wildFirst: SlotMachine = {
      ...ANGKOR_FORTUNE,
      strips: ANGKOR_FORTUNE.strips.map((s): SlotSymbol[] => ['K', 'W', 'Q', ...s.slice(3)]),
    };
    // Every reel shows K / W / Q: the middle line is 5 W, the top 5 K, the bottom 5 Q.
    const spin = evaluateSpin([0, 0, 0, 0, 0], 100, wildFirst);
    expect(spin.lineWins.find((w) => w.lineIndex === 0)).toMatchObject({
      symbol: 'H1',
      count: 5,
      multiple: 1000,
      win: 100_000,
    });
    expect(ANGKOR_FORTUNE.strips[0]).not.toContain('W');
  });

  it('the §6 vector spin (nonce 0 → stops 15 21 0 9 2) as the game would show it', () => {
    const stops = spinFromStream(
      fairWordSource('5bfd02a12d89377308d99fe3e193429a3f21347e0c9670b1a36dcc473983f277', 'player-seed', 0),
    );
    expect(stops).toEqual([15, 21, 0, 9, 2]);
    const spin = evaluateSpin(stops, 50);
    expect(spin.totalWin).toBe(spin.lineWins.reduce((s, w) => s + w.win, 0) + spin.scatter.win);
  });

  it('takes each stop as uniform(32), reel 1 first', () => {
    const words = [5, 2 ** 32 - 1, 32 + 2, 64 + 5, 12, 5];
    expect(spinFromStream(listWordSource(words))).toEqual([5, 31, 2, 5, 12]);
  });

  it('refuses a stop outside the strip or a bet that is not whole riel', () => {
    expect(() => evaluateSpin([0, 0, 0, 0, 32], 50)).toThrow(RuleAssertionError);
    expect(() => evaluateSpin([0, 0, 0, 0], 50)).toThrow(RuleAssertionError);
    expect(() => evaluateSpin([0, 0, 0, 0, 0], 50.5)).toThrow(RuleAssertionError);
  });
});

describe('the bet ladder', () => {
  it('accepts the six line bets, total 1,000 to 50,000 riel', () => {
    expect(ANGKOR_FORTUNE.lineBets.map((b) => b * 20)).toEqual([1_000, 2_000, 5_000, 10_000, 20_000, 50_000]);
    for (const bet of ANGKOR_FORTUNE.lineBets) expect(checkLineBet(bet)).toEqual({ ok: true, value: bet });
    expect(lineBetOfTotal(5_000)).toEqual({ ok: true, value: 250 });
  });

  it('refuses anything off the ladder with a stable code', () => {
    for (const bet of [0, 49, 51, 75, 5_000, -50, 50.5])
      expect(checkLineBet(bet)).toMatchObject({ ok: false, code: 'SLOT_BAD_LINE_BET' });
    for (const total of [999, 1_500, 100_000, 0])
      expect(lineBetOfTotal(total)).toMatchObject({ ok: false, code: 'SLOT_BAD_TOTAL_BET' });
  });
});
