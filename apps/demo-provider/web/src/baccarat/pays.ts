import {
  BACCARAT_BET_KINDS,
  type BaccaratBetKind,
  type BaccaratOutcome,
  betPayout,
  type Coup,
} from '../../../src/rules';
import type { TextKey } from '../shared/i18n';

/*
 * What each bet pays, asked of the rules' own betPayout (never retyped): a stake of 100 on a coup that wins the
 * bet gives the ratio, and a tie coup shows whether PLAYER and BANKER are handed back.
 */

const coup = (outcome: BaccaratOutcome, playerPair: boolean, bankerPair: boolean): Coup => ({
  player: [],
  banker: [],
  playerValue: 0,
  bankerValue: 0,
  outcome,
  playerPair,
  bankerPair,
});

const WINNING: Record<BaccaratBetKind, Coup> = {
  PLAYER: coup('PLAYER', false, false),
  BANKER: coup('BANKER', false, false),
  TIE: coup('TIE', false, false),
  PLAYER_PAIR: coup('PLAYER', true, false),
  BANKER_PAIR: coup('PLAYER', false, true),
};
const TIE = coup('TIE', false, false);
const STAKE = 100;

export interface BetPay {
  kind: BaccaratBetKind;
  /** "1:1", "0.95:1", "8:1", "11:1". */
  ratio: string;
  returnedOnTie: boolean;
}

export const BET_PAYS: readonly BetPay[] = BACCARAT_BET_KINDS.map((kind) => {
  const profit = (betPayout(kind, STAKE, WINNING[kind]) - STAKE) / STAKE;
  return {
    kind,
    ratio: `${profit}:1`,
    returnedOnTie: kind !== 'TIE' && betPayout(kind, STAKE, TIE) === STAKE,
  };
});

export const BET_NAMES: Record<BaccaratBetKind, TextKey> = {
  PLAYER: 'player',
  BANKER: 'banker',
  TIE: 'tie',
  PLAYER_PAIR: 'playerPair',
  BANKER_PAIR: 'bankerPair',
};
