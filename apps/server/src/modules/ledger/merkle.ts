import { hash } from 'node:crypto';

// RFC 6962 §2.1 Merkle tree hashing with SHA-256: leaf = H(0x00 || data), node = H(0x01 || left || right).
// Built bottom-up, a level's last node without a partner moves up unchanged: the same tree as RFC 6962's
// split at the largest power of two below n.

// One-shot `crypto.hash` over a buffer that already holds the prefix: `ops ledger verify` hashes two nodes per
// transfer, and a Hash object per node cost more than the hashing itself.

export function leafHash(data: Uint8Array): Buffer {
  const preimage = Buffer.allocUnsafe(data.length + 1);
  preimage[0] = 0x00;
  preimage.set(data, 1);
  return hash('sha256', preimage, 'buffer');
}

/** The leaf hash of a preimage whose byte 0 is already 0x00 (transfer-encoding.ts writes it so). */
export function leafHashOfPreimage(preimage: Uint8Array): Buffer {
  return hash('sha256', preimage, 'buffer');
}

const nodeInput = Buffer.alloc(65, 0x01);

export function nodeHash(left: Uint8Array, right: Uint8Array): Buffer {
  nodeInput.set(left, 1);
  nodeInput.set(right, 33);
  return hash('sha256', nodeInput, 'buffer');
}

function nextLevel(level: readonly Buffer[]): Buffer[] {
  const up: Buffer[] = [];
  for (let i = 0; i + 1 < level.length; i += 2) up.push(nodeHash(level[i] as Buffer, level[i + 1] as Buffer));
  if (level.length % 2 === 1) up.push(level[level.length - 1] as Buffer);
  return up;
}

/** The tree head over at least one leaf hash. */
export function merkleRoot(leaves: readonly Buffer[]): Buffer {
  if (leaves.length === 0) throw new Error('a seal covers at least one transfer');
  let level = leaves;
  while (level.length > 1) level = nextLevel(level);
  return level[0] as Buffer;
}

/** The inclusion path of leaf `index` (RFC 6962 §2.1.1), the leaf's sibling first, and the root. */
export function inclusionPath(leaves: readonly Buffer[], index: number): { path: Buffer[]; root: Buffer } {
  if (index < 0 || index >= leaves.length) throw new RangeError('leaf index outside the tree');
  const path: Buffer[] = [];
  let level = leaves;
  let i = index;
  while (level.length > 1) {
    const sibling = i % 2 === 1 ? i - 1 : i + 1;
    // A last node without a partner moves up unchanged: no step of the path at this level.
    if (sibling < level.length) path.push(level[sibling] as Buffer);
    level = nextLevel(level);
    i = Math.floor(i / 2);
  }
  return { path, root: level[0] as Buffer };
}

/**
 * RFC 9162 §2.1.3.2: the root a leaf and its path lead to, or null when the path does not fit a tree of
 * `size` leaves.
 */
export function rootFromPath(
  leaf: Buffer,
  index: number,
  size: number,
  path: readonly Buffer[],
): Buffer | null {
  if (index < 0 || index >= size) return null;
  let fn = index;
  let sn = size - 1;
  let r = leaf;
  for (const p of path) {
    if (sn === 0) return null;
    if (fn % 2 === 1 || fn === sn) {
      r = nodeHash(p, r);
      while (fn % 2 === 0 && fn !== 0) {
        fn = Math.floor(fn / 2);
        sn = Math.floor(sn / 2);
      }
    } else {
      r = nodeHash(r, p);
    }
    fn = Math.floor(fn / 2);
    sn = Math.floor(sn / 2);
  }
  return sn === 0 ? r : null;
}
