/**
 * The statement row's "verify" action (issue 25, item 4): whether one ledger transfer is in a signed seal.
 * The statement only shows the answer; the verifier that recomputes the Merkle path and checks the seal's
 * Ed25519 signature in the browser (lib/ledger-proof) is handed to the screen by the app layer
 * (app/routes/app/statement.tsx), so the screen's tests can give it any answer.
 */
export type VerifyResult =
  /** The transfer is in a seal whose path and signature check out. */
  | { state: 'verified'; seal?: number | undefined }
  /** No seal covers the transfer yet (it is newer than the last seal). */
  | { state: 'pending-seal' }
  /** The proof does not match the row or the signature: the ledger's history is not what was sealed. */
  | { state: 'mismatch'; reason?: string | undefined };

/** The row as the statement shows it: the proof must be of this movement (id, amount, balance after). */
export interface VerifiedRow {
  id: number;
  amount: number;
  balance_after: number;
}

export type VerifyTransfer = (row: VerifiedRow) => Promise<VerifyResult>;
