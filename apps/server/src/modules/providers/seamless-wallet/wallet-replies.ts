import { createHash } from 'node:crypto';
import type { WalletReply, WalletStatus } from '@lotto59/contract';

// The answers of the seamless wallet and the fingerprint of a call's business fields (providers.md §3).

export const ok = (requestUuid: string, user: string, balance: number): WalletReply => ({
  status: 'RS_OK',
  request_uuid: requestUuid,
  user,
  currency: 'KHR',
  balance,
});

export const refusal = (status: Exclude<WalletStatus, 'RS_OK'>, requestUuid?: string): WalletReply =>
  requestUuid === undefined ? { status } : { status, request_uuid: requestUuid };

/** RS_ERROR_NOT_ENOUGH_MONEY carries the actual balance (Hub88). */
export const notEnoughMoney = (requestUuid: string, user: string, balance: number): WalletReply => ({
  status: 'RS_ERROR_NOT_ENOUGH_MONEY',
  request_uuid: requestUuid,
  user,
  currency: 'KHR',
  balance,
});

/**
 * A refusal decided inside a database transaction: thrown to roll it back (nothing moves), caught by
 * the caller and answered.
 */
export class Refusal extends Error {
  override name = 'Refusal';
  constructor(readonly reply: WalletReply) {
    super(reply.status);
  }
}

/**
 * What a transaction id was used for: action, user, amount, round, reference and game. The request_uuid
 * is left out (a provider's retry has a new one) and so is `meta` (report detail, not a business field).
 */
export function businessHash(fields: {
  action: string;
  user: string;
  amount: number;
  roundId: string;
  reference: string | null;
  gameCode: string;
}): string {
  const canonical = JSON.stringify([
    fields.action,
    fields.user,
    fields.amount,
    fields.roundId,
    fields.reference,
    fields.gameCode,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}
