// Web Crypto is passed in: Node's (with Ed25519), the same API the browser gives `verifyLedgerProof` by default.
import { createHash, generateKeyPairSync, sign, webcrypto } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LedgerProof, LedgerProofSealed, SealedTransfer } from '@lotto59/contract';
import { checkStatementRow } from './check-row';
import { proofMatchesRow, verifyLedgerProof } from './verify';

// Proofs built here from RFC 6962's recursive definitions with node:crypto, and the leaf and seal bytes written
// field by field from docs/ledger-seal.md: none of the code under test is used to make them.

const subtle = webcrypto.subtle as unknown as SubtleCrypto;
const sha = (...parts: Buffer[]) => createHash('sha256').update(Buffer.concat(parts)).digest();

function int64(n: number): Buffer {
  const b = Buffer.alloc(8);
  b.writeBigInt64BE(BigInt(n));
  return b;
}
function str(s: string | null): Buffer {
  if (s === null) return Buffer.from([0xff, 0xff, 0xff, 0xff]);
  const bytes = Buffer.from(s, 'utf8');
  const len = Buffer.alloc(4);
  len.writeUInt32BE(bytes.length);
  return Buffer.concat([len, bytes]);
}
function leafBytes(t: SealedTransfer): Buffer {
  return Buffer.concat([
    int64(t.id),
    str(t.idempotency_key),
    str(t.request_hash),
    str(t.kind),
    int64(t.from_account_id),
    int64(t.to_account_id),
    int64(t.amount),
    int64(t.from_balance_after),
    int64(t.to_balance_after),
    str(t.reference),
    str(t.note),
    int64(t.created_at_ms),
  ]);
}

const leafHash = (t: SealedTransfer) => sha(Buffer.from([0]), leafBytes(t));
const largestPowerOfTwoBelow = (n: number) => 2 ** Math.floor(Math.log2(n - 1));
/** RFC 6962 §2.1 MTH. */
function mth(leaves: Buffer[]): Buffer {
  if (leaves.length === 1) return leaves[0]!;
  const k = largestPowerOfTwoBelow(leaves.length);
  return sha(Buffer.from([1]), mth(leaves.slice(0, k)), mth(leaves.slice(k)));
}
/** RFC 6962 §2.1.1 PATH(m, D[n]). */
function path(m: number, leaves: Buffer[]): Buffer[] {
  if (leaves.length === 1) return [];
  const k = largestPowerOfTwoBelow(leaves.length);
  return m < k
    ? [...path(m, leaves.slice(0, k)), mth(leaves.slice(k))]
    : [...path(m - k, leaves.slice(k)), mth(leaves.slice(0, k))];
}

const keys = generateKeyPairSync('ed25519');
const publicKeyHex = keys.publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('hex');

function transfer(i: number): SealedTransfer {
  return {
    id: 100 + i * 3,
    idempotency_key: `deposit:${String(i)}`,
    request_hash: 'ab'.repeat(32),
    kind: i % 2 ? 'bet_stake' : 'deposit',
    from_account_id: 1,
    to_account_id: 7,
    amount: 1_000 * (i + 1),
    from_balance_after: -5_000_000_000 * i,
    to_balance_after: 2_000 * i,
    reference: i % 3 ? `ticket ${String(i)}` : null,
    note: i === 2 ? 'ដាក់ប្រាក់ 🎲' : null,
    created_at_ms: 1_795_000_000_000 + i,
  };
}

function proofOf(size: number, index: number): LedgerProofSealed {
  const transfers = Array.from({ length: size }, (_, i) => transfer(i));
  const leaves = transfers.map(leafHash);
  const root = mth(leaves);
  const fields = {
    seq: 4,
    first_id: 100,
    last_id: 100 + size * 3,
    count: size,
    sealed_at_ms: 1_795_000_100_000,
  };
  const prevHash = sha(Buffer.from('previous seal'));
  const message = Buffer.concat([
    Buffer.from('LOTTO59-LEDGER-SEAL-V1', 'ascii'),
    int64(fields.seq),
    int64(fields.first_id),
    int64(fields.last_id),
    int64(fields.count),
    root,
    prevHash,
    int64(fields.sealed_at_ms),
  ]);
  return {
    status: 'sealed',
    transfer: transfers[index]!,
    leaf_index: index,
    path: path(index, leaves).map((p) => p.toString('hex')),
    seal: {
      ...fields,
      root: root.toString('hex'),
      prev_hash: prevHash.toString('hex'),
      hash: sha(message).toString('hex'),
      signature: sign(null, message, keys.privateKey).toString('hex'),
      key_id: sha(Buffer.from(publicKeyHex, 'hex')).toString('hex').slice(0, 16),
    },
    public_key: publicKeyHex,
  };
}

