import { describe, expect, it } from 'vitest';
import { LOTTO59_STAKE_KEY_PREFIX, lotto59StakeKey } from './stake-key';

describe('the ledger key of a lotto 59 stake', () => {
  it('is the prefix, the submission key and the player, which the statement cuts back apart', () => {
    const key = lotto59StakeKey('0193b7e2-aaaa-7bbb-8ccc-123456789abc', 42);
    expect(key).toBe('bet-stake:0193b7e2-aaaa-7bbb-8ccc-123456789abc:42');
    const submission = key.slice(LOTTO59_STAKE_KEY_PREFIX.length, key.length - ':42'.length);
    expect(submission).toBe('0193b7e2-aaaa-7bbb-8ccc-123456789abc');
  });
});
