import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.{ts,tsx}', 'src/**/*.test.{ts,tsx}'],
    globalSetup: ['tests/global-setup.ts'],
    setupFiles: ['tests/quiet-logs.ts'],
    // Two cores here: two workers keep the suites parallel without starving the database servers.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
