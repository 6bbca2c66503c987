/** One seal of the ledger (docs/ledger-seal.md): hashes, signature in lower-case hex. */
export interface LedgerSealsTable {
  seq: number;
  first_id: number;
  last_id: number;
  count: number;
  root: string;
  prev_hash: string;
  sealed_at_ms: number;
  hash: string;
  signature: string;
  key_id: string;
}
