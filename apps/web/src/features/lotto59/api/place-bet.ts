import type { PlaceBetResponse } from '@lotto59/contract';
import { mapBetError, type BetErrorKey } from '@lotto59/domain';
import { useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { http, isHttpError } from '@/lib/http-client';
import { getLanguage } from '@/lib/i18n';
import type { AlertOptions } from '@/lib/notifications';
import { rgRefusalAlert } from '@/lib/rg-refusal';
import { lazySchema } from '@/lib/schemas';
import { newIdempotencyKey } from '../lib/idempotency-key';
import {
  clearPendingBet,
  readPendingBet,
  savePendingBet,
  type BetSubmission,
  type PendingBet,
} from '../lib/pending-bet';

const ENDPOINT = { BET: '/api/bet', JACKPOT: '/api/bet/jackpot' } as const;

/** `POST /api/bet` or `POST /api/bet/jackpot` with the submission's idempotency key. */
export function sendBet(pending: PendingBet): Promise<PlaceBetResponse> {
  return http.post(ENDPOINT[pending.submission.kind], {
    body: pending.submission.body,
    headers: { 'Idempotency-Key': pending.key },
    schema: lazySchema((s) => s.placeBetResponseSchema),
  });
}

/** What became of a submission, as far as the browser can tell. */
export type BetOutcome =
  | { kind: 'placed'; response: PlaceBetResponse; resumed: boolean }
  /** The server answered no: nothing was written (seed §5 messages mapped, or maintenance). */
  | { kind: 'refused'; reason: BetErrorKey | 'maintenance'; value?: number; alert?: AlertOptions }
  /** No answer (time-out, network, a server fault): it may or may not have been placed. */
  | { kind: 'unknown' };

/**
 * Refused or unknown. Every 4xx and the 503 of maintenance are answers (the server wrote nothing); a
 * time-out or a dropped connection is not, and neither is a 5xx fault: the bet may have been written.
 */
export function outcomeOfError(error: unknown): Exclude<BetOutcome, { kind: 'placed' }> {
  if (!isHttpError(error)) return { kind: 'unknown' };
  if (error.status === 503) return { kind: 'refused', reason: 'maintenance' };
  // The player's own limit, break or exclusion: the room left (or the date) and a link, never a bare error.
  const rg = rgRefusalAlert(error, getLanguage());
  if (rg) return { kind: 'refused', reason: 'bet_failed', alert: rg };
  if (error.status >= 400 && error.status < 500) {
    const mapped = mapBetError(error.message);
    return {
      kind: 'refused',
      reason: mapped.key,
      ...(mapped.value !== undefined ? { value: mapped.value } : {}),
    };
  }
  return { kind: 'unknown' };
}

// Keys being sent by this page: StrictMode's second effect run, or a second click, must not send one again.
const inFlight = new Set<string>();

/**
 * Placing bets. Each submission gets a fresh key, is kept in sessionStorage until its answer arrives, and
 * is sent again with the same key when the page comes back (a reload, a crash): the server answers a known
 * key with its first answer, so a bet is never placed twice. When no answer comes, the pending bet stays
 * for the next load, and the player is told the result is unknown.
 */
export function useBetPlacement(onOutcome: (outcome: BetOutcome) => void) {
  const onOutcomeRef = useRef(onOutcome);
  useEffect(() => {
    onOutcomeRef.current = onOutcome;
  }, [onOutcome]);

  const { mutate, isPending } = useMutation({
    mutationFn: ({ pending }: { pending: PendingBet; resumed: boolean }) => sendBet(pending),
    onSuccess: (response, { pending, resumed }) => {
      clearPendingBet(pending.key);
      onOutcomeRef.current({ kind: 'placed', response, resumed });
    },
    onError: (error, { pending }) => {
      const outcome = outcomeOfError(error);
      if (outcome.kind === 'refused') clearPendingBet(pending.key);
      onOutcomeRef.current(outcome);
    },
    onSettled: (_response, _error, { pending }) => {
      inFlight.delete(pending.key);
    },
  });

  const send = useCallback(
    (pending: PendingBet, resumed: boolean) => {
      if (inFlight.has(pending.key)) return;
      inFlight.add(pending.key);
      mutate({ pending, resumed });
    },
    [mutate],
  );

  // A bet that was on its way when the page went away: ask again, with its key.
  useEffect(() => {
    const pending = readPendingBet();
    if (pending) send(pending, true);
  }, [send]);

  const submit = useCallback(
    (submission: BetSubmission) => {
      const pending: PendingBet = { key: newIdempotencyKey(), savedAtMs: Date.now(), submission };
      savePendingBet(pending);
      send(pending, false);
    },
    [send],
  );

  return { submit, sending: isPending };
}
