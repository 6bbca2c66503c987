import { leafHashOfPreimage, merkleRoot } from './merkle';
import { encodeLeafPreimage, type TransferTuple } from './transfer-encoding';

/** What a seal needs of its rows: how many, the last id, and their Merkle root. */
export interface RangeRoot {
  count: number;
  lastId: number;
  root: Buffer;
}

/** The leaf hash of every row, in the rows' order. */
export function leafHashesOf(rows: readonly TransferTuple[]): Buffer[] {
  const leaves = new Array<Buffer>(rows.length);
  for (let i = 0; i < rows.length; i++)
    leaves[i] = leafHashOfPreimage(encodeLeafPreimage(rows[i] as TransferTuple));
  return leaves;
}

/** The range's root, or null for no rows (nothing to seal). */
export function rangeRootOf(ids: readonly number[], leaves: readonly Buffer[]): RangeRoot | null {
  if (ids.length === 0) return null;
  return { count: ids.length, lastId: ids[ids.length - 1] as number, root: merkleRoot(leaves) };
}

export function rangeRootOfRows(rows: readonly TransferTuple[]): RangeRoot | null {
  return rangeRootOf(
    rows.map((row) => row[0]),
    leafHashesOf(rows),
  );
}
