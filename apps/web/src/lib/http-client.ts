/**
 * The one HTTP client of the web app (seed §7, §8): same origin, cookies sent, a 100 s limit on every call, the
 * XSRF/CSRF/X-Requested-With headers the server checks, `{ data }` unwrapped and validated with the contract's
 * schemas, every failure rejected as one `HttpError`, reported to analytics, and 401/411/419 turned into one
 * "please log in again" alert whose OK reloads the page.
 */
import { ERROR_STATUS, type ErrorCode } from '@lotto59/contract';
import { REQUEST_TIMEOUT_MS } from '@/config/constants';
import { COOKIE, readCookie } from './cookies';
import { t } from './i18n';
import { notifications } from './notifications';

export { REQUEST_TIMEOUT_MS };

const CSRF_META_SELECTOR = 'meta[name="csrf-token"]';

/** Failures that never reached a server answer, or answers the client cannot use. */
export const CLIENT_ERROR_CODES = ['NETWORK_ERROR', 'TIMEOUT', 'BAD_RESPONSE'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
export type HttpErrorCode = ErrorCode | ClientErrorCode;

/** Status given to failures without an HTTP answer (network down, timeout). */
export const NO_RESPONSE_STATUS = 0;

/** Seed §8: these answers mean the session is gone; the player is asked to log in again. */
export const AUTH_ALERT_STATUSES: readonly number[] = [401, 411, 419];

export type FieldErrors = Readonly<Record<string, readonly string[]>>;

export interface HttpErrorInit {
  status: number;
  message: string;
  /** `null` when the server answered without one of the contract's codes. */
  code: HttpErrorCode | null;
  errors?: FieldErrors;
  retryAfterSeconds?: number | null;
  details?: ErrorDetails;
}

/** Responsible gaming's refusals carry these beside the code (LIMIT_REACHED, ON_BREAK, SELF_EXCLUDED). */
export interface ErrorDetails {
  remaining?: number;
  kind?: 'LOSS' | 'WAGER' | 'DEPOSIT';
  period?: 'DAY' | 'WEEK' | 'MONTH';
  until?: number;
}

export class HttpError extends Error {
  override name = 'HttpError';
  readonly status: number;
  readonly code: HttpErrorCode | null;
  /** Per-field messages of a 422 (`{ "username": ["…"] }`); empty otherwise. */
  readonly errors: FieldErrors;
  /** From the `Retry-After` header of a 429 or 503, when present. */
  readonly retryAfterSeconds: number | null;
  /** The room left and the limit that decided, or when play resumes (responsible gaming). */
  readonly details: ErrorDetails;

  constructor(init: HttpErrorInit) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.errors = init.errors ?? {};
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.details = init.details ?? {};
  }
}

export function isHttpError(error: unknown, status?: number): error is HttpError {
  return error instanceof HttpError && (status === undefined || error.status === status);
}

/** Anything with a zod-like `parse`: the contract's schemas validate what the server sent. */
export interface ResponseParser<T> {
  parse(input: unknown): T;
}

/**
 * A parser, or a function that loads one. The contract's schemas (and zod) are loaded on first use, so the
 * start-up bundle does not carry them (docs/decisions/0006).
 */
export type ResponseSchema<T> = ResponseParser<T> | (() => Promise<ResponseParser<T>>);

type QueryScalar = string | number | boolean | null | undefined;
export type QueryParams = Readonly<Record<string, QueryScalar | readonly QueryScalar[]>>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions<T> {
  /** GET: the query string (null and undefined dropped). PUT/DELETE: `id` is appended to the path. */
  query?: QueryParams;
  /** Sent as JSON. */
  body?: unknown;
  /** Validates the unwrapped `data`; without it the caller gets `unknown` typed as T. */
  schema?: ResponseSchema<T>;
  /** Cancels the call (TanStack Query passes one); the 100 s limit applies regardless. */
  signal?: AbortSignal;
  /**
   * Which of 401/411/419 raise the "please log in again" alert (seed §8: "unless alerts are disabled for
   * it"). Default: all three; `[]` disables it.
   */
  authAlertStatuses?: readonly number[];
  /** Report a failure to analytics (default true; the analytics call itself does not). */
  report?: boolean;
  /** Let the call outlive the page (analytics sent while the page closes). */
  keepalive?: boolean;
  /** Extra request headers (the `Idempotency-Key` of a bet). */
  headers?: Readonly<Record<string, string>>;
  /**
   * The answer gives this tab a new session cookie (login, password change). The server ends the old session
   * as it does so; a call sent with the old cookie meanwhile is answered 401/411/419 (see `request`).
   */
  renewsSession?: boolean;
}

