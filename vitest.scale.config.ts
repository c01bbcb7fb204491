import { defineConfig } from 'vitest/config';

/** `npm run test:scale`: two built shop instances on one PostgreSQL and one Redis (tests/scale); scripts/scale-test.mjs runs it. */
export default defineConfig({
  test: {
    include: ['tests/scale/**/*.scale.ts'],
    maxWorkers: 1,
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 150_000,
  },
});
