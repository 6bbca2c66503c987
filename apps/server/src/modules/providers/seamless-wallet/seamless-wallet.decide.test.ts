import type { WalletBetRequest, WalletRollbackRequest, WalletWinRequest } from '@lotto59/contract';
import { riel } from '@lotto59/domain';
import { describe, expect, it } from 'vitest';
import type { TokenRow } from '../launch/tokens.repository';
import { decideBet, decideRollback, decideWin, type BetFacts, type Decision } from './seamless-wallet.decide';
import type { TransactionRow } from './seamless-wallet.repository';

// The seamless wallet's checks in the order of providers.md §3, as both databases' moves ask them. Each
// case below breaks one fact more than the case before it, so that the answer names the first check in the
// order that fails: a check moved earlier or later than its place changes one of these answers.

const token: TokenRow = {
  id: 7,
  token_hash: 'h',
  launch_code_hash: null,
  launch_code_expires_ms: null,
  player_id: 42,
  provider: '3',
  game_code: 'angkor-fortune',
  currency: 'KHR',
  auth_session_id: 's',
  created_at_ms: 0,
  expires_ms: 10_000,
  hard_expires_ms: 20_000,
  retired_at_ms: null,
  token_seal: null,
};

const bet: WalletBetRequest = {
  request_uuid: 'r-1',
  transaction_uuid: 't-1',
  token: 'x'.repeat(43),
  user: '42',
  game_code: 'angkor-fortune',
  round_id: 'round-1',
  amount: 1_000,
  currency: 'KHR',
};

const storedBet: TransactionRow = {
  provider: '3',
  transaction_uuid: 't-1',
  action: 'bet',
  player_id: 42,
  game_code: 'angkor-fortune',
  round_id: 'round-1',
  amount: riel(1_000),
  reference_transaction_uuid: null,
  request_hash: 'bet-hash',
  response_json: JSON.stringify({ status: 'RS_OK', request_uuid: 'r-0', user: '42', balance: 9_000 }),
  rolled_back: 0,
  created_at_ms: 0,
  win_count: 0,
  win_total: riel(0),
};

/** Every fact fine: the bet moves money under the token. */
const fine: BetFacts = {
  transaction: undefined,
  token,
  isSessionLive: () => true,
  tokens: { isExpired: () => false },
  maintenance: false,
  isDisabled: () => false,
  mayNotPlay: () => false,
  maxBet: 5_000,
};

const statusOf = (decision: Decision) => ('reply' in decision ? decision.reply.status : 'MOVE');

