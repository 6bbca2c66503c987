import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { POOLS } from '@lotto59/domain';

/** One chunk of the web build's manifest (`apps/web/dist/.vite/manifest.json`, written by `vite build`). */
interface ManifestChunk {
  file: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/**
 * What a signed-in player's direct open of `/game/lotto/59` needs beyond the start-up scripts index.html
 * already loads: the signed-in layout, the lotto 59 route and the contract's schemas (every answer is parsed
 * with them). Named by source path, as the manifest keys them.
 */
const LOTTO59_SOURCES = [
  'src/app/layout/main-layout.tsx',
  'src/app/routes/lotto59/game.tsx',
  'src/lib/contract-schemas.ts',
];
export const LOTTO59_PATH = '/game/lotto/59';

/**
 * The studio's game pages (issue 26: slot, baccarat and sportsbook first control): their route's code, preloaded
 * the same way. Not their first call: the launch (`GET /api/external/{n}/url`, `/api/sport/login`) opens a game
 * session and hands out a one-time code, which a page the browser only preloads must not spend.
 */
const GAME_PAGES: readonly { matches: (path: string) => boolean; source: string }[] = [
  { matches: (path) => path === '/game/casino', source: 'src/app/routes/providers/casino.tsx' },
  { matches: (path) => path === '/game/sport', source: 'src/app/routes/providers/sport.tsx' },
  {
    matches: (path) => /^\/game\/slot\/play\/[\w-]+$/.test(path),
    source: 'src/app/routes/providers/slots.tsx',
  },
];
const SIGNED_IN_SOURCES = ['src/app/layout/main-layout.tsx', 'src/lib/contract-schemas.ts'];

/** The manifest keys of `sources` and every chunk they import statically, transitively. */
function staticClosure(manifest: Manifest, sources: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  sources.forEach(visit);
  return [...seen];
}

/** An HTML page in the three encodings the server sends (precompressed once, at start). */
export interface EncodedPage {
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function encodePage(html: string): EncodedPage {
  const plain = Buffer.from(html);
  return {
    plain,
    br: brotliCompressSync(plain, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    gzip: gzipSync(plain, { level: 9 }),
  };
}

/**
 * index.html for a signed-in direct open of `/game/lotto/59` (issue 26, decision 0053): besides the start-up
 * scripts, `<link rel="modulepreload">` for the route's code and `<link rel="preload" as="fetch">` for its first
 * calls, so they travel with the start-up scripts instead of one 3G round trip after them (the router only asks
 * for the route's code once the start-up code has run, the board for its data once its code has). One variant
 * per state of the `poll` cookie: with one, the open round of that pool (the board's first call); without,
 * `GET /api/poll`. The URLs are exactly the app's own (`http-client.ts` builds `?poll=…`), and a preload
 * `crossorigin` is a same-origin-credentials fetch like the app's, so the browser serves the app the preload's
 * answer. Null when the build has no manifest (a development build): the plain index.html is served.
 */
export function lotto59Pages(distDir: string): Map<string, EncodedPage> | null {
  const build = readBuild(distDir);
  if (!build) return null;
  const fetches = (first: string) => [first, '/api/v1/lotto59/config'];
  const page = (calls: string[]) => build.page(LOTTO59_SOURCES, calls);
  const pages = new Map<string, EncodedPage>();
  pages.set('', page(fetches('/api/poll')));
  for (const pool of POOLS) pages.set(pool, page(fetches(`/api/v1/result/playing?poll=${pool}`)));
  return pages;
}

/** The page of a signed-in open of a studio game's route (its code preloaded), or null for another path. */
export function gamePages(distDir: string): ((path: string) => EncodedPage | null) | null {
  const build = readBuild(distDir);
  if (!build) return null;
  const pages = GAME_PAGES.map(({ matches, source }) => ({
    matches,
    page: build.page([...SIGNED_IN_SOURCES, source], []),
  }));
  return (path) => pages.find((p) => p.matches(path))?.page ?? null;
}

/** The build's index.html and manifest, and pages made of them; null without a manifest. */
function readBuild(distDir: string) {
  const manifestPath = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return null;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  return {
    page(sources: readonly string[], calls: readonly string[]): EncodedPage {
      // The start-up scripts are in index.html already: never the same file twice.
      const scripts = staticClosure(manifest, sources)
        .map((key) => `/${manifest[key]!.file}`)
        .filter((file) => file.endsWith('.js') && !html.includes(`"${file}"`));
      const tags = [
        ...calls.map((url) => `<link rel="preload" href="${url}" as="fetch" crossorigin />`),
        ...scripts.map((file) => `<link rel="modulepreload" crossorigin href="${file}" />`),
      ].join('');
      return encodePage(html.replace('</head>', `${tags}</head>`));
    },
  };
}
