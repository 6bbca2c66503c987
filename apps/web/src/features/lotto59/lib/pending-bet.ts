import type { PlaceBetRequest, PlaceJackpotRequest } from '@lotto59/contract';

/**
 * A bet on its way to the server, kept in sessionStorage with its idempotency key until the answer arrives.
 * A reload, a crash or a lost answer leaves it there; the board sends it again with the same key, and the
 * server answers the first answer instead of placing it twice.
 */
export type BetSubmission =
  { kind: 'BET'; body: PlaceBetRequest } | { kind: 'JACKPOT'; body: PlaceJackpotRequest };

export interface PendingBet {
  key: string;
  savedAtMs: number;
  submission: BetSubmission;
}

export const PENDING_BET_STORAGE_KEY = 'lotto59.pendingBet';
/**
 * Older than this, a pending bet is forgotten: its round closed long ago, so sending it again could only
 * be refused; the tickets list tells what happened.
 */
export const PENDING_BET_MAX_AGE_MS = 15 * 60_000;

export function savePendingBet(pending: PendingBet): void {
  try {
    sessionStorage.setItem(PENDING_BET_STORAGE_KEY, JSON.stringify(pending));
  } catch {
    // Without storage a reload cannot resume the bet; the server still never places one key twice.
  }
}

function isPendingBet(value: unknown): value is PendingBet {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<PendingBet>;
  return (
    typeof v.key === 'string' &&
    typeof v.savedAtMs === 'number' &&
    typeof v.submission === 'object' &&
    v.submission !== null &&
    (v.submission.kind === 'BET' || v.submission.kind === 'JACKPOT') &&
    typeof v.submission.body === 'object'
  );
}

/** The bet still waiting for its answer, if it is recent enough to send again. */
export function readPendingBet(nowMs: number = Date.now()): PendingBet | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(PENDING_BET_STORAGE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (isPendingBet(parsed) && nowMs - parsed.savedAtMs <= PENDING_BET_MAX_AGE_MS) return parsed;
  } catch {
    // Unreadable: forget it below.
  }
  clearPendingBet();
  return null;
}

/** Forgets the pending bet (only the one with `key`, when given: a newer one stays). */
export function clearPendingBet(key?: string): void {
  try {
    if (key !== undefined) {
      const raw = sessionStorage.getItem(PENDING_BET_STORAGE_KEY);
      if (raw !== null && !raw.includes(JSON.stringify(key))) return;
    }
    sessionStorage.removeItem(PENDING_BET_STORAGE_KEY);
  } catch {
    // Nothing to forget.
  }
}
