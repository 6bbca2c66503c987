import type { RoundRecord } from '@lotto59/contract';
import type { BetSubmission } from './pending-bet';

/** A submission the player placed, kept to place again ("repeat last bet"). */
export interface LastSlip {
  submission: BetSubmission;
  betCount: number;
  totalRiel: number;
}

/**
 * The same slip for the round open now. It is a new submission: `useBetPlacement` gives it a new
 * idempotency key, so the server places it again rather than answering the first one.
 */
export function repeatFor(last: LastSlip, round: Pick<RoundRecord, 'id' | 'poll'>): BetSubmission {
  const where = { poll: round.poll, result_id: round.id };
  return last.submission.kind === 'BET'
    ? { kind: 'BET', body: { ...last.submission.body, ...where } }
    : { kind: 'JACKPOT', body: { ...last.submission.body, ...where } };
}
