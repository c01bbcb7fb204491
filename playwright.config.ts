import { defineConfig, devices } from '@playwright/test';

/** Browser tests run against the built server on its own port and its own fresh SQLite database. */
const PORT = Number(process.env.E2E_PORT ?? 4399);
const chromePath = process.env.CHROME_PATH;
if (!chromePath) throw new Error('CHROME_PATH is not set: run the browser tests through `npm test` or `npm run test:e2e`.');

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A test that signs seeded people in waits its turn for each (one sign-in of a person at a time across the
  // workers, e2e/support/accounts.ts): 60 s, not Playwright's 30 s, for those that sign in two or three.
  timeout: 60_000,
  forbidOnly: true,
  // Playwright empties its outputDir at start: keep it apart from the other suites' reports.
  outputDir: 'test-results/playwright',
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A trace records the page at every step of every test, kept or not: on CI (2 cores, the whole suite) that cost
    // is not paid; a failure there still leaves its screenshot. Locally a failing test keeps its trace.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: chromePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] },
  },
  projects: [
    // Tests tagged @phone run only at phone size, @desktop only at desktop size; the rest run at both.
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@phone/ },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, grepInvert: /@desktop/ },
  ],
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://localhost:${PORT}/s/api/init`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: 'localhost',
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? 'file:./data/e2e.sqlite',
      // The media library's files beside that database, apart from the demo's own.
      MEDIA_DIR: 'data/e2e-media',
      // Every browser test signs in from 127.0.0.1 as the same few people: the API suite tests the limits.
      OTP_PER_ADDRESS_PER_HOUR: '1000',
      OTP_PER_CLIENT_PER_HOUR: '1000',
    },
  },
});
