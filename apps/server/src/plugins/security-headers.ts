import type { FastifyInstance } from 'fastify';

/** The Content-Security-Policy of every answer (reliability.md): no inline script, no plugins, no <base>. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  // Provider games are served by this server (decisions §5); widen only for a real studio's origin.
  "frame-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * Strict headers on every answer, computed once at start: a per-request library (helmet) re-parsed the
 * policy on every call and cost about a tenth of the server's CPU under load (docs/performance.md).
 * `no-store` on the API so no balance or ticket is kept in a shared cache.
 */
export function registerSecurityHeaders(app: FastifyInstance, opts: { hsts: boolean }): void {
  const headers: Record<string, string> = {
    'content-security-policy': CONTENT_SECURITY_POLICY,
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
    ...(opts.hsts ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
  const apiHeaders = { ...headers, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    const isApi = url.startsWith('/api/') || url === '/login' || url === '/logout';
    void reply.headers(isApi ? apiHeaders : headers);
    done();
  });
}
