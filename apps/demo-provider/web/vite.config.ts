/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precompress } from './build/precompress.ts';

/**
 * The demo studio's own game pages (providers.md §1: its own code and pages), served under `/provider/demo/`
 * and shown by our web app in an iframe. One HTML entry per game so each page loads only its own game.
 * `DEMO_API` points `vite` (dev) at a running studio server; the pages only ever call relative paths.
 */
const root = fileURLToPath(new URL('.', import.meta.url));
const DEMO_API = process.env.DEMO_API ?? 'http://127.0.0.1:8080';

export default defineConfig({
  root,
  base: '/provider/demo/',
  plugins: [precompress()],
  server: {
    proxy: {
      '/provider/demo/api': { target: DEMO_API },
      '/provider/demo/fair': { target: DEMO_API },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // scripts/bundle-size.mjs reads it to add up each page's JavaScript.
    manifest: true,
    // Fonts stay files (cached) rather than data: URLs inside the JavaScript.
    assetsInlineLimit: 0,
    rolldownOptions: {
      input: {
        'angkor-fortune': fileURLToPath(new URL('./angkor-fortune/index.html', import.meta.url)),
        baccarat: fileURLToPath(new URL('./baccarat/index.html', import.meta.url)),
        'demo-league': fileURLToPath(new URL('./demo-league/index.html', import.meta.url)),
        'ocean-dragon': fileURLToPath(new URL('./ocean-dragon/index.html', import.meta.url)),
      },
      treeshake: {
        // The rules are pure by lint rule (eslint.config.js): a page that takes the slot's functions does not
        // carry the sportsbook's or the fishing game's.
        moduleSideEffects: (id: string) => !/\/apps\/demo-provider\/src\/rules\//.test(id),
      },
    },
  },
  // Read by Vitest only (the root vitest.config.ts lists this folder as a project); `vite build` ignores it.
  test: { name: 'demo-pages', environment: 'node', include: ['src/**/*.test.ts'] },
});
