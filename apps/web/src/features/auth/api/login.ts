import type { LoginAnswer, LoginBoard, LoginRequest, UserDetail } from '@lotto59/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { COOKIE, readCookie } from '@/lib/cookies';
import { http, isHttpError } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';
import { getCsrfCookie } from './get-csrf-cookie';
import { userQueryKey } from './get-user';

/** The login's answer split: the user detail, and what the board needs first when the server sent it. */
export interface LoggedIn {
  user: UserDetail;
  board: LoginBoard | undefined;
}

async function postLogin(credentials: LoginRequest): Promise<LoggedIn> {
  // A 401/419 here is a reason to try again, not a session that ended: no "please log in again" alert.
  const answer: LoginAnswer = await http.post('/login', {
    body: credentials,
    schema: lazySchema((s) => s.loginAnswerSchema),
    authAlertStatuses: [],
    renewsSession: true,
  });
  const { board, ...user } = answer;
  return { user, board };
}

/**
 * `POST /login`, after `GET /sanctum/csrf-cookie` when the browser holds no XSRF token yet (the first load asks
 * for one as the app starts: asking again at the click cost a 3G round trip, issue 11). A 419 means the token
 * went stale (another tab, an expired session): fetch a fresh one and try once more.
 */
export async function login(credentials: LoginRequest): Promise<LoggedIn> {
  if (readCookie(COOKIE.xsrf) === null) await getCsrfCookie();
  try {
    return await postLogin(credentials);
  } catch (error) {
    if (!isHttpError(error, 419)) throw error;
    await getCsrfCookie();
    return postLogin(credentials);
  }
}

/**
 * On success the user detail is stored, which moves the guards to the signed-in routes; `onLoggedIn` runs
 * just before (a failure of it is its own to handle), so the next screen can start its calls while the screen
 * changes.
 */
export function useLogin(onLoggedIn?: (loggedIn: LoggedIn) => void | Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: async (loggedIn) => {
      // Awaited: what the login answered for the next screen is in the cache before that screen renders and
      // would ask for it (the landing page's code is fetched while the form is filled, so this is quick).
      await onLoggedIn?.(loggedIn);
      queryClient.setQueryData(userQueryKey, loggedIn.user);
    },
  });
}
