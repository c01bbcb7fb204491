// Builds the storefront when no build exists or any source is newer than it (used by start and test).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { precompress } from './precompress.mjs';

const root = resolve(import.meta.dirname, '..');
export const entry = join(root, 'dist/server/entry.mjs');
/** The built files for the browser. */
export const clientDir = join(root, 'dist/client');
const SOURCES = ['src', 'public', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newest(join(path, name))), stat.mtimeMs);
}

function buildIsStale() {
  if (!existsSync(entry)) return true;
  const built = statSync(entry).mtimeMs;
  return SOURCES.some((source) => newest(join(root, source)) > built);
}

/** Runs `astro build` when needed; exits the process if the build fails. */
export function buildIfStale({ quiet = false } = {}) {
  if (!buildIsStale()) return false;
  if (!quiet) console.log(`[storefront] building (${existsSync(entry) ? 'sources are newer than the last build' : 'no build yet'})…`);
  const result = spawnSync(join(root, 'node_modules/.bin/astro'), ['build'], {
    cwd: root,
    stdio: quiet ? 'pipe' : 'inherit',
    // Always a production build, whoever asks: the HTTP and fault suites start the shop from inside Vitest
    // (NODE_ENV=test), and a build made there shipped React's development build (125 KB instead of 67).
    // The server still reads NODE_ENV when it runs, so the demo stays the demo.
    env: { ...process.env, NODE_ENV: 'production', ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) {
    if (quiet) process.stderr.write(result.stdout + result.stderr);
    console.error('[storefront] the build failed');
    process.exit(result.status ?? 1);
  }
  // The .gz copies a front such as nginx serves with gzip_static (deploy/nginx.conf).
  precompress();
  return true;
}

if (import.meta.main) buildIfStale();
