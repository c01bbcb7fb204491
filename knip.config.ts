import type { KnipConfig } from 'knip';

// playwright.config.ts refuses to load without CHROME_PATH (scripts/e2e.mjs finds the browser and sets it);
// knip loads it only to read the test folder and the web server's command, and starts no browser.
process.env.CHROME_PATH ??= 'not-used-by-knip';

/** `npm run knip`: no unused file, dependency or export (an export used only in its own file is not exported). */
const config: KnipConfig = {
  entry: [
    // Command-line tools: npm scripts, the Dockerfile's CMD, tests and other scripts start them by path.
    'scripts/*.{mjs,ts}',
    // The schedule's sweeper as its own process: tests/api/page-builder.test.ts runs two at once.
    'tests/api/support/sweep-pages.ts',
  ],
  project: ['**/*.{ts,tsx,mjs,astro,css}'],
  // The third vitest configuration is run by scripts/scale-test.mjs, not by an npm script.
  vitest: { config: ['vitest.config.ts', 'vitest.faults.config.ts', 'vitest.scale.config.ts'] },
  // Scripts' exports are reported too: a script's helper used only inside it is not exported.
  includeEntryExports: true,
  ignoreIssues: {
    // Each migration's `up` is read by the migrator through an object of namespace imports
    // (src/server/db/index.ts), which knip does not follow.
    'src/server/db/migrations/*.ts': ['exports'],
  },
  // System programs the scripts run, not packages.
  ignoreBinaries: ['apt-get'],
};

export default config;
