/// <reference types="vitest/config" />
import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appIcons } from './build/app-icons';
import { offlinePage } from './build/offline-page';
import { preloadFirstScreenFonts } from './build/first-screen-fonts';
import { precompress } from './build/precompress';

/** The API server of `npm run dev -w @lotto59/server`. */
const API_TARGET = 'http://127.0.0.1:8080';

/**
 * `/login` and `/logout` are both API calls (POST) and pages of the app (GET): a browser asking for HTML gets the
 * app's index.html instead of being proxied to the server.
 */
function servePageToBrowser(req: IncomingMessage): string | undefined {
  const wantsHtml = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
  return wantsHtml ? req.url : undefined;
}

const apiProxy: Record<string, ProxyOptions> = {
  '/api': { target: API_TARGET, ws: true },
  '/sanctum': { target: API_TARGET },
  '/healthz': { target: API_TARGET },
  '^/login$': { target: API_TARGET, bypass: servePageToBrowser },
  '^/logout$': { target: API_TARGET, bypass: servePageToBrowser },
};

/** Libraries the start-up bundle needs whatever the page. */
const START_UP_LIBRARIES =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][^\\/]+)[\\/]/;
/** The app's own modules and the workspace packages (not the libraries, not the HTML entry). */
const isAppModule = (id: string) => !id.includes('node_modules') && !id.endsWith('.html');

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    preloadFirstScreenFonts(),
    appIcons(),
    offlinePage(),
    // The installable app and its service worker (issue 26 item 2, docs/decisions/0051-installable-app-and-push.md).
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/pwa',
      filename: 'sw.ts',
      // The app registers the worker itself, lazily, from the signed-in layout (src/pwa/register-sw.ts).
      injectRegister: false,
      registerType: 'prompt',
      manifestFilename: 'manifest.webmanifest',
      manifest: {
        id: '/',
        name: 'ឡូតូ 59',
        short_name: 'ឡូតូ 59',
        description: 'ឡូតូ 59 · Lotto 59',
        lang: 'km',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#0f172a',
        background_color: '#f1f5f9',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // The icons are written by appIcons() in the same build; the manifest lists them itself.
      includeManifestIcons: false,
      injectManifest: {
        // Hashed assets (scripts, styles, fonts), the icons and the offline page; never index.html (pages come
        // from the network) nor the .br/.gz copies (the server picks an encoding per request).
        globPatterns: ['assets/**/*.{js,css,woff2,woff,svg,png,webp}', 'icons/*.png', 'offline.html'],
        globIgnores: ['**/*.br', '**/*.gz', 'index.html'],
        // Hashed names need no revision: the name changes with the content.
        dontCacheBustURLsMatching: /^assets\//,
        maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      },
    }),
    precompress(),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bundle-size.mjs reads the manifest to add up what `/login` needs.
    manifest: true,
    // Images stay files (cached for a year) rather than data: URLs inside the start-up JavaScript.
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every first open needs, in as few files as possible (docs/decisions/0018-web-fast-first-open.md):
            // on HTTP/1.1 a browser opens six connections, so the twenty small chunks of the automatic split
            // arrived in waves of one 3G round trip each. The libraries in one file, the app's start-up modules
            // (everything the entry imports statically, the login screen included) in another.
            { name: 'vendor', test: START_UP_LIBRARIES, priority: 2 },
            { name: 'start', tags: ['$initial'], test: isAppModule, priority: 1 },
            // Past the start-up bundle every signed-in route reads answers through the contract's schemas and
            // draws a few icons: each in one file instead of a dozen of a few hundred bytes, every one of which
            // waited for one of the six connections (decision 0053).
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 1 },
            // The app's modules shared by several routes, grouped by the routes that share them, the small
            // groups merged into a neighbour.
            {
              name: 'shared',
              test: isAppModule,
              minShareCount: 2,
              entriesAware: true,
              entriesAwareMergeThreshold: 8_000,
            },
          ],
        },
      },
      treeshake: {
        // The workspace packages are pure by rule (docs/ARCHITECTURE.md): a module nothing is taken from is
        // dropped, so importing one constant does not drag the zod schemas into the start-up bundle.
        moduleSideEffects: (id: string) => !/\/packages\/(contract|domain)\/src\//.test(id),
      },
    },
  },
  // Read by Vitest only (the root vitest.config.ts lists apps/web as a project); `vite build` ignores it.
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    restoreMocks: true,
    unstubGlobals: true,
    // Typing into a whole board through jsdom takes seconds when three test workers share two cores (the
    // default 5 s failed there, docs/ci-timing.md); a bound on a hung test, never a figure under test.
    testTimeout: 20_000,
  },
});
