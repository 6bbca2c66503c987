import { describe, expect, it } from 'vitest';
import { oddsText, readSlip, slipNumber, statusFromMoney } from './sport-slip-meta';

describe('reading a slip from the wallet meta (decision 0025)', () => {
  it('pads slip numbers to 7 digits and refuses what is not one', () => {
    expect(slipNumber(42)).toBe('0000042');
    expect(slipNumber('1234567')).toBe('1234567');
    expect(slipNumber('12345678')).toBe('12345678');
    expect([slipNumber(-1), slipNumber(1.5), slipNumber('12a'), slipNumber(null)]).toEqual([
      '0000000',
      '0000000',
      '0000000',
      '0000000',
    ]);
  });

  it('writes odds with two decimals, from decimal odds or from hundredths on every leg', () => {
    expect([oddsText(101), oddsText(250), oddsText(1207), oddsText(15_000)]).toEqual([
      '1.01',
      '2.50',
      '12.07',
      '150.00',
    ]);
    const decimal = readSlip(
      JSON.stringify({ type: 'PARLAY', odds: 150, legs: [{ odds: 12.5 }, { odds: '12' }] }),
      null,
    );
    // Decimal legs: the combined 150 is 150.00, not 1.50.
    expect([decimal.odds, ...decimal.legs.map((l) => l.odds)]).toEqual(['150.00', '12.50', '12.00']);
    const hundredths = readSlip(
      JSON.stringify({ type: 'PARLAY', odds: 15_000, legs: [{ odds: 1250 }, { odds: 1200 }] }),
      null,
    );
    expect([hundredths.odds, ...hundredths.legs.map((l) => l.odds)]).toEqual(['150.00', '12.50', '12.00']);
  });

  it('pairs the win legs with the bet legs in order, and reads the score forms', () => {
    const slip = readSlip(
      JSON.stringify({
        slip_no: 9,
        type: 'PARLAY',
        odds: '3.00',
        legs: [
          {
            fixture: { home: 'Kep Crabs', away: 'Bokor Eagles' },
            kickoff_at: 1_795_000_000_000,
            market: 'OU',
            selection: 'UNDER',
            line: 2.25,
            odds: 1.5,
          },
          {
            fixture: 'Angkor Lions v Kampot Pepper',
            kickoff_at: 'not a date',
            market: '1X2',
            selection: 'HOME',
            odds: 2,
          },
        ],
      }),
      JSON.stringify({
        status: 'HALF_LOST',
        legs: [
          { result: 'HALF_LOSS', score: '1 : 2' },
          { result: 'NOT_A_RESULT', score: [3] },
        ],
      }),
    );
    expect(slip).toEqual({
      slip_no: '0000009',
      type: 'PARLAY',
      odds: '3.00',
      status: 'HALF_LOST',
      legs: [
        {
          fixture: 'Kep Crabs v Bokor Eagles',
          kickoff_at: new Date(1_795_000_000_000).toISOString(),
          market: 'OU',
          selection: 'UNDER',
          line: '2.25',
          odds: '1.50',
          result: 'HALF_LOSS',
          score: '1-2',
        },
        {
          fixture: 'Angkor Lions v Kampot Pepper',
          kickoff_at: null,
          market: '1X2',
          selection: 'HOME',
          line: null,
          odds: '2.00',
          result: null,
          score: null,
        },
      ],
    });
  });

  it('gives empty cells, not a failure, for a meta it cannot read', () => {
    for (const [bet, win] of [
      [null, null],
      ['not json', '[]'],
      ['[1,2]', '{"status":"PENDING"}'],
    ] as const) {
      expect(readSlip(bet, win)).toEqual({
        slip_no: '0000000',
        type: 'SINGLE',
        legs: [],
        odds: '0.00',
        status: undefined,
      });
    }
  });

  it('tells a settled status from the money when the win meta names none', () => {
    expect(statusFromMoney(1_000, 0)).toBe('LOST');
    expect(statusFromMoney(1_000, 1_000)).toBe('PUSH');
    expect(statusFromMoney(1_000, 1_860)).toBe('WON');
    expect(statusFromMoney(1_000, 500)).toBe('HALF_LOST');
  });
});
