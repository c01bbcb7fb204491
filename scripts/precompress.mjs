// Writes a gzip copy (level 9) next to each compressible built file in dist/client (scripts, styles, SVG, JSON,
// XML, text, HTML over 1 KB), so a front such as nginx (`gzip_static on`, deploy/nginx.conf) sends the
// precompressed bytes instead of compressing each answer. Runs after `astro build` (npm run build, and
// scripts/build.mjs when it rebuilds). Bounded: at most MAX_FILES files, none larger than MAX_BYTES; a copy that
// would not be smaller is not written (and a stale one is removed).
import { existsSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { constants, gzipSync } from 'node:zlib';

const EXTENSIONS = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.xml', '.txt', '.html', '.map', '.webmanifest']);
const MIN_BYTES = 1024;
const MAX_BYTES = 10 * 1024 * 1024;
const MAX_FILES = 20_000;

/** Compresses what needs it under `dir`; answers counts and sizes. */
export function precompress(dir = resolve(import.meta.dirname, '../dist/client')) {
  const totals = { files: 0, written: 0, skipped: 0, before: 0, after: 0 };
  if (!existsSync(dir)) return totals;
  const pending = [dir];
  while (pending.length && totals.files < MAX_FILES) {
    const current = pending.pop();
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      const path = join(current, entry.name);
      if (entry.isDirectory()) {
        pending.push(path);
        continue;
      }
      if (!entry.isFile() || !EXTENSIONS.has(extname(entry.name).toLowerCase())) continue;
      if (++totals.files > MAX_FILES) break;
      const { size, mtime } = statSync(path);
      const gz = `${path}.gz`;
      if (size < MIN_BYTES || size > MAX_BYTES) {
        totals.skipped++;
        continue;
      }
      if (existsSync(gz) && statSync(gz).mtimeMs === mtime.getTime()) continue;
      const packed = gzipSync(readFileSync(path), { level: constants.Z_BEST_COMPRESSION });
      if (packed.length >= size) {
        rmSync(gz, { force: true });
        totals.skipped++;
        continue;
      }
      writeFileSync(gz, packed);
      // Same modification time as the original: nginx's Last-Modified and ETag then match either way.
      utimesSync(gz, mtime, mtime);
      totals.written++;
      totals.before += size;
      totals.after += packed.length;
    }
  }
  return totals;
}

if (import.meta.main) {
  const started = Date.now();
  const t = precompress(process.argv[2] ? resolve(process.argv[2]) : undefined);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`[precompress] ${t.written} .gz files written (${kb(t.before)} → ${kb(t.after)}), ${t.skipped} left as they are, in ${Date.now() - started} ms`);
}
