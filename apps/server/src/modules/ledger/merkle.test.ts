import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodeTransfer, type SealedTransfer } from '@lotto59/contract';
import { inclusionPath, leafHash, merkleRoot, rootFromPath } from './merkle';
import { encodeTransferTuple, transferTuple } from './transfer-encoding';

// The server's tree against RFC 6962's recursive definition, and its fast row encoder against the contract's
// portable one (the one the browser hashes with).

const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();
const split = (n: number) => 2 ** Math.floor(Math.log2(n - 1));
function mth(d: Buffer[]): Buffer {
  if (d.length === 1) return d[0]!;
  const k = split(d.length);
  return sha(Buffer.from([1]), mth(d.slice(0, k)), mth(d.slice(k)));
}
function rfcPath(m: number, d: Buffer[]): Buffer[] {
  if (d.length === 1) return [];
  const k = split(d.length);
  return m < k
    ? [...rfcPath(m, d.slice(0, k)), mth(d.slice(k))]
    : [...rfcPath(m - k, d.slice(k)), mth(d.slice(0, k))];
}

describe('RFC 6962 tree', () => {
  it('has the RFC’s root and inclusion paths for every size up to 70, and rejects wrong walks', () => {
    const all = Array.from({ length: 70 }, (_, i) => leafHash(Buffer.from(`leaf ${String(i)}`)));
    for (let n = 1; n <= all.length; n++) {
      const leaves = all.slice(0, n);
      const root = mth(leaves);
      expect(merkleRoot(leaves).equals(root)).toBe(true);
      for (let i = 0; i < n; i++) {
        const { path } = inclusionPath(leaves, i);
        expect(path.map((p) => p.toString('hex'))).toEqual(rfcPath(i, leaves).map((p) => p.toString('hex')));
        expect(rootFromPath(leaves[i]!, i, n, path)?.equals(root)).toBe(true);
        if (n > 1) {
          expect(rootFromPath(leaves[i]!, (i + 1) % n, n, path)?.equals(root) ?? false).toBe(false);
          expect(rootFromPath(leaves[i]!, i, n, path.slice(1))?.equals(root) ?? false).toBe(false);
        }
      }
    }
  });

  it('the leaf is SHA-256 of 0x00 and the data', () => {
    expect(leafHash(Buffer.from('x')).equals(sha(Buffer.from([0]), Buffer.from('x')))).toBe(true);
  });
});

const safe = fc.integer({ min: Number.MIN_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
const positive = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
const text = fc.string({ unit: 'binary', maxLength: 40 });
const transfer: fc.Arbitrary<SealedTransfer> = fc.record({
  id: positive,
  idempotency_key: text,
  request_hash: text,
  kind: text,
  from_account_id: positive,
  to_account_id: positive,
  amount: safe,
  from_balance_after: safe,
  to_balance_after: safe,
  reference: fc.option(text, { nil: null }),
  note: fc.option(text, { nil: null }),
  created_at_ms: safe,
});

describe('the fast row encoder', () => {
  it('writes the same bytes as the contract’s encoder', () => {
    fc.assert(
      fc.property(transfer, (t) => {
        expect(Buffer.from(encodeTransferTuple(transferTuple(t))).toString('hex')).toBe(
          Buffer.from(encodeTransfer(t)).toString('hex'),
        );
      }),
      { numRuns: 2000 },
    );
  });
});
