import { encodeSealMessage, encodeTransfer, hexToBytes, type LedgerProofSealed } from '@lotto59/contract';

/*
 * The player's own check of a sealed transfer, in the browser with Web Crypto only (docs/ledger-seal.md,
 * "Verifying a proof"; decision 0048): the leaf from the transfer's fields, the root from the inclusion path
 * (RFC 6962 hashing, RFC 9162 §2.1.3.2 walk), the seal's hash, and its Ed25519 signature under the key the
 * caller trusts. Pure: no state, no request; the statement screen fetches the proof and the key.
 */

export type LedgerProofFailure =
  /** The transfer and its path do not lead to the seal's root: the row is not what was sealed. */
  | 'root'
  /** The seal's `hash` is not SHA-256 of its signed message. */
  | 'hash'
  /** The seal was not signed by the trusted key (or its fields were changed after signing). */
  | 'signature'
  /** The proof names another key than the trusted one. */
  | 'key';

export type LedgerProofCheck = { ok: true } | { ok: false; failure: LedgerProofFailure };

const LEAF_PREFIX = 0x00;
const NODE_PREFIX = 0x01;

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

async function sha256(subtle: SubtleCrypto, data: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  return new Uint8Array(await subtle.digest('SHA-256', data));
}

function equal(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] as number) ^ (b[i] as number);
  return diff === 0;
}

/** RFC 6962 leaf hash of a transfer: SHA-256(0x00 || canonical encoding). */
export function leafHashOf(
  subtle: SubtleCrypto,
  proof: Pick<LedgerProofSealed, 'transfer'>,
): Promise<Uint8Array> {
  return sha256(subtle, concat(Uint8Array.of(LEAF_PREFIX), encodeTransfer(proof.transfer)));
}

/**
 * RFC 9162 §2.1.3.2: the root that `leaf` at `index` of a tree of `size` leaves reaches along `path`, or null
 * when the path cannot belong to such a tree (too long or too short).
 */
export async function rootFromPath(
  subtle: SubtleCrypto,
  leaf: Uint8Array,
  index: number,
  size: number,
  path: readonly Uint8Array[],
): Promise<Uint8Array | null> {
  if (!Number.isSafeInteger(index) || index < 0 || index >= size) return null;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  const node = (left: Uint8Array, right: Uint8Array) =>
    sha256(subtle, concat(Uint8Array.of(NODE_PREFIX), left, right));
  for (const p of path) {
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      r = await node(p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      r = await node(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? r : null;
}

/**
 * Checks a sealed proof against the public key the caller trusts (`GET /api/ledger/public-key`, or one pinned
 * from elsewhere). `subtle` is the browser's Web Crypto unless a test passes its own.
 */
export async function verifyLedgerProof(
  proof: LedgerProofSealed,
  trustedPublicKeyHex: string,
  subtle: SubtleCrypto = globalThis.crypto.subtle,
): Promise<LedgerProofCheck> {
  if (proof.public_key !== trustedPublicKeyHex.toLowerCase()) return { ok: false, failure: 'key' };
  const { seal } = proof;
  const leaf = await leafHashOf(subtle, proof);
  const root = await rootFromPath(subtle, leaf, proof.leaf_index, seal.count, proof.path.map(hexToBytes));
  if (!root || !equal(root, hexToBytes(seal.root))) return { ok: false, failure: 'root' };
  const message = concat(
    encodeSealMessage({ ...seal, root: hexToBytes(seal.root), prev_hash: hexToBytes(seal.prev_hash) }),
  );
  if (!equal(await sha256(subtle, message), hexToBytes(seal.hash))) return { ok: false, failure: 'hash' };
  const key = await subtle.importKey(
    'raw',
    concat(hexToBytes(trustedPublicKeyHex)),
    { name: 'Ed25519' },
    false,
    ['verify'],
  );
  const signed = await subtle.verify({ name: 'Ed25519' }, key, concat(hexToBytes(seal.signature)), message);
  return signed ? { ok: true } : { ok: false, failure: 'signature' };
}

/**
 * Whether a proof's transfer is the statement row it is shown on: the same id, and the player's side of it —
 * a credit (`amount` > 0) reaches their account, so `balance_after` is the receiving side's; a debit leaves it.
 */
export function proofMatchesRow(
  proof: Pick<LedgerProofSealed, 'transfer'>,
  row: { id: number; amount: number; balance_after: number },
): boolean {
  const t = proof.transfer;
  if (t.id !== row.id || t.amount !== Math.abs(row.amount)) return false;
  return (row.amount > 0 ? t.to_balance_after : t.from_balance_after) === row.balance_after;
}
