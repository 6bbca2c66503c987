import type { RoundState, SlipState } from '../db/schema';
import type { RoundPhase } from './machine';

/*
 * Where each game keeps its rounds and how it spells the machine's phases (machine.ts). Two tables hold them:
 * `rounds` (slot spins, baccarat coups, fishing magazines) and `sport_slips`. Their state names predate the
 * shared machine and are read by histories, reports and the operator, so they stay; the machine speaks phases.
 */

export const ROUND_SUBJECTS = ['ROUND', 'SLIP'] as const;
export type RoundSubject = (typeof ROUND_SUBJECTS)[number];

export const STATE_NAMES: { ROUND: Record<RoundPhase, RoundState>; SLIP: Record<RoundPhase, SlipState> } = {
  ROUND: {
    BETTING: 'BETTING',
    BET_REFUSED: 'BET_REFUSED',
    OPEN: 'LOADED',
    WIN_OWED: 'BET_OK',
    WIN_SENT: 'WIN_SENT',
    ROLLBACK_OWED: 'ROLLBACK_PENDING',
    ROLLED_BACK: 'ROLLED_BACK',
  },
  SLIP: {
    BETTING: 'BETTING',
    BET_REFUSED: 'BET_REFUSED',
    OPEN: 'OPEN',
    WIN_OWED: 'SETTLING',
    WIN_SENT: 'SETTLED',
    ROLLBACK_OWED: 'ROLLBACK_PENDING',
    ROLLED_BACK: 'ROLLED_BACK',
  },
};

/** What the machine needs of a game: where its rounds live, and whether the win is known when the bet is. */
export interface GameAdapter {
  name: string;
  subject: RoundSubject;
  /** BET_ACCEPTED: the outcome was fixed before the bet (slot, baccarat); BET_HELD: it comes later. */
  onBetAccepted: 'BET_ACCEPTED' | 'BET_HELD';
}

export const SLOT_OR_TABLE: GameAdapter = {
  name: 'casino round',
  subject: 'ROUND',
  onBetAccepted: 'BET_ACCEPTED',
};
export const MAGAZINE: GameAdapter = {
  name: 'fishing magazine',
  subject: 'ROUND',
  onBetAccepted: 'BET_HELD',
};
export const SLIP: GameAdapter = { name: 'sportsbook slip', subject: 'SLIP', onBetAccepted: 'BET_HELD' };

/** The wallet-facing facts of a round, whichever table holds it. */
export interface WalletRound {
  subject: RoundSubject;
  id: string;
  session_id: string;
  user_id: string;
  provider: string;
  game_code: string;
  bet_tx: string;
  win_tx: string;
  rollback_tx: string;
  /** The bet's amount: a round's `bet`, a slip's `stake`. */
  amount: number;
  /** The bet's wallet meta, when the game sends one (the slip's, providers.md §8). */
  betMeta?: unknown;
}