/** What analytics learns of a failed call. */
export interface FailedCall {
  method: HttpMethod;
  path: string;
  status: number;
  code: HttpErrorCode | null;
  message: string;
}

let reportFailure: ((call: FailedCall) => void) | undefined;

/** Analytics plugs in here (seed §8: failed calls are logged), so this module does not depend on it. */
export function setFailureReporter(reporter: ((call: FailedCall) => void) | undefined): void {
  reportFailure = reporter;
}

/** `GET` drops null and undefined values and repeats a key for each array item. */
export function buildQueryString(query: QueryParams | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values: readonly QueryScalar[] = Array.isArray(value) ? value : [value as QueryScalar];
    for (const item of values) {
      if (item !== null && item !== undefined) params.append(key, String(item));
    }
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Seed §7: GET builds a query string; PUT and DELETE append `query.id` to the path. */
export function buildUrl(method: HttpMethod, path: string, query: QueryParams | undefined): string {
  switch (method) {
    case 'GET':
      return path + buildQueryString(query);
    case 'PUT':
    case 'DELETE': {
      const id = query?.id;
      if (id === null || id === undefined || Array.isArray(id)) return path;
      return `${path.replace(/\/+$/, '')}/${encodeURIComponent(String(id))}`;
    }
    case 'POST':
      return path;
  }
}

function buildHeaders(hasBody: boolean, extra: Readonly<Record<string, string>> = {}): Headers {
  const headers = new Headers({ ...extra, Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' });
  const xsrf = readCookie(COOKIE.xsrf);
  if (xsrf) headers.set('X-XSRF-TOKEN', xsrf);
  const csrf = document.querySelector<HTMLMetaElement>(CSRF_META_SELECTOR)?.content;
  if (csrf) headers.set('X-CSRF-TOKEN', csrf);
  if (hasBody) headers.set('Content-Type', 'application/json');
  return headers;
}

/** `Retry-After` is either seconds or an HTTP date. */
export function parseRetryAfterSeconds(header: string | null, nowMs: number = Date.now()): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const atMs = Date.parse(header);
  return Number.isNaN(atMs) ? null : Math.max(0, Math.ceil((atMs - nowMs) / 1000));
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const RG_KINDS = ['LOSS', 'WAGER', 'DEPOSIT'] as const;
const RG_PERIODS = ['DAY', 'WEEK', 'MONTH'] as const;

/** The optional fields of a responsible-gaming refusal, each kept only when it has the contract's type. */
function detailsOf(body: Record<string, unknown>): ErrorDetails | undefined {
  const d: ErrorDetails = {};
  if (typeof body.remaining === 'number') d.remaining = body.remaining;
  if (typeof body.until === 'number') d.until = body.until;
  const kind = RG_KINDS.find((k) => k === body.kind);
  if (kind) d.kind = kind;
  const period = RG_PERIODS.find((p) => p === body.period);
  if (period) d.period = period;
  return Object.keys(d).length > 0 ? d : undefined;
}

const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && value in ERROR_STATUS;

/**
 * The contract's error body `{ message, code, errors? }` (`errorBodySchema`), checked by hand: an error is
 * read before any schema is loaded, so a signed-out visitor's 401 never needs zod. A test keeps this in
 * step with the schema.
 */
export function readErrorBody(
  body: unknown,
): { message: string; code: ErrorCode; errors?: Record<string, string[]>; details?: ErrorDetails } | null {
  if (!isRecord(body) || typeof body.message !== 'string' || !isErrorCode(body.code)) return null;
  const details = detailsOf(body);
  if (body.errors === undefined)
    return { message: body.message, code: body.code, ...(details ? { details } : {}) };
  if (!isRecord(body.errors)) return null;
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(body.errors)) {
    if (!Array.isArray(messages) || !messages.every((m) => typeof m === 'string')) return null;
    errors[field] = messages as string[];
  }
  return { message: body.message, code: body.code, errors };
}

/** Seed §8: a 2xx without `data` and without a success flag is "an error occurred" with status 404. */
function unwrapData(response: Response, body: unknown): unknown {
  if (isRecord(body) && 'data' in body) return body.data;
  if (isRecord(body) && body.success === true) return body;
  if (body === undefined && response.status === 204) return undefined;
  throw new HttpError({ status: 404, code: 'BAD_RESPONSE', message: t('errors.generic') });
}

function errorFromResponse(response: Response, body: unknown): HttpError {
  const retryAfterSeconds = parseRetryAfterSeconds(response.headers.get('Retry-After'));
  const parsed = readErrorBody(body);
  if (parsed) return new HttpError({ status: response.status, ...parsed, retryAfterSeconds });
  const message =
    isRecord(body) && typeof body.message === 'string'
      ? body.message
      : response.statusText || 'Request failed.';
  return new HttpError({ status: response.status, message, code: null, retryAfterSeconds });
}

function errorFromTransport(error: unknown, callerSignal: AbortSignal | undefined): unknown {
  // A cancellation asked for by the caller is not a failure: pass it through untouched.
  if (callerSignal?.aborted) return error;
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'TimeoutError') {
    return new HttpError({ status: NO_RESPONSE_STATUS, code: 'TIMEOUT', message: 'Request timeout.' });
  }
  const message = error instanceof Error ? error.message : 'Network error.';
  return new HttpError({ status: NO_RESPONSE_STATUS, code: 'NETWORK_ERROR', message });
}

/** Seed §8: one alert however many calls fail at once; OK (or Escape) reloads the page. */
export function showLoginAgainAlert(status: number): void {
  notifications.alert({
    key: 'login-again',
    status: 'ERROR',
    title: t('session.loginAgainTitle'),
    message: status === 411 ? t('session.loggedOutElsewhere') : t('session.securityExpired'),
    onClose: () => window.location.reload(),
  });
}

async function parseData<T>(schema: ResponseSchema<T>, data: unknown, status: number): Promise<T> {
  const parser = typeof schema === 'function' ? await schema() : schema;
  try {
    return parser.parse(data);
  } catch {
    throw new HttpError({ status, code: 'BAD_RESPONSE', message: 'Unexpected response.' });
  }
}

async function send<T>(method: HttpMethod, path: string, options: RequestOptions<T>): Promise<T> {
  const { query, body, schema, signal: callerSignal, keepalive, headers } = options;
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = callerSignal ? AbortSignal.any([callerSignal, timeout]) : timeout;
  const hasBody = body !== undefined;

  let response: Response;
  let responseBody: unknown;
  try {
    response = await fetch(buildUrl(method, path, query), {
      method,
      headers: buildHeaders(hasBody, headers),
      body: hasBody ? JSON.stringify(body) : undefined,
      credentials: 'same-origin',
      signal,
      ...(keepalive ? { keepalive } : {}),
    });
    responseBody = await readBody(response);
  } catch (error) {
    throw errorFromTransport(error, callerSignal);
  }

  if (!response.ok) throw errorFromResponse(response, responseBody);
  const data = unwrapData(response, responseBody);
  return schema ? parseData(schema, data, response.status) : (data as T);
}

/** How many times an answer has given this tab a new session, and the call that may do so next. */
let sessionsRenewed = 0;
let renewing: Promise<unknown> = Promise.resolve();

export async function request<T = unknown>(
  method: HttpMethod,
  path: string,
  options: RequestOptions<T> = {},
): Promise<T> {
  const renewedAtSend = sessionsRenewed;
  const sent = send(method, path, options);
  if (options.renewsSession) renewing = sent.then(() => (sessionsRenewed += 1), Number);
  try {
    return await sent;
  } catch (caught) {
    let error = caught;
    // Refused as signed out while this tab was getting a new session (a background query sent with the old
    // cookie during a password change): once the new session is in, the call goes once more with it. A
    // refusal is answered before the call does anything, so sending it again is safe.
    if (isHttpError(error) && AUTH_ALERT_STATUSES.includes(error.status) && !options.renewsSession) {
      await renewing;
      if (sessionsRenewed !== renewedAtSend) {
        try {
          return await send(method, path, options);
        } catch (second) {
          error = second;
        }
      }
    }
    if (!isHttpError(error)) throw error;
    if ((options.authAlertStatuses ?? AUTH_ALERT_STATUSES).includes(error.status)) {
      showLoginAgainAlert(error.status);
      // A 419 may be a stale XSRF token on a live session: fetch a fresh one now, so the reload the alert
      // leads to either finds the session working again or goes to the login page.
      if (error.status === 419) {
        void send('GET', '/sanctum/csrf-cookie', {}).catch(() => undefined);
      }
    }
    if (options.report !== false) {
      reportFailure?.({ method, path, status: error.status, code: error.code, message: error.message });
    }
    throw error;
  }
}

export const http = {
  get: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'body'>) =>
    request<T>('GET', path, options),
  post: <T = unknown>(path: string, options?: RequestOptions<T>) => request<T>('POST', path, options),
  put: <T = unknown>(path: string, options?: RequestOptions<T>) => request<T>('PUT', path, options),
  delete: <T = unknown>(path: string, options?: RequestOptions<T>) => request<T>('DELETE', path, options),
};
