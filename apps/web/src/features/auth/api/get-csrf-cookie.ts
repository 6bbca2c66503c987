import { http } from '@/lib/http-client';

/** `GET /sanctum/csrf-cookie`: sets a fresh `XSRF-TOKEN` cookie (and the session cookie) before a login. */
export async function getCsrfCookie(): Promise<void> {
  await http.get<unknown>('/sanctum/csrf-cookie', { authAlertStatuses: [] });
}
