import { z } from 'zod/mini';

/*
 * The sealed ledger's public answers (issue 25 items 3–4, docs/ledger-seal.md, decision 0048). Hashes,
 * keys and signatures are lower-case hex; ids, amounts and times are JSON integers (safe integers: the
 * server's ledger never holds a larger one).
 */

const int = () =>
  z.number().check(z.int(), z.minimum(-Number.MAX_SAFE_INTEGER), z.maximum(Number.MAX_SAFE_INTEGER));
const positiveInt = () => z.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER));
const hex = (bytes: number) => z.string().check(z.regex(new RegExp(`^[0-9a-f]{${bytes * 2}}$`)));

/** `GET /api/ledger/proof/{transfer_id}`: a transfer of the caller's own (another's answers 404). */
export const ledgerProofParamsSchema = z.strictObject({
  transfer_id: z.coerce.number().check(z.int(), z.minimum(1), z.maximum(Number.MAX_SAFE_INTEGER)),
});
export type LedgerProofParams = z.infer<typeof ledgerProofParamsSchema>;

/**
 * Every field of a transfer row, exactly as the leaf hashes them (docs/ledger-seal.md, "Leaf"): the order
 * of this object is the order of the canonical encoding.
 */
export const sealedTransferSchema = z.object({
  id: positiveInt(),
  idempotency_key: z.string(),
  request_hash: z.string(),
  kind: z.string(),
  from_account_id: positiveInt(),
  to_account_id: positiveInt(),
  amount: int(),
  from_balance_after: int(),
  to_balance_after: int(),
  reference: z.nullable(z.string()),
  note: z.nullable(z.string()),
  created_at_ms: int(),
});
export type SealedTransfer = z.infer<typeof sealedTransferSchema>;

/** One seal: what is signed (docs/ledger-seal.md, "Seal"), its hash (the next seal's `prev_hash`) and signature. */
export const ledgerSealSchema = z.object({
  seq: positiveInt(),
  /** The seal covers every transfer whose id is in first_id..last_id (gaps are ids never committed). */
  first_id: positiveInt(),
  last_id: positiveInt(),
  /** How many transfers it covers: the leaves of its tree. */
  count: positiveInt(),
  /** The RFC 6962 Merkle tree head over the covered transfers in id order. */
  root: hex(32),
  /** The previous seal's `hash`; 64 zeros for seal 1. */
  prev_hash: hex(32),
  sealed_at_ms: int(),
  /** SHA-256 of the signed message. */
  hash: hex(32),
  /** Ed25519 over the signed message. */
  signature: hex(64),
  /** First 16 hex characters of SHA-256 of the raw public key that signed it. */
  key_id: z.string().check(z.regex(/^[0-9a-f]{16}$/)),
});
export type LedgerSeal = z.infer<typeof ledgerSealSchema>;

export const ledgerProofSealedSchema = z.object({
  status: z.literal('sealed'),
  transfer: sealedTransferSchema,
  /** The transfer's leaf index in its seal's tree, 0-based (its position in id order). */
  leaf_index: z.number().check(z.int(), z.minimum(0)),
  /** The RFC 6962 inclusion path, from the leaf's sibling up to the root's child. */
  path: z.array(hex(32)),
  seal: ledgerSealSchema,
  /** The raw 32-byte Ed25519 public key of the server (also `GET /api/ledger/public-key`). */
  public_key: hex(32),
});
export type LedgerProofSealed = z.infer<typeof ledgerProofSealedSchema>;

export const ledgerProofPendingSchema = z.object({
  status: z.literal('pending'),
  transfer_id: positiveInt(),
  /** The last id the newest seal covers; null before the first seal. */
  sealed_through_id: z.nullable(positiveInt()),
});
export type LedgerProofPending = z.infer<typeof ledgerProofPendingSchema>;

export const ledgerProofSchema = z.discriminatedUnion('status', [
  ledgerProofSealedSchema,
  ledgerProofPendingSchema,
]);
export type LedgerProof = z.infer<typeof ledgerProofSchema>;

/** `GET /api/ledger/public-key` (public): the key every seal is signed with. */
export const ledgerPublicKeySchema = z.object({
  algorithm: z.literal('Ed25519'),
  public_key: hex(32),
  key_id: z.string().check(z.regex(/^[0-9a-f]{16}$/)),
});
export type LedgerPublicKey = z.infer<typeof ledgerPublicKeySchema>;
