import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'demo-provider',
    include: ['src/**/*.test.ts'],
    // The studio's retry schedules run for seconds; with three test workers on two cores the default 5 s
    // failed them (docs/ci-timing.md). A bound on a hung test, never a figure under test.
    testTimeout: 20_000,
  },
});
