import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../errors/app-error';
import { type EncodedPage, gamePages, LOTTO59_PATH, lotto59Pages } from './route-preloads';

/** Paths the API owns: an unknown one answers JSON 404, never the web app's HTML. */
// `/provider/` is the mounted demo studio's (or nobody's when it is off): never the web app's HTML.
const API_PREFIXES = ['/api/', '/sanctum/', '/docs', '/healthz', '/metrics', '/ws', '/provider/'];

/**
 * Serves the built web app on the API's origin (embedded mode): hashed assets cached for a year, and
 * `index.html` for every other GET so the browser router takes over (seed §2 routes). Text files are sent
 * as the brotli or gzip copies the web build writes beside them (`file.br`, `file.gz`), chosen by the
 * request's Accept-Encoding, with `Vary: Accept-Encoding` (docs/decisions/0018-web-fast-first-open.md).
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string | undefined,
  notFound: { preHandler?: preHandlerAsyncHookHandler } = {},
  /** The session cookie's name (the auth module's): a request with one gets the route pages that preload. */
  sessionCookie?: string,
) {
  const hasBuild = distDir !== undefined && existsSync(join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, path) => {
        // `sw.js` and the manifest keep their names from build to build: `no-cache`, so a new build's worker
        // is seen at the browser's next check (decisions/0051) and never a year-old one.
        void res.header(
          'cache-control',
          path.includes(`${join(distDir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The manifest's registered type (W3C Web App Manifest); a generic type makes installers ignore it.
        if (path.endsWith('.webmanifest'))
          void res.header('content-type', 'application/manifest+json; charset=utf-8');
      },
    });
  }
  const lotto59 = hasBuild ? lotto59Pages(distDir) : null;
  const gamePageOf = hasBuild ? gamePages(distDir) : null;
  app.setNotFoundHandler(notFound, async (request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    if (request.method !== 'GET' || isApi || !hasBuild) throw new AppError('NOT_FOUND');
    reply.header('cache-control', 'no-cache');
    // A signed-in player opening the board directly: the page that preloads its code and first calls. Without
    // a session the app goes to /login, where those would be wasted bytes on a 3G line.
    const cookies = request.cookies as Record<string, string | undefined> | undefined;
    const signedIn = sessionCookie !== undefined && cookies?.[sessionCookie] !== undefined;
    const acceptEncoding = String(request.headers['accept-encoding'] ?? '');
    if (lotto59 && signedIn && request.url === LOTTO59_PATH) {
      const page = lotto59.get(cookies?.['poll'] ?? '') ?? lotto59.get('')!;
      return sendEncoded(reply, page, acceptEncoding);
    }
    const gamePage = signedIn ? gamePageOf?.(request.url) : null;
    if (gamePage) return sendEncoded(reply, gamePage, acceptEncoding);
    return reply.sendFile('index.html');
  });
}

/** An HTML page precompressed in memory, by Accept-Encoding as @fastify/static does for the files. */
function sendEncoded(reply: FastifyReply, page: EncodedPage, acceptEncoding: string) {
  const accepts = (name: string) => new RegExp(`\\b${name}\\b`).test(acceptEncoding);
  void reply.header('content-type', 'text/html; charset=utf-8').header('vary', 'Accept-Encoding');
  if (accepts('br')) return reply.header('content-encoding', 'br').send(page.br);
  if (accepts('gzip')) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.plain);
}
