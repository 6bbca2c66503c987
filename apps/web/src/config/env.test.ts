import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW_TOGGLE_ACCOUNT_IDS, parseAccountIds } from './env';

describe('VITE_VIEW_TOGGLE_ACCOUNT_IDS (seed §6)', () => {
  it('defaults to the 18 accounts 1–18', () => {
    expect(parseAccountIds(undefined)).toEqual(DEFAULT_VIEW_TOGGLE_ACCOUNT_IDS);
    expect(DEFAULT_VIEW_TOGGLE_ACCOUNT_IDS).toHaveLength(18);
    expect(parseAccountIds(' ')).toHaveLength(18);
  });

  it('reads a comma-separated list, skipping what is not an account id', () => {
    expect(parseAccountIds('3, 17,42,x,-1,0,2.5')).toEqual([3, 17, 42]);
  });
});
