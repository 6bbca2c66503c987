import { describe, expect, it } from 'vitest';
import { fairWordSource } from '../fair/stream';
import { RuleAssertionError } from '../result';
import { baccaratTable, betPayout, checkRoundBets, settleRound } from './bets';
import { type Card, cardLabel, cardOf, handValue } from './cards';
import { type Coup, dealCoup, playCoup } from './deal';
import { bankerDraws, isNatural, playerDraws } from './drawing';

/** A card of the given rank from deck 0 of the given suit index (♠ 0, ♥ 1, ♦ 2, ♣ 3). */
const card = (rank: number, suit = 0): Card => cardOf(suit * 13 + rank - 1);
const coupOf = (ranks: number[]): Coup => {
  const queue = ranks.map((rank, i) => card(rank, i % 4));
  return playCoup(() => {
    const next = queue.shift();
    if (next === undefined) throw new Error('the coup took more cards than the test gave');
    return next;
  });
};

describe('cards (providers.md §7.2)', () => {
  it('maps card ids to deck, suit and rank', () => {
    expect(cardOf(0)).toEqual({ id: 0, deck: 0, suit: '♠', rank: 1 });
    expect(cardOf(51)).toEqual({ id: 51, deck: 0, suit: '♣', rank: 13 });
    expect(cardOf(415)).toEqual({ id: 415, deck: 7, suit: '♣', rank: 13 });
    expect([302, 206, 81, 33, 155, 126].map((id) => cardLabel(cardOf(id)))).toEqual([
      '♣4',
      '♣Q',
      '♦4',
      '♦8',
      '♣K',
      '♥10',
    ]);
    expect(() => cardOf(416)).toThrow(RuleAssertionError);
  });

  it('values A as 1, 2–9 at face, 10 J Q K as 0, and a hand as its total mod 10', () => {
    expect([1, 2, 9, 10, 11, 12, 13].map((r) => handValue([card(r)]))).toEqual([1, 2, 9, 0, 0, 0, 0]);
    expect(handValue([card(7), card(8)])).toBe(5);
    expect(handValue([card(9), card(13), card(9)])).toBe(8);
  });
});

describe('the drawing table, case by case', () => {
  it('a natural is 8 or 9', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(isNatural)).toEqual([...Array(8).fill(false), true, true]);
  });

  it('the Player draws on 0–5 and stands on 6–7', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map(playerDraws)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it('when the Player stood, the Banker draws on 0–5', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7].map((b) => bankerDraws(b, null))).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });

  it("when the Player drew, the Banker's table by the Player's third card", () => {
    // Rows: Banker's total 0..7; columns: the Player's third card's value 0..9. D draws, S stands.
    const table = [
      'D D D D D D D D D D', // 0
      'D D D D D D D D D D', // 1
      'D D D D D D D D D D', // 2
      'D D D D D D D D S D', // 3: unless p3 = 8
      'S S D D D D D D S S', // 4: p3 2–7
      'S S S S D D D D S S', // 5: p3 4–7
      'S S S S S S D D S S', // 6: p3 6–7
      'S S S S S S S S S S', // 7: never
    ];
    table.forEach((row, banker) => {
      row
        .split(' ')
        .forEach((cell, p3) =>
          expect([banker, p3, bankerDraws(banker, p3)]).toEqual([banker, p3, cell === 'D']),
        );
    });
  });
});

