import type { UserDetail } from '@lotto59/contract';
import type { MockReply } from './fetch-mock';

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
