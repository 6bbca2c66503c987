import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createTestApp } from '../../test/test-app';

function frameSrc(csp: unknown): string | undefined {
  return String(csp)
    .split('; ')
    .find((part) => part.startsWith('frame-src '));
}

describe('CSP frame-src: the server and exactly the configured provider origins', () => {
  it("is 'self' only by default (the demo provider is same-origin)", async () => {
    const t = await createTestApp('sqlite');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(frameSrc(res.headers['content-security-policy'])).toBe("frame-src 'self'");
    } finally {
      await t.close();
    }
  });

  it('lists exactly the origins of PROVIDER_ORIGINS on documents, and JSON stays unframeable', async () => {
    const t = await createTestApp('sqlite', {
      PROVIDER_ORIGINS: ' https://games.example.com, https://live.example.net:8443 ',
    });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(frameSrc(res.headers['content-security-policy'])).toBe(
        "frame-src 'self' https://games.example.com https://live.example.net:8443",
      );
      const api = await t.app.inject({ method: 'GET', url: '/api/user' });
      expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    } finally {
      await t.close();
    }
  });

  it('refuses a provider origin with a path or a wildcard at start', () => {
    for (const bad of ['https://games.example.com/', 'https://*.example.com', 'games.example.com']) {
      expect(() => loadConfig({ NODE_ENV: 'test', PROVIDER_ORIGINS: bad }), bad).toThrow();
    }
  });
});
