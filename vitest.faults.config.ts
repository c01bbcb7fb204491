import { defineConfig } from 'vitest/config';

/** `npm run test:faults`: the built shop under database faults and kill -9 (tests/faults); one file at a time. */
export default defineConfig({
  test: {
    include: ['tests/faults/**/*.fault.ts'],
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 180_000,
  },
});
