/*
 * The one state machine of every studio round that moves money through the seamless wallet (providers.md §3):
 * a slot spin, a baccarat coup, a fishing magazine and a sportsbook slip. Pure: phases, the events that move
 * them and the wallet call each move makes owed. The stores apply an event as one conditional update
 * (`... where state = <from>`), so an event applies at most once and a late or repeated answer moves nothing.
 *
 *   BETTING ─bet accepted─▶ WIN_OWED ─win accepted─▶ WIN_SENT            (slot, baccarat)
 *   BETTING ─bet accepted (held)─▶ OPEN ─settled─▶ WIN_OWED ─▶ WIN_SENT  (magazine, slip)
 *   BETTING ─NOT_ENOUGH_MONEY / LIMIT_REACHED─▶ BET_REFUSED               (nothing moved)
 *   BETTING ─timeout, 5xx, other refusal, lost answer─▶ ROLLBACK_OWED ─rollback accepted─▶ ROLLED_BACK
 */

export const ROUND_PHASES = [
  'BETTING', // bet sent or about to be; its fate is unknown until the wallet answers
  'BET_REFUSED', // refused by the player's own limits: nothing moved, nothing to undo
  'OPEN', // debited; the win is not known yet (a magazine being fired, a slip waiting for its fixtures)
  'WIN_OWED', // debited; the win is in the outbox
  'WIN_SENT', // closed
  'ROLLBACK_OWED', // the bet failed or its fate is unknown: a rollback is in the outbox
  'ROLLED_BACK', // closed
] as const;
export type RoundPhase = (typeof ROUND_PHASES)[number];

export const ROUND_EVENTS = [
  'BET_ACCEPTED', // the wallet took the bet and the win is known now
  'BET_HELD', // the wallet took the bet; the win comes later
  'BET_REFUSED', // NOT_ENOUGH_MONEY / LIMIT_REACHED
  'BET_FAILED', // anything else, or the answer was lost (a restart found the round BETTING)
  'SETTLED', // the held round's win is known
  'WIN_ACCEPTED',
  'ROLLBACK_ACCEPTED',
] as const;
export type RoundEvent = (typeof ROUND_EVENTS)[number];

/** The wallet calls a round can owe (the outbox's kinds). */
export type OwedCall = 'WIN' | 'ROLLBACK';

export interface Transition {
  from: RoundPhase;
  to: RoundPhase;
  /** The call this move makes owed: written to the outbox in the same transaction as the move. */
  owes: OwedCall | null;
}

/** Each event has exactly one phase it moves from, so "apply once" is "update where state = from". */
export const TRANSITIONS: Readonly<Record<RoundEvent, Transition>> = {
  BET_ACCEPTED: { from: 'BETTING', to: 'WIN_OWED', owes: 'WIN' },
  BET_HELD: { from: 'BETTING', to: 'OPEN', owes: null },
  BET_REFUSED: { from: 'BETTING', to: 'BET_REFUSED', owes: null },
  BET_FAILED: { from: 'BETTING', to: 'ROLLBACK_OWED', owes: 'ROLLBACK' },
  SETTLED: { from: 'OPEN', to: 'WIN_OWED', owes: 'WIN' },
  WIN_ACCEPTED: { from: 'WIN_OWED', to: 'WIN_SENT', owes: null },
  ROLLBACK_ACCEPTED: { from: 'ROLLBACK_OWED', to: 'ROLLED_BACK', owes: null },
};

/** The phase `event` leads to from `phase`, or null when it does not apply there (a late or repeated answer). */
export function nextPhase(phase: RoundPhase, event: RoundEvent): RoundPhase | null {
  const t = TRANSITIONS[event];
  return t.from === phase ? t.to : null;
}

/** The accepted answer to an owed call closes the round. */
export const closingEvent = (call: OwedCall): RoundEvent =>
  call === 'WIN' ? 'WIN_ACCEPTED' : 'ROLLBACK_ACCEPTED';

/** The phase in which a call is owed: a round found there without its call gets it back (recovery). */
export const PHASE_OWING: Readonly<Record<OwedCall, RoundPhase>> = {
  WIN: 'WIN_OWED',
  ROLLBACK: 'ROLLBACK_OWED',
};
