import type { LoginRequest, UserDetail } from '@lotto59/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, isHttpError } from '@/lib/http-client';
import { lazySchema } from '@/lib/schemas';
import { getCsrfCookie } from './get-csrf-cookie';
import { userQueryKey } from './get-user';

function postLogin(credentials: LoginRequest): Promise<UserDetail> {
  // A 401/419 here is a reason to try again, not a session that ended: no "please log in again" alert.
  return http.post('/login', {
    body: credentials,
    schema: lazySchema((s) => s.userDetailSchema),
    authAlertStatuses: [],
  });
}

/**
 * `POST /login`, always after `GET /sanctum/csrf-cookie`. A 419 means the XSRF token went stale between the two
 * (another tab, an expired session): fetch a fresh one and try once more.
 */
export async function login(credentials: LoginRequest): Promise<UserDetail> {
  await getCsrfCookie();
  try {
    return await postLogin(credentials);
  } catch (error) {
    if (!isHttpError(error, 419)) throw error;
    await getCsrfCookie();
    return postLogin(credentials);
  }
}

/** On success the user detail is stored, which moves the guards to the signed-in routes. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => queryClient.setQueryData(userQueryKey, user),
  });
}
