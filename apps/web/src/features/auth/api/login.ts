import { userDetailSchema, type LoginRequest, type UserDetail } from '@lotto59/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http, isHttpError } from '@/lib/http-client';
import { getCsrfCookie } from './get-csrf-cookie';
import { userQueryKey } from './get-user';

function postLogin(credentials: LoginRequest): Promise<UserDetail> {
  return http.post('/login', { body: credentials, schema: userDetailSchema });
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
