import type { SealedTransfer } from './ledger-proof.schemas';

/*
 * The byte encodings the sealed ledger hashes and signs (docs/ledger-seal.md). Pure: the server hashes them
 * with node:crypto, the browser with Web Crypto, and anyone else from the text of the doc alone.
 */

/** Written before every seal's fields in the signed message: names the format and its version. */
export const SEAL_MESSAGE_TAG = 'LOTTO59-LEDGER-SEAL-V1';
/** A string field that is null: this length, and no bytes after it. */
const NULL_LENGTH = 0xffffffff;

/**
 * UTF-8 by hand: the contract compiles without the DOM or Node libraries (no TextEncoder in its types).
 * A lone surrogate is encoded as U+FFFD, as TextEncoder does.
 */
function utf8Encode(value: string): Uint8Array {
  const out: number[] = [];
  for (const ch of value) {
    let cp = ch.codePointAt(0) ?? 0xfffd;
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
    if (cp < 0x80) out.push(cp);
    else if (cp < 0x800) out.push(0xc0 | (cp >> 6), 0x80 | (cp & 0x3f));
    else if (cp < 0x10000) out.push(0xe0 | (cp >> 12), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
    else
      out.push(0xf0 | (cp >> 18), 0x80 | ((cp >> 12) & 0x3f), 0x80 | ((cp >> 6) & 0x3f), 0x80 | (cp & 0x3f));
  }
  return Uint8Array.from(out);
}

class ByteWriter {
  private buffer = new Uint8Array(256);
  private view = new DataView(this.buffer.buffer);
  private length = 0;

  private reserve(n: number): void {
    if (this.length + n <= this.buffer.length) return;
    const bigger = new Uint8Array(Math.max(this.buffer.length * 2, this.length + n));
    bigger.set(this.buffer.subarray(0, this.length));
    this.buffer = bigger;
    this.view = new DataView(bigger.buffer);
  }

  int64(value: number): void {
    if (!Number.isSafeInteger(value)) throw new RangeError(`not a safe integer: ${value}`);
    this.reserve(8);
    this.view.setBigInt64(this.length, BigInt(value));
    this.length += 8;
  }

  bytes(value: Uint8Array): void {
    this.reserve(value.length);
    this.buffer.set(value, this.length);
    this.length += value.length;
  }

  string(value: string | null): void {
    this.reserve(4);
    if (value === null) {
      this.view.setUint32(this.length, NULL_LENGTH);
      this.length += 4;
      return;
    }
    const encoded = utf8Encode(value);
    this.view.setUint32(this.length, encoded.length);
    this.length += 4;
    this.bytes(encoded);
  }

  done(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

/**
 * A transfer's canonical encoding, the leaf's preimage without its 0x00 prefix: the twelve fields in the
 * order of `sealedTransferSchema`, integers as 8-byte big-endian two's complement, strings as a 4-byte
 * big-endian byte length and their UTF-8 bytes (null: length 0xFFFFFFFF, no bytes).
 */
export function encodeTransfer(t: SealedTransfer): Uint8Array {
  const w = new ByteWriter();
  w.int64(t.id);
  w.string(t.idempotency_key);
  w.string(t.request_hash);
  w.string(t.kind);
  w.int64(t.from_account_id);
  w.int64(t.to_account_id);
  w.int64(t.amount);
  w.int64(t.from_balance_after);
  w.int64(t.to_balance_after);
  w.string(t.reference);
  w.string(t.note);
  w.int64(t.created_at_ms);
  return w.done();
}

/** The fields of a seal that are signed and hashed. */
export interface SealFields {
  seq: number;
  first_id: number;
  last_id: number;
  count: number;
  /** 32 bytes. */
  root: Uint8Array;
  /** 32 bytes. */
  prev_hash: Uint8Array;
  sealed_at_ms: number;
}

/** The message a seal's signature covers and its hash is taken of: the tag's ASCII, then the fields. */
export function encodeSealMessage(s: SealFields): Uint8Array {
  if (s.root.length !== 32 || s.prev_hash.length !== 32)
    throw new RangeError('root and prev_hash are 32 bytes');
  const w = new ByteWriter();
  w.bytes(utf8Encode(SEAL_MESSAGE_TAG));
  w.int64(s.seq);
  w.int64(s.first_id);
  w.int64(s.last_id);
  w.int64(s.count);
  w.bytes(s.root);
  w.bytes(s.prev_hash);
  w.int64(s.sealed_at_ms);
  return w.done();
}

export function hexToBytes(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) throw new RangeError('not hex');
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

export function bytesToHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}
