// `npm run test:e2e`: find (or install) Chromium, build when stale, run Playwright against a fresh database.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildIfStale } from './build.mjs';
import { ensureChromium } from './chromium.mjs';

const root = resolve(import.meta.dirname, '..');

/** Runs the browser suite; resolves to its exit status. */
export async function runE2e(extraArgs = []) {
  const chrome = await ensureChromium();
  buildIfStale();
  for (const suffix of ['', '-wal', '-shm']) rmSync(resolve(root, `data/e2e.sqlite${suffix}`), { force: true });
  const result = spawnSync(resolve(root, 'node_modules/.bin/playwright'), ['test', ...extraArgs], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, CHROME_PATH: chrome },
  });
  return result.status ?? 1;
}

if (import.meta.main) process.exit(await runE2e(process.argv.slice(2)));
