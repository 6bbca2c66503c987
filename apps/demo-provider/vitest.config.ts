import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'demo-provider', include: ['src/**/*.test.ts'] } });
