import type { BetRecord, TicketList } from '@lotto59/contract';
import { describe, expect, it } from 'vitest';
import { doubledAmount, formatAmountInput } from './amount-input';
import { repeatFor } from './repeat-bet';
import { markedPositions, picksOf, roundOutcomeOf } from './round-outcome';

const bet = (over: Partial<BetRecord>): BetRecord => ({
  id: 1,
  result_id: 42,
  group_id: 9,
  poll: 'POLL_2',
  type: 'RANGE_6',
  post: null,
  number: null,
  numbers: null,
  amount: 1000,
  payout: 0,
  jackpot_win_amount: 0,
  jackpot_result: null,
  jackpot_tier: null,
  outstanding: false,
  status: 'LOST',
  created_at: '2026-11-21T09:00:00.000Z',
  settled_at: '2026-11-21T09:01:00.000Z',
  ...over,
});
const list = (
  items: BetRecord[],
  totals: { amount: number; payout: number },
  total = items.length,
): TicketList => ({
  items,
  meta: { current_page: 1, per_page: 100, total, last_page: 1 },
  total_amount: totals.amount,
  total_payout: totals.payout,
});

describe('the round outcome is the server’s figures, never recomputed', () => {
  it('no bets: none; a bet still pending: pending', () => {
    expect(roundOutcomeOf(list([], { amount: 0, payout: 0 }))).toEqual({ kind: 'none' });
    const pending = roundOutcomeOf(
      list([bet({ status: 'PENDING', outstanding: true })], { amount: 1000, payout: 0 }),
    );
    expect(pending.kind).toBe('pending');
  });

  it('takes stake and payout from the totals of the answer (all pages), and lists the winning tickets read', () => {
    const won = bet({ id: 7, status: 'WON', payout: 1950 });
    const outcome = roundOutcomeOf(list([won, bet({ id: 8 })], { amount: 5000, payout: 50_000 }, 130));
    expect(outcome).toMatchObject({
      kind: 'settled',
      stakeRiel: 5000,
      // The totals, not the sum of the page's payouts (1,950): the server's answer is the truth.
      payoutRiel: 50_000,
      netRiel: 45_000,
      moreTickets: 128,
      voided: false,
    });
    expect(outcome.kind === 'settled' && outcome.winning.map((b) => b.id)).toEqual([7]);
  });

  it('a lost round nets minus the stake; a voided round is said so', () => {
    expect(roundOutcomeOf(list([bet({})], { amount: 1000, payout: 0 }))).toMatchObject({ netRiel: -1000 });
    expect(
      roundOutcomeOf(list([bet({ status: 'VOID', payout: 1000 })], { amount: 1000, payout: 1000 })),
    ).toMatchObject({ voided: true, netRiel: 0 });
  });
});

describe('the player’s picks on the draw', () => {
  const picks = picksOf([
    bet({ type: 'NUMBER', post: 'A', number: 7 }),
    bet({ type: 'NUMBER', post: 'C', number: 9 }),
    bet({ type: 'JACKPOT', numbers: [3, 14, 15, 26, 59] }),
    bet({ type: 'RANGE_2' }),
  ]);

  it('marks a number at its own post only, and a jackpot number anywhere', () => {
    // A=7 (backed), B=9 (9 was backed at C, not B), C=1, …, position 7 = 59 (jackpot).
    const numbers = [7, 9, 1, 2, 4, 5, 59, 6, 8, 10];
    expect([...markedPositions(numbers, picks)].sort()).toEqual([0, 6]);
    expect([...picks.posts].sort()).toEqual(['A', 'C']);
    expect([...picks.ranges]).toEqual(['RANGE_2']);
  });
});

describe('amounts as typed', () => {
  it('shows separators while typing, reads Khmer digits, leaves what is not an amount as typed', () => {
    expect(formatAmountInput('150000')).toBe('150,000');
    expect(formatAmountInput('1,5000')).toBe('15,000');
    expect(formatAmountInput('១០០០')).toBe('1,000');
    expect(formatAmountInput('0')).toBe('0');
    expect(formatAmountInput('00500')).toBe('500');
    expect(formatAmountInput('')).toBe('');
    expect(formatAmountInput('12.5')).toBe('12.5');
    expect(formatAmountInput('abc')).toBe('abc');
  });

  it('doubles a valid amount only', () => {
    expect(doubledAmount('1,500')).toBe('3,000');
    expect(doubledAmount('')).toBeNull();
    expect(doubledAmount('12.5')).toBeNull();
  });
});

describe('repeat last bet', () => {
  it('is the same slip for the round open now', () => {
    const last = {
      submission: {
        kind: 'BET' as const,
        body: { poll: 'POLL_2' as const, result_id: 41, bets: [{ type: 'RANGE_6' as const, amount: 500 }] },
      },
      betCount: 1,
      totalRiel: 500,
    };
    expect(repeatFor(last, { id: 43, poll: 'POLL_2' })).toEqual({
      kind: 'BET',
      body: { poll: 'POLL_2', result_id: 43, bets: [{ type: 'RANGE_6', amount: 500 }] },
    });
    const jackpot = {
      ...last,
      submission: {
        kind: 'JACKPOT' as const,
        body: { poll: 'POLL_1' as const, result_id: 41, lines: [[1, 2, 3, 4, 5]] },
      },
    };
    expect(repeatFor(jackpot, { id: 43, poll: 'POLL_1' }).body.result_id).toBe(43);
  });
});
