import { describe, expect, it } from 'vitest';
import { sign, signedHeaders, verify } from './signing';

const SECRET = 'a1'.repeat(32);
// `printf '1700000000000.{"status":"RS_OK"}' | openssl dgst -sha256 -hmac "$(printf 'a1%.0s' $(seq 32))"`
const OPENSSL = '6c9bb7f9849c2c13dbd9b38201c0d057ee41ca3624a46242511de762b3df3021';
const BODY = '{"status":"RS_OK"}';

describe('the HMAC signature of providers.md §2', () => {
  it('matches OpenSSL: key = the 64 hex characters as ASCII, message = "<ts>.<raw body>"', () => {
    expect(sign(SECRET, '1700000000000', BODY)).toBe(OPENSSL);
    expect(signedHeaders('3', SECRET, BODY, 1_700_000_000_000)).toEqual({
      'x-provider': '3',
      'x-timestamp': '1700000000000',
      'x-signature': OPENSSL,
    });
  });

  it('verifies the raw bytes and the timestamp window of ±300 s, nothing looser', () => {
    const ts = '1700000000000';
    const at = (now: number) => verify(SECRET, { timestamp: ts, signature: OPENSSL }, BODY, now);
    expect(at(1_700_000_000_000)).toBe(true);
    expect(at(1_700_000_300_000)).toBe(true);
    expect(at(1_700_000_300_001)).toBe(false);
    expect(at(1_699_999_699_999)).toBe(false);
    expect(verify(SECRET, { timestamp: ts, signature: OPENSSL }, `${BODY} `, 1_700_000_000_000)).toBe(false);
    expect(verify('b2'.repeat(32), { timestamp: ts, signature: OPENSSL }, BODY, 1_700_000_000_000)).toBe(
      false,
    );
    expect(
      verify(SECRET, { timestamp: ts, signature: OPENSSL.toUpperCase().slice(1) }, BODY, 1_700_000_000_000),
    ).toBe(false);
    expect(verify(SECRET, { timestamp: null, signature: OPENSSL }, BODY, 1_700_000_000_000)).toBe(false);
  });
});
