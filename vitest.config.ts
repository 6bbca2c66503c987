import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The files that each keep a worker busy for a minute or more on the 2-core machine (measured, docs/ci-timing.md),
 * longest first. They start first, so the short files fill the other workers around them instead of one of
 * them starting last and running alone at the end (on a clean clone Vitest has no durations of its own).
 */
const LONGEST_FIRST = [
  // The first three start together: one multi-process test beside two in-process ones, then the others.
  'apps/server/test/chaos-cluster.test.ts',
  'apps/server/src/http/generated-input.api.test.ts',
  'apps/server/src/modules/providers/seamless-wallet/seamless-wallet.api.test.ts',
  'apps/server/test/chaos-embedded.test.ts',
  'apps/server/test/cluster.test.ts',
  'apps/server/test/studio-fault.test.ts',
  'apps/server/test/transfer-crash.test.ts',
  'apps/server/src/cli/ops.test.ts',
  'apps/server/test/shutdown.test.ts',
];

class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const at = LONGEST_FIRST.findIndex((path) => file.moduleId.endsWith(path));
      return at < 0 ? LONGEST_FIRST.length : at;
    };
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}

// One Vitest run covers every workspace; each project keeps its own environment.
export default defineConfig({
  test: {
    // Vitest's default on two cores is ONE worker (cores − 1): the files ran one after another while most of
    // them wait on PostgreSQL, a child process or a timer. Three keep both cores busy (docs/ci-timing.md).
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    sequence: { sequencer: LongestFirst },
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
