import type { GameApiError } from '../api/game-api';

export type GameErrorCode = GameApiError['code'];

/** HTTP status per page-facing code: the page reads `code`; the status tells caches and proxies the class. */
const STATUS: Record<GameErrorCode, number> = {
  INVALID_REQUEST: 400,
  INVALID_SESSION: 401,
  SESSION_EXPIRED: 401,
  INVALID_BET: 422,
  NOT_ENOUGH_MONEY: 409,
  LIMIT_REACHED: 409,
  USER_DISABLED: 403,
  // The sportsbook: the odds the player saw are not the odds offered; a fixture has kicked off.
  ODDS_CHANGED: 409,
  BETTING_CLOSED: 409,
  // The wallet could not be reached or its answer was not believed: infrastructure, not the player's doing.
  WALLET_UNAVAILABLE: 503,
  // A shot at a fish that is not (or no longer) on screen: refused before any charge.
  FISH_NOT_THERE: 409,
};

const MESSAGES: Record<GameErrorCode, string> = {
  INVALID_REQUEST: 'The request is not valid.',
  INVALID_SESSION: 'The game session is not valid. Open the game again from the casino.',
  SESSION_EXPIRED: 'The game session has expired. Open the game again from the casino.',
  INVALID_BET: 'The bet is not valid.',
  NOT_ENOUGH_MONEY: 'Not enough balance for this bet.',
  LIMIT_REACHED: 'This bet is over your limit.',
  USER_DISABLED: 'Your account cannot play right now.',
  WALLET_UNAVAILABLE: 'The wallet is not answering. Nothing was charged; please try again.',
  ODDS_CHANGED: 'The odds changed; confirm the new odds.',
  BETTING_CLOSED: 'Betting on this match has closed.',
  FISH_NOT_THERE: 'That fish is no longer there. Nothing was charged.',
};

export class GameError extends Error {
  override name = 'GameError';
  readonly status: number;
  constructor(
    readonly code: GameErrorCode,
    message?: string,
    /** ODDS_CHANGED: the legs whose odds moved; a wallet's refusal of a stake: its amount. */
    readonly details: Pick<GameApiError, 'changes' | 'amount'> = {},
  ) {
    super(message ?? MESSAGES[code]);
    this.status = STATUS[code];
  }
  toBody(): GameApiError {
    return { code: this.code, message: this.message, ...this.details };
  }
}

export const isGameErrorCode = (code: string | null): code is GameErrorCode =>
  code !== null && Object.hasOwn(STATUS, code);

/** The wallet's refusals of a stake the player caused by their account (limit, break, disabled): they name it. */
const STAKE_REFUSALS: readonly GameErrorCode[] = ['LIMIT_REACHED', 'USER_DISABLED'];

/** The refusal stored with a round or slip, given again for a replay of its request id, with its stake. */
export function replayedRefusal(errorCode: string | null, stake: number): GameError {
  const code = isGameErrorCode(errorCode) ? errorCode : 'WALLET_UNAVAILABLE';
  return new GameError(code, undefined, STAKE_REFUSALS.includes(code) ? { amount: stake } : {});
}
