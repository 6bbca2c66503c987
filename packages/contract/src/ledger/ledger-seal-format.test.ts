import { describe, expect, it } from 'vitest';
import { bytesToHex, encodeSealMessage, encodeTransfer, hexToBytes } from './ledger-seal-format';

// docs/ledger-seal.md's own example, byte for byte: the doc and the encoder must not drift apart.
describe('the canonical encodings of docs/ledger-seal.md', () => {
  it('encodes the doc’s example transfer', () => {
    const bytes = encodeTransfer({
      id: 1,
      idempotency_key: 'k',
      request_hash: 'h',
      kind: 'deposit',
      from_account_id: 2,
      to_account_id: 3,
      amount: 500,
      from_balance_after: -500,
      to_balance_after: 500,
      reference: null,
      note: 'ស',
      created_at_ms: 0,
    });
    const doc = `0000000000000001 00000001 6b 00000001 68 00000007 6465706f736974
      0000000000000002 0000000000000003 00000000000001f4 fffffffffffffe0c 00000000000001f4
      ffffffff 00000003 e19e9f 0000000000000000`.replace(/\s+/g, '');
    expect(bytesToHex(bytes)).toBe(doc);
  });

  it('encodes UTF-8 as the platform does, four-byte characters and lone surrogates included', () => {
    // The UTF-8 of each, from Python's encoder (a lone surrogate becomes U+FFFD, as TextEncoder makes it).
    const cases: [string, string][] = [
      ['', ''],
      ['abc', '616263'],
      [
        '\u178a\u17b6\u1780\u17cb\u1794\u17d2\u179a\u17b6\u1780\u17cb',
        'e19e8ae19eb6e19e80e19f8be19e94e19f92e19e9ae19eb6e19e80e19f8b',
      ],
      ['\ud83c\udfb2x', 'f09f8eb278'],
      ['a\uD800b', '61efbfbd62'],
      ['\u0000', '00'],
      ['\u00e9', 'c3a9'],
    ];
    for (const [text, utf8Hex] of cases) {
      const t = {
        id: 9,
        idempotency_key: text,
        request_hash: '',
        kind: 'k',
        from_account_id: 1,
        to_account_id: 2,
        amount: 1,
        from_balance_after: 0,
        to_balance_after: 0,
        reference: text,
        note: null,
        created_at_ms: 1,
      };
      const encoded = encodeTransfer(t);
      // The key's length and bytes start right after the 8-byte id.
      expect(new DataView(encoded.buffer).getUint32(8)).toBe(utf8Hex.length / 2);
      expect(bytesToHex(encoded.subarray(12, 12 + utf8Hex.length / 2))).toBe(utf8Hex);
    }
  });

  it('encodes a seal message with its tag, fields, root and previous hash', () => {
    const root = hexToBytes('11'.repeat(32));
    const prev = hexToBytes('22'.repeat(32));
    const message = encodeSealMessage({
      seq: 3,
      first_id: 10,
      last_id: 20,
      count: 7,
      root,
      prev_hash: prev,
      sealed_at_ms: 1_795_000_000_000,
    });
    expect(message.length).toBe(22 + 8 * 4 + 32 + 32 + 8);
    expect(bytesToHex(message.subarray(0, 22))).toBe('4c4f54544f35392d4c45444745522d5345414c2d5631');
    expect(bytesToHex(message.subarray(22, 54))).toBe(
      '0000000000000003000000000000000a00000000000000140000000000000007',
    );
    expect(bytesToHex(message.subarray(54, 118))).toBe('11'.repeat(32) + '22'.repeat(32));
    expect(bytesToHex(message.subarray(118))).toBe((1_795_000_000_000).toString(16).padStart(16, '0'));
  });
});
