import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { newSessionToken, sessionIdOf, xsrfMatches, xsrfTokenFor } from './session-tokens';

describe('session token derivations (remembered for recent tokens)', () => {
  const hmac = (key: string, token: string) => createHmac('sha256', key).update(token).digest('base64url');

  it('give the same values as hashing each time, for every key and token, also past the bound', () => {
    const tokens = Array.from({ length: 25_000 }, () => newSessionToken());
    for (const token of [...tokens, ...tokens.slice(0, 100)]) {
      expect(sessionIdOf(token)).toBe(createHash('sha256').update(token).digest('hex'));
    }
    for (const key of ['key-one', 'key-two']) {
      for (const token of tokens.slice(0, 50)) expect(xsrfTokenFor(token, key)).toBe(hmac(key, token));
    }
    expect(xsrfTokenFor(tokens[0]!, 'key-one')).not.toBe(xsrfTokenFor(tokens[0]!, 'key-two'));
  });

  it('match only the XSRF token of that session under that key', () => {
    const [a, b] = [newSessionToken(), newSessionToken()];
    expect(xsrfMatches(a, hmac('k', a), 'k')).toBe(true);
    expect(xsrfMatches(a, hmac('k', b), 'k')).toBe(false);
    expect(xsrfMatches(a, hmac('other', a), 'k')).toBe(false);
    expect(xsrfMatches(a, '', 'k')).toBe(false);
  });
});
