/** What every lotto 59 stake transfer's idempotency key starts with (`lotto59StakeKey`). */
export const LOTTO59_STAKE_KEY_PREFIX = 'bet-stake:';

/**
 * The ledger's idempotency key of a lotto 59 submission's stake transfer: the client's key first (time-ordered
 * UUID v7 keys then keep the transfers' key index growing at its end), then the player, since a key belongs
 * to its player. The statement reads a stake's ticket back from it (`bet-stake:<submission key>:<player>`).
 */
export function lotto59StakeKey(submissionKey: string, playerId: number): string {
  return `${LOTTO59_STAKE_KEY_PREFIX}${submissionKey}:${playerId}`;
}
