import { describe, expect, it } from 'vitest';
import { BET_MESSAGES, mapBetError } from './bet-errors';

describe('bet error messages (seed §5)', () => {
  it('builds the exact wire messages', () => {
    expect(BET_MESSAGES.minAmount(500)).toBe('The amount must be at least 500.');
    expect(BET_MESSAGES.maxAmount(2_000_000)).toBe('The amount must not be greater than 2000000.');
    expect(BET_MESSAGES.notEnoughMoney).toBe('Not enought money.');
    expect(BET_MESSAGES.requestTimeout).toBe('Request timeout.');
    expect(BET_MESSAGES.jackpotOverLimit(10)).toBe('Bet jackpot is over limit 10');
  });

  it.each([
    ['The amount must be at least 500.', { key: 'min_amount', value: 500 }],
    ['Error: The amount must be at least 1000. (NUMBER)', { key: 'min_amount', value: 1000 }],
    ['The amount must be at least 1,500.', { key: 'min_amount', value: 1500 }],
    ['The amount must not be greater than 2000000.', { key: 'max_amount', value: 2_000_000 }],
    ['amount: The amount must not be greater than 50000.', { key: 'max_amount', value: 50_000 }],
    ['Not enought money.', { key: 'not_enough_money' }],
    ['Request timeout.', { key: 'betting_time_over' }],
    ['Bet jackpot is over limit 10', { key: 'jackpot_limit', value: 10 }],
    ['Sorry. Bet jackpot is over limit 3 lines', { key: 'jackpot_limit', value: 3 }],
    ['Something else went wrong', { key: 'bet_failed' }],
    ['', { key: 'bet_failed' }],
  ])('maps %j', (message, mapped) => {
    expect(mapBetError(message)).toEqual(mapped);
  });

  it('maps what the server sends through the same table', () => {
    expect(mapBetError(BET_MESSAGES.minAmount(500))).toEqual({ key: 'min_amount', value: 500 });
    expect(mapBetError(BET_MESSAGES.maxAmount(2_000_000))).toEqual({ key: 'max_amount', value: 2_000_000 });
    expect(mapBetError(BET_MESSAGES.notEnoughMoney)).toEqual({ key: 'not_enough_money' });
    expect(mapBetError(BET_MESSAGES.requestTimeout)).toEqual({ key: 'betting_time_over' });
    expect(mapBetError(BET_MESSAGES.jackpotOverLimit(10))).toEqual({ key: 'jackpot_limit', value: 10 });
  });

  it('matches the money and timeout rows only as whole messages, as the seed writes them', () => {
    expect(mapBetError('Error: Not enought money.')).toEqual({ key: 'bet_failed' });
    expect(mapBetError('Not enough money.')).toEqual({ key: 'bet_failed' });
    expect(mapBetError('Request timeout')).toEqual({ key: 'bet_failed' });
  });

  it('keeps the row without a number when the server leaves it out', () => {
    expect(mapBetError('The amount must be at least .')).toEqual({ key: 'min_amount' });
  });
});
