import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'apps/server',
      'apps/web',
      'apps/demo-provider',
      // The studio's game pages (apps/demo-provider/web/vite.config.ts, project 'demo-pages').
      'apps/demo-provider/web',
      // The dependency rules of eslint.config.js, on throw-away files (eslint.config.test.ts).
      {
        test: { name: 'lint', include: ['eslint.config.test.ts'], environment: 'node', testTimeout: 120_000 },
      },
    ],
  },
});