describe('a coup, card by card', () => {
  it('a natural stops both hands (the §6 vector: nonce 1 is ♣4 ♦4 against ♣Q ♦8, a tie 8–8)', () => {
    const coup = dealCoup(
      fairWordSource('5bfd02a12d89377308d99fe3e193429a3f21347e0c9670b1a36dcc473983f277', 'player-seed', 1),
    );
    expect(coup.player.map(cardLabel)).toEqual(['♣4', '♦4']);
    expect(coup.banker.map(cardLabel)).toEqual(['♣Q', '♦8']);
    expect(coup.player.map((c) => c.id)).toEqual([302, 81]);
    expect(coup.banker.map((c) => c.id)).toEqual([206, 33]);
    expect(coup).toMatchObject({
      playerValue: 8,
      bankerValue: 8,
      outcome: 'TIE',
      playerPair: true,
      bankerPair: false,
    });
  });

  it('deals in the order P1, B1, P2, B2, P3, B3', () => {
    // P: 2 + 3 = 5 draws 4 → 9; B: 10 + 4 = 4 draws on p3 = 4 → 4 + 5 = 9: a tie.
    const coup = coupOf([2, 10, 3, 4, 4, 5]);
    expect(coup.player.map((c) => c.rank)).toEqual([2, 3, 4]);
    expect(coup.banker.map((c) => c.rank)).toEqual([10, 4, 5]);
    expect(coup).toMatchObject({ playerValue: 9, bankerValue: 9, outcome: 'TIE' });
  });

  it('the Player stands on 6, the Banker on 5 then draws its third card as the fifth card', () => {
    const coup = coupOf([3, 2, 3, 3, 3]);
    expect(coup.player).toHaveLength(2);
    expect(coup.banker.map((c) => c.rank)).toEqual([2, 3, 3]);
    expect(coup).toMatchObject({
      playerValue: 6,
      bankerValue: 8,
      outcome: 'BANKER',
      playerPair: true,
      bankerPair: false,
    });
  });

  it('the Banker stands on 6 against a Player third card of 5', () => {
    const coup = coupOf([1, 3, 1, 3, 5]);
    expect(coup.banker).toHaveLength(2);
    expect(coup).toMatchObject({ playerValue: 7, bankerValue: 6, outcome: 'PLAYER', bankerPair: true });
  });

  it('a natural of the Banker alone stops the Player from drawing on 0', () => {
    const coup = coupOf([10, 4, 13, 5]);
    expect(coup.player).toHaveLength(2);
    expect(coup).toMatchObject({ playerValue: 0, bankerValue: 9, outcome: 'BANKER', playerPair: false });
  });
});

describe('bets and payouts in whole riel', () => {
  const player = coupOf([4, 2, 4, 3, 10, 10]); // P 8 natural against B 5
  const banker = coupOf([10, 4, 13, 5]); // B 9 natural against P 0, no pair
  const tie = coupOf([4, 5, 4, 3]); // 8 against 8: both naturals
  expect([player.outcome, banker.outcome, tie.outcome]).toEqual(['PLAYER', 'BANKER', 'TIE']);

  it('PLAYER 1:1 and returned on a tie', () => {
    expect([player, banker, tie].map((c) => betPayout('PLAYER', 10_000, c))).toEqual([20_000, 0, 10_000]);
  });

  it('BANKER stake + floor(stake × 95 / 100), returned on a tie', () => {
    expect([player, banker, tie].map((c) => betPayout('BANKER', 10_000, c))).toEqual([0, 19_500, 10_000]);
    expect(betPayout('BANKER', 1_001, banker)).toBe(1_001 + 950);
    expect(betPayout('BANKER', 1_019, banker)).toBe(1_019 + 968);
  });

  it('TIE 8:1 and the pairs 11:1 on the first two cards of their hand', () => {
    expect([player, banker, tie].map((c) => betPayout('TIE', 1_000, c))).toEqual([0, 0, 9_000]);
    expect([player, banker, tie].map((c) => betPayout('PLAYER_PAIR', 1_000, c))).toEqual([12_000, 0, 12_000]);
    expect([player, banker, tie].map((c) => betPayout('BANKER_PAIR', 1_000, c))).toEqual([0, 0, 0]);
    expect(betPayout('BANKER_PAIR', 2_000, coupOf([1, 7, 7, 7]))).toBe(24_000);
  });

  it('a round is one stake and one payout: the sums of its bets', () => {
    const bets = [
      { kind: 'PLAYER', amount: 5_000 },
      { kind: 'TIE', amount: 1_000 },
      { kind: 'PLAYER_PAIR', amount: 2_000 },
    ] as const;
    expect(settleRound(bets, tie)).toEqual({
      bets: [
        { kind: 'PLAYER', amount: 5_000, payout: 5_000 },
        { kind: 'TIE', amount: 1_000, payout: 9_000 },
        { kind: 'PLAYER_PAIR', amount: 2_000, payout: 24_000 },
      ],
      stake: 8_000,
      payout: 38_000,
    });
    expect(settleRound(bets, banker)).toMatchObject({ stake: 8_000, payout: 0 });
  });
});