describe('verifyLedgerProof', () => {
  it('accepts every leaf of trees of 1 to 13 leaves', async () => {
    for (let size = 1; size <= 13; size++) {
      for (let index = 0; index < size; index++) {
        expect(await verifyLedgerProof(proofOf(size, index), publicKeyHex, subtle)).toEqual({ ok: true });
      }
    }
  });

  it('finds a changed field of the transfer', async () => {
    const proof = proofOf(6, 2);
    for (const field of Object.keys(proof.transfer) as (keyof SealedTransfer)[]) {
      const value = proof.transfer[field];
      const changed = typeof value === 'number' ? value + 1 : value === null ? '' : `${value}x`;
      const tampered = { ...proof, transfer: { ...proof.transfer, [field]: changed } };
      expect(await verifyLedgerProof(tampered, publicKeyHex, subtle), field).toEqual({
        ok: false,
        failure: 'root',
      });
    }
  });

  it('finds a wrong path, position or tree size', async () => {
    const proof = proofOf(7, 4);
    const flipped = proof.path.map((p, i) =>
      i === 1 ? `${p.slice(0, 63)}${p.at(-1) === '0' ? '1' : '0'}` : p,
    );
    expect(await verifyLedgerProof({ ...proof, path: flipped }, publicKeyHex, subtle)).toMatchObject({
      ok: false,
    });
    expect(await verifyLedgerProof({ ...proof, leaf_index: 5 }, publicKeyHex, subtle)).toMatchObject({
      ok: false,
    });
    expect(
      await verifyLedgerProof({ ...proof, path: proof.path.slice(1) }, publicKeyHex, subtle),
    ).toMatchObject({
      ok: false,
    });
    // Another size changes the signed message: the root walk or the hash fails.
    expect(
      await verifyLedgerProof({ ...proof, seal: { ...proof.seal, count: 8 } }, publicKeyHex, subtle),
    ).toMatchObject({ ok: false });
  });

  it('finds a seal not signed by the trusted key', async () => {
    const proof = proofOf(5, 0);
    const other = generateKeyPairSync('ed25519')
      .publicKey.export({ format: 'der', type: 'spki' })
      .subarray(12)
      .toString('hex');
    expect(await verifyLedgerProof(proof, other, subtle)).toEqual({ ok: false, failure: 'key' });
    expect(await verifyLedgerProof({ ...proof, public_key: other }, other, subtle)).toEqual({
      ok: false,
      failure: 'signature',
    });
    const later = { ...proof, seal: { ...proof.seal, sealed_at_ms: proof.seal.sealed_at_ms + 1 } };
    expect(await verifyLedgerProof(later, publicKeyHex, subtle)).toEqual({ ok: false, failure: 'hash' });
    const badSignature = {
      ...proof,
      seal: { ...proof.seal, signature: `${'0'.repeat(2)}${proof.seal.signature.slice(2)}` },
    };
    expect(await verifyLedgerProof(badSignature, publicKeyHex, subtle)).toEqual({
      ok: false,
      failure: 'signature',
    });
  });

  it('matches a statement row by id, amount and the player’s balance after', () => {
    const proof = proofOf(3, 1);
    const t = proof.transfer;
    expect(proofMatchesRow(proof, { id: t.id, amount: t.amount, balance_after: t.to_balance_after })).toBe(
      true,
    );
    expect(proofMatchesRow(proof, { id: t.id, amount: -t.amount, balance_after: t.from_balance_after })).toBe(
      true,
    );
    expect(proofMatchesRow(proof, { id: t.id, amount: t.amount, balance_after: t.from_balance_after })).toBe(
      false,
    );
    expect(
      proofMatchesRow(proof, { id: t.id + 1, amount: t.amount, balance_after: t.to_balance_after }),
    ).toBe(false);
  });
});

describe('checkStatementRow', () => {
  const proof = proofOf(9, 5);
  const t = proof.transfer;
  const row = { id: t.id, amount: -t.amount, balance_after: t.from_balance_after };
  const key = { algorithm: 'Ed25519' as const, public_key: publicKeyHex, key_id: proof.seal.key_id };
  const deps = (answer: LedgerProof) => ({
    proof: async (id: number) => {
      expect(id).toBe(row.id);
      return answer;
    },
    publicKey: async () => key,
    subtle,
  });

  it('verifies a sealed row, names a pending one, and fails a proof of another movement or a changed one', async () => {
    expect(await checkStatementRow(row, deps(proof))).toEqual({
      state: 'verified',
      seq: proof.seal.seq,
      sealedAtMs: proof.seal.sealed_at_ms,
    });
    expect(
      await checkStatementRow(row, deps({ status: 'pending', transfer_id: row.id, sealed_through_id: 90 })),
    ).toEqual({ state: 'pending', sealedThroughId: 90 });
    expect(await checkStatementRow({ ...row, balance_after: row.balance_after + 1 }, deps(proof))).toEqual({
      state: 'failed',
      failure: 'row',
    });
    const forged = { ...proof, seal: { ...proof.seal, root: '00'.repeat(32) } };
    expect(await checkStatementRow(row, deps(forged))).toEqual({ state: 'failed', failure: 'root' });
  });
});
