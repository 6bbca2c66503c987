import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { THUMBNAILS } from './thumbnails';

/*
 * The game pages' built files (apps/demo-provider/web/dist, when built): `/<game_code>/` answers that game's
 * index.html (no-cache: it names the hashed assets of the current build), `/assets/*` the hashed files, cached
 * for a year. Text files are sent as the .br / .gz copies beside them when the browser takes them, as the
 * casino's server does for its web app (docs/decisions/0018-web-fast-first-open.md).
 */

const GAME_CODE = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** The page of a game: `<game>/index.html` (multi-page build) or `<game>.html`. */
function pageFile(distDir: string, game: string): string | undefined {
  return [join(distDir, game, 'index.html'), join(distDir, `${game}.html`)].find((f) => existsSync(f));
}

function pickEncoding(file: string, acceptEncoding: string | undefined): { path: string; encoding?: string } {
  const accepts = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepts) && existsSync(`${file}.br`)) return { path: `${file}.br`, encoding: 'br' };
  if (/\bgzip\b/.test(accepts) && existsSync(`${file}.gz`)) return { path: `${file}.gz`, encoding: 'gzip' };
  return { path: file };
}

export async function registerPages(app: FastifyInstance, distDir: string | undefined): Promise<void> {
  // The thumbnails exist whether or not the pages are built: the casino's slot list links them.
  for (const [name, svg] of Object.entries(THUMBNAILS)) {
    app.get(`/assets/${name}`, (_request, reply) =>
      reply
        .header('content-type', 'image/svg+xml; charset=utf-8')
        .header('cache-control', 'public, max-age=86400')
        .send(svg),
    );
  }

  const assets = distDir === undefined ? undefined : join(distDir, 'assets');
  if (assets !== undefined && existsSync(assets)) {
    await app.register(fastifyStatic, {
      root: assets,
      prefix: '/assets/',
      // The host (the casino's server) may have decorated reply.sendFile with its own root already.
      decorateReply: false,
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res) => {
        void res.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }

  app.get<{ Params: { game: string } }>('/:game', (request, reply) => {
    // `/baccarat?code=…` → `/baccarat/?code=…`, so the page's relative URLs resolve under its folder.
    const [path, query] = request.url.split('?', 2);
    return reply.redirect(`${path}/${query === undefined ? '' : `?${query}`}`, 302);
  });

  app.get<{ Params: { game: string } }>('/:game/', (request, reply) => {
    const file =
      distDir !== undefined && GAME_CODE.test(request.params.game)
        ? pageFile(distDir, request.params.game)
        : undefined;
    if (file === undefined)
      return reply
        .status(404)
        .type('text/plain; charset=utf-8')
        .send('ហ្គេមនេះមិនមានទេ / This game is not available.');
    const chosen = pickEncoding(file, request.headers['accept-encoding']);
    if (chosen.encoding) void reply.header('content-encoding', chosen.encoding);
    return reply
      .header('vary', 'accept-encoding')
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(createReadStream(chosen.path));
  });
}
