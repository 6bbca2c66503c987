import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { AppError } from '../errors/app-error';

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
) {
  const hasBuild = distDir !== undefined && existsSync(join(distDir, 'index.html'));
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      setHeaders: (res, path) => {
        void res.header(
          'cache-control',
          path.includes(`${join(distDir, 'assets')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler(notFound, async (request, reply) => {
    const isApi = API_PREFIXES.some((p) => request.url.startsWith(p));
    if (request.method !== 'GET' || isApi || !hasBuild) throw new AppError('NOT_FOUND');
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
