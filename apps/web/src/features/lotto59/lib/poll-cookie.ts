import { isPool, type Pool } from '@lotto59/domain';
import { COOKIE, readCookie, writeCookie } from '@/lib/cookies';

/** The player's pool as the `poll` cookie says, when it holds one (seed §3: POLL_1 or POLL_2). */
export function readPollCookie(): Pool | null {
  const poll = readCookie(COOKIE.poll);
  return isPool(poll) ? poll : null;
}

export function writePollCookie(poll: Pool): void {
  writeCookie(COOKIE.poll, poll);
}
