import type { SealedTransfer } from '@lotto59/contract';

// The canonical encoding of docs/ledger-seal.md ("Leaf"), written straight into one Buffer: the sealer and
// `ops ledger verify` encode every transfer, and the contract's portable encoder (`encodeTransfer`, the one
// the browser uses) costs more per row. transfer-encoding.test.ts holds the two byte for byte equal.

const NULL_LENGTH = 0xffffffff;

/** A transfer row as the sealer reads it: the columns in the encoding's order. */
export type TransferTuple = [
  id: number,
  idempotencyKey: string,
  requestHash: string,
  kind: string,
  fromAccountId: number,
  toAccountId: number,
  amount: number,
  fromBalanceAfter: number,
  toBalanceAfter: number,
  reference: string | null,
  note: string | null,
  createdAtMs: number,
];

export const TRANSFER_COLUMNS = [
  'id',
  'idempotency_key',
  'request_hash',
  'kind',
  'from_account_id',
  'to_account_id',
  'amount',
  'from_balance_after',
  'to_balance_after',
  'reference',
  'note',
  'created_at_ms',
] as const satisfies readonly (keyof SealedTransfer)[];

/** Transfers with afterId < id <= throughId ($1, $2), in id order, at most $3: the rows of a seal. */
export const TRANSFER_RANGE_SQL = (placeholder: (n: number) => string) =>
  `select ${TRANSFER_COLUMNS.join(', ')} from transfers
   where id > ${placeholder(1)} and id <= ${placeholder(2)} order by id limit ${placeholder(3)}`;

const INT_POSITIONS = [0, 4, 5, 6, 7, 8, 11];

export function transferTuple(t: SealedTransfer): TransferTuple {
  return [
    t.id,
    t.idempotency_key,
    t.request_hash,
    t.kind,
    t.from_account_id,
    t.to_account_id,
    t.amount,
    t.from_balance_after,
    t.to_balance_after,
    t.reference,
    t.note,
    t.created_at_ms,
  ];
}

let scratch = Buffer.allocUnsafe(4096);

function writeString(value: string | null, at: number): number {
  if (value === null) {
    scratch.writeUInt32BE(NULL_LENGTH, at);
    return at + 4;
  }
  const length = scratch.write(value, at + 4, 'utf8');
  scratch.writeUInt32BE(length, at);
  return at + 4 + length;
}

function writeInt(value: number, at: number): number {
  if (!Number.isSafeInteger(value)) throw new RangeError(`not a safe integer: ${String(value)}`);
  // Two's complement in two 32-bit halves: exact for every safe integer, and no BigInt per field.
  const high = Math.floor(value / 0x1_0000_0000);
  scratch.writeInt32BE(high, at);
  scratch.writeUInt32BE(value - high * 0x1_0000_0000, at + 4);
  return at + 8;
}

/**
 * The leaf's whole preimage, 0x00 and the row's encoding, valid until the next call (it lives in a shared
 * scratch buffer: hash it, or copy it, before encoding another).
 */
export function encodeLeafPreimage(t: TransferTuple): Buffer {
  let strings = 0;
  for (const i of [1, 2, 3, 9, 10]) {
    const v = t[i] as string | null;
    if (v !== null) strings += Buffer.byteLength(v, 'utf8');
  }
  const size = 1 + INT_POSITIONS.length * 8 + 5 * 4 + strings;
  if (size > scratch.length) scratch = Buffer.allocUnsafe(size * 2);
  scratch[0] = 0x00;
  let at = writeInt(t[0], 1);
  at = writeString(t[1], at);
  at = writeString(t[2], at);
  at = writeString(t[3], at);
  at = writeInt(t[4], at);
  at = writeInt(t[5], at);
  at = writeInt(t[6], at);
  at = writeInt(t[7], at);
  at = writeInt(t[8], at);
  at = writeString(t[9], at);
  at = writeString(t[10], at);
  at = writeInt(t[11], at);
  return scratch.subarray(0, at);
}

/** The row's canonical encoding alone (a copy): docs/ledger-seal.md §2. */
export function encodeTransferTuple(t: TransferTuple): Buffer {
  return Buffer.from(encodeLeafPreimage(t).subarray(1));
}
