import { describe, expect, it } from 'vitest';
import type { HistoryRound } from '../../../src/api/game-api';
import { serverSeedHash } from '../../../src/rules';
import { verifyRound } from './verify';

// The test vector of providers.md §6, computed independently of the project.
const SEED = '5bfd02a12d89377308d99fe3e193429a3f21347e0c9670b1a36dcc473983f277';
const HASH = serverSeedHash(SEED);

const round = (over: Partial<HistoryRound>): HistoryRound => ({
  round_id: 'r1',
  game_code: 'angkor-fortune',
  nonce: 0,
  client_seed: 'player-seed',
  server_seed_hash: HASH,
  server_seed: SEED,
  created_at: '2026-11-23T00:00:00Z',
  total_bet: 2_000,
  win: 0,
  result: { stops: [15, 21, 0, 9, 2] },
  ...over,
});

// Baccarat nonce 1 draws ♣4, ♣Q, ♦4, ♦8 first: Player 8 is a natural, Banker 8 too, so both stand on a tie.
const baccarat = round({
  game_code: 'baccarat',
  nonce: 1,
  result: {
    deal_order: [
      { hand: 'PLAYER', card: 302 },
      { hand: 'BANKER', card: 206 },
      { hand: 'PLAYER', card: 81 },
      { hand: 'BANKER', card: 33 },
    ],
    outcome: 'TIE',
  },
});

describe('verifyRound (the fairness panel re-derives a round in the browser)', () => {
  it('matches the spec vector of the slot, and knows the hash was shown before play', () => {
    const check = verifyRound(round({}), new Set([HASH]));
    expect(check).toMatchObject({
      status: 'match',
      hashOk: true,
      hashShown: true,
      derived: '15, 21, 0, 9, 2',
    });
  });

  it('matches the spec vector of baccarat (cards in deal order, then the outcome)', () => {
    expect(verifyRound(baccarat, new Set())).toMatchObject({
      status: 'match',
      derived: 'P302, B206, P81, B33 → TIE',
      hashShown: false,
    });
  });

  it('catches a recorded result the seeds do not give', () => {
    expect(verifyRound(round({ result: { stops: [15, 21, 0, 9, 3] } }), new Set()).status).toBe('mismatch');
    const lied = { ...baccarat, result: { ...baccarat.result, outcome: 'BANKER' } } as HistoryRound;
    expect(verifyRound(lied, new Set()).status).toBe('mismatch');
    expect(verifyRound(round({ nonce: 1 }), new Set()).status).toBe('mismatch');
  });

  it('catches a revealed seed that is not the one whose hash was shown', () => {
    const other = 'a'.repeat(64);
    const check = verifyRound(round({ server_seed: other }), new Set([HASH]));
    expect(check).toMatchObject({ status: 'mismatch', hashOk: false });
  });

  it('waits for the rotation while the seed is secret, and refuses malformed seeds', () => {
    expect(verifyRound(round({ server_seed: null }), new Set()).status).toBe('pending');
    expect(verifyRound(round({ server_seed: 'XYZ' }), new Set()).status).toBe('mismatch');
    expect(verifyRound(round({ client_seed: 'has space' }), new Set()).status).toBe('mismatch');
  });
});
