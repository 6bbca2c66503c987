import type { FastifyInstance } from 'fastify';

/**
 * The Content-Security-Policy of every document (reliability.md): no inline script, no plugins, no <base>.
 * Provider games are framed from this server (the embedded studio under /provider/demo/) and, when the
 * studio runs elsewhere (PROVIDER_DEMO_URL is a URL), from its origin: the only widening of frame-src.
 */
export function contentSecurityPolicy(frameOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    ["frame-src 'self'", ...frameOrigins].join(' '),
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'self'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/**
 * Strict headers on every answer, computed once at start: a per-request library (helmet) re-parsed the
 * policy on every call and cost about a tenth of the server's CPU under load (docs/performance.md).
 *
 * Documents (the web app, its assets) get the full set. JSON answers of the API get the set OWASP's REST
 * cheat sheet asks for, no more: `no-store` so no balance or ticket is kept in a shared cache, a policy
 * that allows nothing (JSON runs no script and is never framed), `nosniff`, and a resource policy that
 * keeps other sites from embedding it. Every header costs validation and bytes on each of the API's
 * thousands of answers a second; the document-only ones (opener policy, frame options, XSS auditor…)
 * mean nothing on JSON.
 */
export function securityHeaders(opts: { hsts: boolean; frameOrigins?: readonly string[] }): SecurityHeaders {
  const hsts: Record<string, string> = opts.hsts
    ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' }
    : {};
  const document: Record<string, string> = {
    'content-security-policy': contentSecurityPolicy(opts.frameOrigins),
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-frame-options': 'SAMEORIGIN',
    'x-permitted-cross-domain-policies': 'none',
    // The legacy XSS auditor did more harm than good; modern advice is to switch it off.
    'x-xss-protection': '0',
    ...hsts,
  };
  const api: Record<string, string> = {
    'cache-control': 'no-store',
    'content-security-policy': API_CONTENT_SECURITY_POLICY,
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    ...hsts,
  };
  return { api, document, of: (method, url) => (isJsonApi(method, url) ? api : document) };
}

/**
 * The two sets, and which one an answer to `method url` gets. Built once (`securityHeaders`) and shared
 * by the `onRequest` hook and the error handler, which also answers requests that never reach the hooks.
 */
export interface SecurityHeaders {
  readonly api: Readonly<Record<string, string>>;
  readonly document: Readonly<Record<string, string>>;
  of(method: string, url: string): Readonly<Record<string, string>>;
}

export function registerSecurityHeaders(app: FastifyInstance, headers: SecurityHeaders): void {
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(headers.of(request.method, request.url));
    done();
  });
}

/** The policy of JSON answers: nothing may load or frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The API's JSON calls. `GET /login` is the web app's sign-in page (a document); `POST /login` is the call. */
function isJsonApi(method: string, url: string): boolean {
  if (url.startsWith('/api/')) return true;
  const path = url.split('?', 1)[0];
  return method !== 'GET' && method !== 'HEAD' && (path === '/login' || path === '/logout');
}