describe('round limits and refusals', () => {
  /** A wallet that would take every round the kind limits allow (none does by default: 5,000,000, §3). */
  const roomy = baccaratTable(11_500_000);
  const fullTable = [
    { kind: 'PLAYER', amount: 5_000_000 },
    { kind: 'BANKER', amount: 5_000_000 },
    { kind: 'TIE', amount: 500_000 },
    { kind: 'PLAYER_PAIR', amount: 500_000 },
    { kind: 'BANKER_PAIR', amount: 500_000 },
  ];

  it('accepts 1–5 bets within 1,000–5,000,000 (TIE and pairs 500,000)', () => {
    expect(checkRoundBets([{ kind: 'PLAYER', amount: 1_000 }], roomy).ok).toBe(true);
    expect(checkRoundBets(fullTable, roomy).ok).toBe(true);
  });

  it("the table's limits follow the wallet's largest bet: a round's total never passes it", () => {
    // PROVIDER_MAX_BET's default (providers.md §3): the wallet takes one bet of at most 5,000,000 ៛.
    const table = baccaratTable(5_000_000);
    expect(table.roundMax).toBe(5_000_000);
    expect(table.kinds.PLAYER).toEqual({ min: 1_000, max: 5_000_000 });
    expect(table.kinds.TIE).toEqual({ min: 1_000, max: 500_000 });
    expect(checkRoundBets(fullTable, table)).toMatchObject({ ok: false, code: 'BACCARAT_ROUND_ABOVE_MAX' });
    const atTheLimit = [
      { kind: 'PLAYER', amount: 3_500_000 },
      { kind: 'BANKER', amount: 1_000_000 },
      { kind: 'TIE', amount: 500_000 },
    ];
    expect(checkRoundBets(atTheLimit, table).ok).toBe(true);
    expect(checkRoundBets([...atTheLimit, { kind: 'BANKER_PAIR', amount: 1_000 }], table)).toMatchObject({
      ok: false,
      code: 'BACCARAT_ROUND_ABOVE_MAX',
    });
    // A stricter wallet lowers the kinds' limits too, so no single chip stack is offered past it.
    const strict = baccaratTable(300_000);
    expect(strict).toMatchObject({
      roundMax: 300_000,
      kinds: { PLAYER: { max: 300_000 }, TIE: { max: 300_000 } },
    });
    expect(checkRoundBets([{ kind: 'BANKER', amount: 300_001 }], strict)).toMatchObject({
      ok: false,
      code: 'BACCARAT_BET_ABOVE_MAX',
    });
    // A roomier one never raises them past §7.2.
    expect(baccaratTable(50_000_000)).toMatchObject({
      roundMax: 11_500_000,
      kinds: { PLAYER: { max: 5_000_000 } },
    });
  });

  it.each([
    [[], 'BACCARAT_NO_BETS'],
    [[...Array(6)].map(() => ({ kind: 'PLAYER', amount: 1_000 })), 'BACCARAT_TOO_MANY_BETS'],
    [[{ kind: 'DRAGON', amount: 1_000 }], 'BACCARAT_UNKNOWN_BET'],
    [
      [
        { kind: 'TIE', amount: 1_000 },
        { kind: 'TIE', amount: 2_000 },
      ],
      'BACCARAT_DUPLICATE_BET',
    ],
    [[{ kind: 'PLAYER', amount: 1_000.5 }], 'BACCARAT_BAD_AMOUNT'],
    [[{ kind: 'PLAYER', amount: 999 }], 'BACCARAT_BET_BELOW_MIN'],
    [[{ kind: 'BANKER', amount: 5_000_001 }], 'BACCARAT_BET_ABOVE_MAX'],
    [[{ kind: 'TIE', amount: 500_001 }], 'BACCARAT_BET_ABOVE_MAX'],
    [[{ kind: 'BANKER_PAIR', amount: 500_001 }], 'BACCARAT_BET_ABOVE_MAX'],
  ])('refuses %j with %s', (bets, code) => {
    expect(checkRoundBets(bets, roomy)).toMatchObject({ ok: false, code });
  });
});
