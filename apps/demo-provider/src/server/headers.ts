/*
 * The studio's security headers. Its game pages are framed by the casino's page, so their CSP names the
 * casino's origin in frame-ancestors (configuration) and X-Frame-Options, which cannot name another origin,
 * is dropped (frame-ancestors supersedes it in every current browser). JSON answers are never cached or framed.
 */

export function pageHeaders(frameAncestors: readonly string[]): Record<string, string> {
  return {
    'content-security-policy': [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "font-src 'self'",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      `frame-ancestors ${frameAncestors.join(' ')}`,
    ].join('; '),
    'referrer-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': 'same-site',
  };
}

export const API_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'cross-origin-resource-policy': 'same-origin',
};

/** `frame-ancestors` sources: 'self' or an http(s) origin, nothing that could smuggle another directive. */
export function checkFrameAncestors(sources: readonly string[]): readonly string[] {
  for (const source of sources) {
    if (source !== "'self'" && !/^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?$/.test(source))
      throw new Error(`invalid frame-ancestors source: ${source}`);
  }
  return sources.length > 0 ? sources : ["'self'"];
}
