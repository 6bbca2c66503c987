import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import { AppError } from '../../errors/app-error';
import type { AuthContext, AuthService, ClientInfo } from './auth.service';
import { newSessionToken, SESSION_COOKIE, XSRF_COOKIE, xsrfMatches, xsrfTokenFor } from './session-tokens';

/** The cookie this plugin reads, for a route that authenticates optionally (analytics). */
export { SESSION_COOKIE } from './session-tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requirePlayer` on authenticated routes. */
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Set to false on the rare state-changing route that cannot carry an XSRF token. */
    xsrf?: boolean;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface SessionCookies {
  /** Sets the session cookie and its bound XSRF-TOKEN (after login, password change, csrf-cookie). */
  issue(reply: FastifyReply, token: string): void;
  /** Logout clears both (seed §4). */
  clear(reply: FastifyReply): void;
  /** The cookie's token, or a new anonymous one (not stored) that only carries the XSRF binding. */
  tokenOrNew(request: FastifyRequest): string;
  clientOf(request: FastifyRequest): ClientInfo;
  /** The cookie's session token as sent, or '' (the socket checks it again when sessions end). */
  tokenOf(request: FastifyRequest): string;
  /** onRequest hook of every authenticated route. */
  requirePlayer: onRequestHookHandler;
}

/**
 * Session cookie + session-bound XSRF (Laravel Sanctum's conventions, so the seed's client works as is):
 * every state-changing request must carry `X-XSRF-TOKEN` (or `X-CSRF-TOKEN`) equal to the HMAC of its
 * session cookie, else 419 before any handler runs, so nothing changes.
 */
export function registerSessions(
  app: FastifyInstance,
  deps: { auth: AuthService; appKey: string; secureCookies: boolean; maxAgeSeconds: number },
): SessionCookies {
  const base: CookieSerializeOptions = {
    path: '/',
    sameSite: 'lax',
    secure: deps.secureCookies,
    maxAge: deps.maxAgeSeconds,
  };

  app.decorateRequest('auth', null);

  // Callback-style hooks: they decide without waiting, and a promise per request costs on the hot routes.
  app.addHook('onRequest', (request, _reply, done) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.config.xsrf === false) return done();
    const token = request.cookies[SESSION_COOKIE];
    const header = request.headers['x-xsrf-token'] ?? request.headers['x-csrf-token'];
    const presented = typeof header === 'string' ? safeDecode(header) : undefined;
    if (!token || !presented || !xsrfMatches(token, presented, deps.appKey)) {
      return done(new AppError('CSRF_TOKEN_MISMATCH'));
    }
    done();
  });

  return {
    issue(reply, token) {
      void reply.setCookie(SESSION_COOKIE, token, { ...base, httpOnly: true });
      void reply.setCookie(XSRF_COOKIE, xsrfTokenFor(token, deps.appKey), { ...base, httpOnly: false });
    },
    clear(reply) {
      void reply.clearCookie(SESSION_COOKIE, { path: '/' });
      void reply.clearCookie(XSRF_COOKIE, { path: '/' });
    },
    tokenOrNew(request) {
      const token = request.cookies[SESSION_COOKIE];
      return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : newSessionToken();
    },
    tokenOf(request) {
      return request.cookies[SESSION_COOKIE] ?? '';
    },
    clientOf(request) {
      const ua = request.headers['user-agent'];
      return { ip: request.ip, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null };
    },
    requirePlayer(request, _reply, done) {
      const token = request.cookies[SESSION_COOKIE];
      const cached = deps.auth.authenticateFromCache(token);
      if (cached) {
        request.auth = cached;
        return done();
      }
      deps.auth.authenticate(token).then((auth) => {
        request.auth = auth;
        done();
      }, done);
    },
  };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