describe('the seamless wallet decides a bet in the order of providers.md §3', () => {
  const worse: [string, Partial<BetFacts>, Partial<WalletBetRequest>, string][] = [
    ['every fact fine', {}, {}, 'MOVE'],
    ['over the maximum', {}, { amount: 5_001 }, 'RS_ERROR_LIMIT_REACHED'],
    ['and on a break', { mayNotPlay: () => true }, { amount: 5_001 }, 'RS_ERROR_USER_DISABLED'],
    ['and disabled', { isDisabled: () => true }, { amount: 5_001 }, 'RS_ERROR_USER_DISABLED'],
    ['and the site in maintenance', { maintenance: true }, { amount: 5_001 }, 'RS_ERROR_USER_DISABLED'],
    ['and another currency', {}, { currency: 'USD' as 'KHR' }, 'RS_ERROR_WRONG_CURRENCY'],
    ['and an expired token', { tokens: { isExpired: () => true } }, {}, 'RS_ERROR_TOKEN_EXPIRED'],
    ['and its login session ended', { isSessionLive: () => false }, {}, 'RS_ERROR_INVALID_TOKEN'],
    ['and another game', {}, { game_code: 'baccarat' }, 'RS_ERROR_INVALID_GAME'],
    ['and another player', {}, { user: '43' }, 'RS_ERROR_INVALID_TOKEN'],
  ];
  let facts: BetFacts = fine;
  let request: WalletBetRequest = bet;
  for (const [name, moreFacts, moreRequest, expected] of worse) {
    it(`${name}: ${expected}`, () => {
      facts = { ...facts, ...moreFacts };
      request = { ...request, ...moreRequest };
      expect(statusOf(decideBet('3', request, 'bet-hash', facts))).toBe(expected);
    });
  }

  it('a transaction id seen before answers its stored answer whatever the other facts are', () => {
    const replay = decideBet('3', bet, 'bet-hash', { ...fine, transaction: storedBet, token: undefined });
    expect(replay).toEqual({ reply: { status: 'RS_OK', request_uuid: 'r-0', user: '42', balance: 9_000 } });
    const other = decideBet('3', bet, 'another-hash', { ...fine, transaction: storedBet });
    expect(statusOf(other)).toBe('RS_ERROR_DUPLICATE_TRANSACTION');
    const tombstone = decideBet('3', bet, 'bet-hash', {
      ...fine,
      transaction: { ...storedBet, action: 'tombstone' },
    });
    expect(statusOf(tombstone)).toBe('RS_ERROR_TRANSACTION_ROLLED_BACK');
  });

  it('a break not known before the move (judged in its statement) lets a bet within the maximum through', () => {
    expect(statusOf(decideBet('3', bet, 'bet-hash', { ...fine, mayNotPlay: undefined }))).toBe('MOVE');
    // The caller must know it for a bet over the maximum; unknown there, the limit answers.
    const over = { ...bet, amount: 5_001 };
    expect(statusOf(decideBet('3', over, 'bet-hash', { ...fine, mayNotPlay: undefined }))).toBe(
      'RS_ERROR_LIMIT_REACHED',
    );
  });

  it('a live token checks the session only for a token of this provider, player and game', () => {
    let asked = 0;
    const counting = { ...fine, isSessionLive: () => (asked++, true) };
    decideBet('2', bet, 'bet-hash', counting);
    decideBet('3', { ...bet, user: '43' }, 'bet-hash', counting);
    expect(asked).toBe(0);
    decideBet('3', bet, 'bet-hash', counting);
    expect(asked).toBe(1);
  });
});

describe('wins and rollbacks: money owed is paid whatever the token’s state', () => {
  const win: WalletWinRequest = {
    ...bet,
    transaction_uuid: 't-2',
    reference_transaction_uuid: 't-1',
    round_closed: true,
  };
  const rollback: WalletRollbackRequest = {
    request_uuid: 'r-3',
    transaction_uuid: 't-3',
    reference_transaction_uuid: 't-1',
    token: bet.token,
    user: '42',
    game_code: 'angkor-fortune',
    round_id: 'round-1',
  };
  const retired = { ...token, retired_at_ms: 5, expires_ms: 0 };

  it('a win under a retired, expired token moves money; another currency, game or player does not', () => {
    expect(statusOf(decideWin('3', win, 'h', { transaction: undefined, token: retired }))).toBe('MOVE');
    expect(
      statusOf(decideWin('3', { ...win, currency: 'USD' as 'KHR' }, 'h', { transaction: undefined, token })),
    ).toBe('RS_ERROR_WRONG_CURRENCY');
    expect(statusOf(decideWin('3', { ...win, game_code: 'b' }, 'h', { transaction: undefined, token }))).toBe(
      'RS_ERROR_INVALID_GAME',
    );
    expect(statusOf(decideWin('3', win, 'h', { transaction: undefined, token: undefined }))).toBe(
      'RS_ERROR_INVALID_TOKEN',
    );
    expect(statusOf(decideWin('3', win, 'h', { transaction: storedBet, token }))).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
  });

  it('a rollback under a retired token moves money; a tombstone under its id answers a duplicate', () => {
    expect(statusOf(decideRollback('3', rollback, 'h', { transaction: undefined, token: retired }))).toBe(
      'MOVE',
    );
    expect(
      statusOf(decideRollback('3', { ...rollback, user: '1' }, 'h', { transaction: undefined, token })),
    ).toBe('RS_ERROR_INVALID_TOKEN');
    const tombstone = { ...storedBet, action: 'tombstone' as const };
    expect(statusOf(decideRollback('3', rollback, 'h', { transaction: tombstone, token }))).toBe(
      'RS_ERROR_DUPLICATE_TRANSACTION',
    );
  });
});
