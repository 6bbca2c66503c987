import { HttpError, readErrorBody } from '@/lib/http-client';

/** The HttpError the client makes of an error body the server sent with `status`. */
export function httpErrorOf(body: Record<string, unknown>, status: number): HttpError {
  const parsed = readErrorBody(body);
  if (!parsed) throw new Error('not an error body');
  return new HttpError({ status, ...parsed });
}
