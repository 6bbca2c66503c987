import type { UserDetail } from '@lotto59/contract';
import type { MockReply } from './fetch-mock';
import { ANALYTICS_ENDPOINT } from '@/lib/analytics';

export const PLAYER: UserDetail = {
  auth: { id: 7, username: 'player01' },
  balance: 1_000_000,
  setting: { enabled_poll_1: true },
  enableFastGamePlay: false,
  is_loading: 0,
  enableLottery: false,
};

export const SIGNED_OUT: MockReply = {
  status: 401,
  body: { message: 'Unauthenticated.', code: 'UNAUTHENTICATED' },
};
export const SIGNED_IN: MockReply = { body: { data: PLAYER } };

/** `GET /sanctum/csrf-cookie`: sets a URL-encoded token, as the server does. */
export const csrfCookie = (token = 'token=1'): MockReply => {
  document.cookie = `XSRF-TOKEN=${encodeURIComponent(token)}; path=/`;
  return { status: 204 };
};

/**
 * Calls the signed-in screens make on their own: the menu's ticket badge, and the lotto 59 landing page's
 * pool, rounds, results, winners and configuration (which the login page starts fetching); and the analytics
 * batch, sent 5 s after a screen view (the setup drops the queue after each test, but a test slowed by a
 * loaded machine may outlast the 5 s). Tests about something else leave them out of what they compare.
 */
export const isBackgroundCall = (route: string): boolean =>
  /^GET \/api\/(v1\/ticket\/badge|poll|v1\/result\/|result\/history|v1\/jackpot\/winner|v1\/lotto59\/config)/.test(
    route,
  ) || route === `POST ${ANALYTICS_ENDPOINT}`;
