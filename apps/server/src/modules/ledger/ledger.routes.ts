import {
  envelope,
  ledgerProofParamsSchema,
  ledgerProofSchema,
  ledgerPublicKeySchema,
} from '@lotto59/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../errors/app-error';
import type { SessionCookies } from '../auth/session.plugin';
import type { LedgerService } from './ledger.service';

/** The sealed ledger's HTTP surface (decision 0048): a player's proofs, and the public key for anyone. */
export function ledgerRoutes(deps: { ledger: LedgerService; cookies: SessionCookies }) {
  return async (app: FastifyInstance) => {
    const typed = app.withTypeProvider<ZodTypeProvider>();
    typed.get(
      '/api/ledger/proof/:transfer_id',
      {
        schema: {
          tags: ['ledger'],
          params: ledgerProofParamsSchema,
          response: { 200: envelope(ledgerProofSchema) },
        },
        onRequest: deps.cookies.requirePlayer,
      },
      async (request) => {
        const proof = await deps.ledger.proof(request.auth!.playerId, request.params.transfer_id);
        // Another player's transfer answers as one that does not exist: ids tell nothing.
        if (!proof) throw new AppError('NOT_FOUND');
        return { data: proof };
      },
    );
    // Public: a verifier pins this key; without a key (server mode, LEDGER_SEAL_KEY unset) nothing is sealed.
    typed.get(
      '/api/ledger/public-key',
      { schema: { tags: ['ledger'], response: { 200: envelope(ledgerPublicKeySchema) } } },
      async () => {
        const key = deps.ledger.publicKey();
        if (!key) throw new AppError('NOT_FOUND');
        return { data: key };
      },
    );
  };
}
