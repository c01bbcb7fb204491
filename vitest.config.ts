import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Unit tests sit beside their code (src/, and scripts/ for the scripts); tests/ holds the integration suites.
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts', 'tests/**/*.test.{ts,tsx}'],
    globalSetup: ['tests/global-setup.ts'],
    setupFiles: ['tests/quiet-logs.ts'],
    // Two cores here: two workers keep the suites parallel without starving the database servers.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
