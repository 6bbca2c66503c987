/*
 * What the game tells the operator's page that frames it. The wallet refused a stake because of the player's
 * own account (a limit, a break, an exclusion, a disabled account): only the operator knows which one and how
 * much room is left, so the page says so in its own words around the game (responsible-gaming.md §5). The
 * operator's side: apps/web/src/features/providers/lib/studio-messages.ts.
 */

/** The message's type; the operator's page matches it by this name. */
export const STAKE_REFUSED_MESSAGE = 'studio:stake-refused';

export interface StakeRefusedMessage {
  type: typeof STAKE_REFUSED_MESSAGE;
  code: 'LIMIT_REACHED' | 'USER_DISABLED';
  /** The stake the wallet refused, riel. */
  amount: number;
}

/**
 * Posts the refusal to the framing page, if there is one. The target is '*': the studio is not told the
 * operator's origin, and the message holds nothing the operator does not already know (the player's own stake
 * on the operator's own wallet); the operator's page checks that it comes from its game frame.
 */
export function tellHostStakeRefused(
  host: Pick<Window, 'postMessage'> | null,
  code: StakeRefusedMessage['code'],
  amount: number,
): void {
  if (!host) return;
  const message: StakeRefusedMessage = { type: STAKE_REFUSED_MESSAGE, code, amount };
  host.postMessage(message, '*');
}

/** The page's host: the window that frames it, or null when the game is open on its own. */
export function framingWindow(): Pick<Window, 'postMessage'> | null {
  return typeof window !== 'undefined' && window.parent !== window ? window.parent : null;
}
