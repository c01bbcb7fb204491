// `npm test`: every suite. First the import rules between the layers (`npm run layers`, a few seconds: a
// broken rule stops the run), then unit and API tests (Vitest; API on SQLite, and on PostgreSQL when
// TEST_DATABASE_URL is set), then the browser tests (Playwright in Chromium), then the JavaScript and
// layout-shift budgets of the key pages. Ends with a table of each suite's time and one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { runE2e } from './e2e.mjs';

const root = resolve(import.meta.dirname, '..');

/** Each suite's wall-clock time, noted when it ends (`lap`), for the table at the end. */
const laps = [];
let lapStart = performance.now();
const lap = (suite) => {
  laps.push([suite, performance.now() - lapStart]);
  lapStart = performance.now();
};

const results = resolve(root, 'test-results');
mkdirSync(results, { recursive: true });
const vitestJson = resolve(results, 'vitest.json');
const e2eJson = resolve(results, 'e2e.json');
rmSync(vitestJson, { force: true });
rmSync(e2eJson, { force: true });

const layers = spawnSync(process.execPath, [resolve(root, 'scripts/layers.mjs')], { cwd: root, stdio: 'inherit' });
if (layers.status !== 0) {
  console.log('\nlayers: an import breaks the layer rules (above, docs/architecture.md#layers); no suite ran');
  console.log('tests: 0 passed, 1 failed, 0 skipped');
  process.exit(1);
}
lap('layers');

const vitest = spawnSync(
  resolve(root, 'node_modules/.bin/vitest'),
  ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`],
  { cwd: root, stdio: 'inherit' },
);
lap('vitest');
const e2eStatus = await runE2e();
lap('playwright (with the build)');
const budget = spawnSync(process.execPath, [resolve(root, 'scripts/budget.mjs')], { cwd: root, encoding: 'utf8' });
lap('budget');
process.stdout.write(budget.stdout.split('\n').filter((line) => !line.startsWith('[storefront]') && !line.startsWith('    ')).join('\n'));
process.stderr.write(budget.stderr);
const budgetCounts = { passed: Number(/budget: (\d+) passed/.exec(budget.stdout)?.[1] ?? 0), failed: Number(/(\d+) failed/.exec(budget.stdout)?.[1] ?? 1) };

function vitestCounts() {
  if (!existsSync(vitestJson)) return { passed: 0, failed: 1, skipped: 0 };
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'));
  return { passed: report.numPassedTests, failed: report.numFailedTests, skipped: report.numPendingTests + report.numTodoTests };
}

function e2eCounts() {
  if (!existsSync(e2eJson)) return { passed: 0, failed: 1, skipped: 0 };
  const { stats } = JSON.parse(readFileSync(e2eJson, 'utf8'));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected, skipped: stats.skipped };
}

/** `41.2 s`, or `6 min 41 s` from a minute on. */
function duration(ms) {
  if (ms < 59_950) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}
const rows = [...laps, ['total', performance.now()]].map(([suite, ms]) => [suite, duration(ms)]);
const nameWidth = Math.max(...rows.map(([suite]) => suite.length));
const timeWidth = Math.max(...rows.map(([, time]) => time.length));
console.log(`\n${'suite'.padEnd(nameWidth)}  ${'time'.padStart(timeWidth)}`);
for (const [suite, time] of rows) console.log(`${suite.padEnd(nameWidth)}  ${time.padStart(timeWidth)}`);

const unit = vitestCounts();
const browser = e2eCounts();
const failed =
  unit.failed + browser.failed + budgetCounts.failed +
  (vitest.status !== 0 && unit.failed === 0 ? 1 : 0) +
  (e2eStatus !== 0 && browser.failed === 0 ? 1 : 0) +
  (budget.status !== 0 && budgetCounts.failed === 0 ? 1 : 0);
const passed = unit.passed + browser.passed + budgetCounts.passed;
const skipped = unit.skipped + browser.skipped;
console.log(
  `\nvitest: ${unit.passed} passed, ${unit.failed} failed, ${unit.skipped} skipped; ` +
    `playwright: ${browser.passed} passed, ${browser.failed} failed; budget: ${budgetCounts.passed} passed, ${budgetCounts.failed} failed`,
);
console.log(`tests: ${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 ? 1 : 0);
