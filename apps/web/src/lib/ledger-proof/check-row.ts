import type { LedgerProof, LedgerPublicKey } from '@lotto59/contract';
import { getLedgerProof, getLedgerPublicKey } from './api';
import { proofMatchesRow, verifyLedgerProof, type LedgerProofFailure } from './verify';

/** What a statement row's "verify" action shows. */
export type RowCheck =
  /** Newer than the last seal: "pending seal". */
  | { state: 'pending'; sealedThroughId: number | null }
  | { state: 'verified'; seq: number; sealedAtMs: number }
  /** `row`: the proof is of another movement than the row shows (id, amount or balance after). */
  | { state: 'failed'; failure: LedgerProofFailure | 'row' };

export interface RowCheckDeps {
  proof(transferId: number): Promise<LedgerProof>;
  publicKey(): Promise<LedgerPublicKey>;
  subtle?: SubtleCrypto;
}

let publicKeyOnce: Promise<LedgerPublicKey> | undefined;

/** The server's key, asked once per page load (a failed ask is asked again next time). */
function publicKeyOfSession(): Promise<LedgerPublicKey> {
  publicKeyOnce ??= getLedgerPublicKey().catch((error: unknown) => {
    publicKeyOnce = undefined;
    throw error;
  });
  return publicKeyOnce;
}

const fromServer: RowCheckDeps = { proof: (id) => getLedgerProof(id), publicKey: publicKeyOfSession };

/**
 * The statement row's "verify": fetches the row's proof and the server's key, checks that the proof is this row's
 * movement, then recomputes the path and checks the signature in the browser (verify.ts). Network errors throw
 * (the screen shows its error piece); a proof that does not hold is an answer, `failed`.
 */
export async function checkStatementRow(
  row: { id: number; amount: number; balance_after: number },
  deps: RowCheckDeps = fromServer,
): Promise<RowCheck> {
  const [proof, key] = await Promise.all([deps.proof(row.id), deps.publicKey()]);
  if (proof.status === 'pending') return { state: 'pending', sealedThroughId: proof.sealed_through_id };
  if (!proofMatchesRow(proof, row)) return { state: 'failed', failure: 'row' };
  const check = await verifyLedgerProof(proof, key.public_key, deps.subtle);
  return check.ok
    ? { state: 'verified', seq: proof.seal.seq, sealedAtMs: proof.seal.sealed_at_ms }
    : { state: 'failed', failure: check.failure };
}
