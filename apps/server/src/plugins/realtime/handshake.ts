// Checks on the `/ws` handshake, run as `onRequest` hooks before the upgrade.
import type { onRequestHookHandler } from 'fastify';
import { AppError } from '../../errors/app-error';

/**
 * Whether a WebSocket handshake's `Origin` may open a socket: the page's own origin (same host and port
 * as the request's `Host`, or `X-Forwarded-Host` behind a trusted proxy) or one of `allowed`
 * (`ALLOWED_ORIGINS`). The scheme is not compared with the request's: TLS usually ends at a proxy in
 * front, so the server sees `http` for an `https` page. No `Origin` at all is allowed: every browser
 * sends it on a WebSocket handshake, so only non-browser clients (the bench, server-side tools) omit
 * it, and they must still hold a session cookie; the attack this stops (another site's page riding the
 * player's cookie, cross-site WebSocket hijacking) always comes with the other site's `Origin`.
 */
export function isAllowedOrigin(
  origin: string | undefined,
  host: string,
  allowed: ReadonlySet<string>,
): boolean {
  if (origin === undefined) return true;
  if (allowed.has(origin)) return true;
  let page: URL;
  try {
    page = new URL(origin);
  } catch {
    // `null` (sandboxed frames, files) and anything unparsable.
    return false;
  }
  if (page.origin !== origin) return false; // a path, user or query: not an origin a browser sends
  try {
    // Parsed with the page's scheme so default ports compare equal (`example.com` = `example.com:443`).
    return new URL(`${page.protocol}//${host}`).host === page.host;
  } catch {
    return false;
  }
}

/** `onRequest` hook of `/ws`: a foreign origin gets 403 FORBIDDEN before the upgrade. */
export function originGuard(allowedOrigins: readonly string[]): onRequestHookHandler {
  const allowed = new Set(allowedOrigins);
  return (request, _reply, done) => {
    const origin = request.headers.origin;
    if (isAllowedOrigin(origin, request.host, allowed)) return done();
    done(new AppError('FORBIDDEN', undefined, { internal: `websocket origin refused: ${String(origin)}` }));
  };
}

/**
 * `onRequest` hook of `/ws`: a plain HTTP GET (no upgrade) answers our 404 body; the WebSocket plugin's
 * own answer for it is an empty 404.
 */
export const requireUpgrade: onRequestHookHandler = (request, _reply, done) => {
  done(request.ws ? undefined : new AppError('NOT_FOUND'));
};
