import type { LedgerProof, LedgerPublicKey } from '@lotto59/contract';
import { http } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';

/** `GET /api/ledger/proof/{transfer_id}`: the caller's own transfer's seal and path, or `pending`. */
export function getLedgerProof(transferId: number, signal?: AbortSignal): Promise<LedgerProof> {
  return http.get(`/api/ledger/proof/${String(transferId)}`, {
    schema: lazySchema((s) => s.ledgerProofSchema),
    signal,
  });
}

/** `GET /api/ledger/public-key`: the key every seal is signed with. */
export function getLedgerPublicKey(signal?: AbortSignal): Promise<LedgerPublicKey> {
  return http.get('/api/ledger/public-key', { schema: lazySchema((s) => s.ledgerPublicKeySchema), signal });
}
