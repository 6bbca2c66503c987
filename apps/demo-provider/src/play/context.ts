import type { Kysely } from 'kysely';
import type { DemoProviderDatabase } from '../db/schema';
import type { WalletClient } from '../wallet/wallet-client';

/** One step of the retry schedule: while a call is younger than `untilMs`, try again every `everyMs`. */
export interface RetryStep {
  untilMs: number;
  everyMs: number;
}

export interface RetryOptions {
  /** Steps in order; past the last step's `untilMs` the call is parked for the operator. */
  schedule: readonly RetryStep[];
  /** How often the outbox worker looks for due calls (0: never on its own; tests drive it). */
  pollMs: number;
}

/** Hub88's supplier rule (providers.md §3): every 60 s for 1 h, then every 10 min up to 4 h, then park. */
export const DEFAULT_RETRY: RetryOptions = {
  schedule: [
    { untilMs: 3_600_000, everyMs: 60_000 },
    { untilMs: 4 * 3_600_000, everyMs: 600_000 },
  ],
  pollMs: 5_000,
};

/**
 * Points of a round where a fault-injection test may stop the process (DEMO_PROVIDER_FAULT, src/main.ts):
 * `bet-acknowledged` right after the wallet accepted the bet, before anything is recorded; `bet-recorded`
 * after BET_OK and its owed win are committed, before the win is sent.
 */
export type FaultPoint = 'bet-acknowledged' | 'bet-recorded';

/** What every part of the studio works with; built once by createDemoProvider. */
export interface StudioContext {
  db: Kysely<DemoProviderDatabase>;
  wallet: WalletClient;
  clock: () => number;
  retry: RetryOptions;
  /** Test-only: called at each FaultPoint; unset in production, where it costs one undefined check. */
  fault?: (point: FaultPoint) => void;
}

/** When the next attempt of a call first queued at `createdAt` is due, or null when it must be parked. */
export function nextAttemptAt(retry: RetryOptions, createdAt: number, now: number): number | null {
  const age = now - createdAt;
  const step = retry.schedule.find((s) => age < s.untilMs);
  return step ? now + step.everyMs : null;
}
