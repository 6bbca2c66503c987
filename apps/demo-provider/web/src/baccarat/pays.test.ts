import { describe, expect, it } from 'vitest';
import { BET_PAYS } from './pays';

describe('the pays the table and its rules sheet show (asked of the rules, providers.md §7.2)', () => {
  it('PLAYER 1:1, BANKER 0.95:1, TIE 8:1, pairs 11:1; PLAYER and BANKER handed back on a tie', () => {
    expect(BET_PAYS.map((p) => [p.kind, p.ratio, p.returnedOnTie])).toEqual([
      ['PLAYER', '1:1', true],
      ['BANKER', '0.95:1', true],
      ['TIE', '8:1', false],
      ['PLAYER_PAIR', '11:1', false],
      ['BANKER_PAIR', '11:1', false],
    ]);
  });
});
