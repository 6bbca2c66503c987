import { describe, expect, it } from 'vitest';
import { i18n, riel, thousands } from './i18n';
import { readLaunchParams } from './params';

describe('launch parameters (providers.md §5)', () => {
  it('reads the iframe address', () => {
    expect(readLaunchParams('?provider=2&code=abc&lang=en&platform=desktop&sound=1', '3')).toEqual({
      provider: '2',
      code: 'abc',
      lang: 'en',
      platform: 'desktop',
      sound: true,
    });
  });

  it('defaults to Khmer, the game of the page, mobile, and no sound', () => {
    expect(readLaunchParams('?provider=9&lang=fr&sound=yes', '3')).toEqual({
      provider: '3',
      code: '',
      lang: 'km',
      platform: 'mobile',
      sound: false,
    });
  });
});

describe('money and words', () => {
  it('writes whole riel with thousands separators and the riel sign', () => {
    expect(riel(1_000_000)).toBe('1,000,000 ៛');
    expect(riel(50)).toBe('50 ៛');
    expect(thousands(500_000)).toBe('500,000');
  });

  it('says an ended session as "reopen the game", in Khmer first', () => {
    expect(i18n('km').error('SESSION_EXPIRED')).toBe('វគ្គលេងបានផុតកំណត់។ សូមបិទ ហើយបើកហ្គេមម្ដងទៀត។');
    expect(i18n('en').error('INVALID_SESSION')).toMatch(/reopen the game/);
    expect(i18n('km').t('spin')).toBe('បង្វិល');
  });
});

describe('the sportsbook in Khmer (issue 26, item 8)', () => {
  it('names its markets and the parlay in Khmer words, not "1X2" or "Parlay"', () => {
    const km = i18n('km');
    for (const key of ['oneXTwo', 'parlay', 'parlayRule', 'sportRulesText', 'showSlip', 'hideSlip'] as const)
      expect(km.t(key), key).not.toMatch(/1X2|Parlay/i);
    expect(km.t('oneXTwo')).toBe('លទ្ធផលប្រកួត');
    expect(km.t('parlay')).toBe('ភ្នាល់ផ្សំ');
    expect(i18n('en').t('oneXTwo')).toBe('Match result');
  });
});
