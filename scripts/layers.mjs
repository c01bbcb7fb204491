// `npm run layers`: the import rules between the layers of src/ (.dependency-cruiser.cjs; docs/architecture.md#layers).
//
// dependency-cruiser reads JavaScript and TypeScript but not .astro files, and most pages and layouts are .astro.
// So it cruises a copy of src/ in a temporary folder, where each `X.astro` is `X.astro.ts` holding what imports
// anything in it: the frontmatter and the bundled <script> blocks (an import of './X.astro' finds './X.astro.ts'
// the way TypeScript files are found without their extension). Its report names the .astro files again.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');

/** The code of an .astro file that can import: its frontmatter and every <script> Astro bundles (not is:inline, not JSON). */
function astroImports(source) {
  const parts = [];
  const frontmatter = /^\s*---\r?\n([\s\S]*?)\r?\n---/.exec(source);
  if (frontmatter) parts.push(frontmatter[1]);
  const opening = /<script\b([^>]*?)(\/?)>/g;
  for (let tag = opening.exec(source); tag; tag = opening.exec(source)) {
    if (tag[2]) continue; // <script … /> has no body
    const end = source.indexOf('</script>', opening.lastIndex);
    if (end === -1) break;
    const body = source.slice(opening.lastIndex, end);
    opening.lastIndex = end;
    if (!/\bis:inline\b|\bset:html\b|\bsrc=|\btype=(["'])(?!module\1)/.test(tag[1])) parts.push(body);
  }
  return parts.join('\n;\n');
}

const copy = mkdtempSync(join(tmpdir(), 'layers-'));
let status = 1;
try {
  cpSync(join(root, 'src'), join(copy, 'src'), { recursive: true });
  for (const file of readdirSync(join(copy, 'src'), { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.astro')) continue;
    const astro = join(copy, 'src', file);
    writeFileSync(`${astro}.ts`, astroImports(readFileSync(astro, 'utf8')));
    rmSync(astro);
  }
  // package.json tells dependencies from devDependencies; node_modules resolves the packages.
  cpSync(join(root, 'package.json'), join(copy, 'package.json'));
  symlinkSync(join(root, 'node_modules'), join(copy, 'node_modules'), 'dir');
  const cruise = spawnSync(
    process.execPath,
    [join(root, 'node_modules/dependency-cruiser/bin/dependency-cruiser.mjs'), 'src', '--config', join(root, '.dependency-cruiser.cjs'), ...process.argv.slice(2)],
    { cwd: copy, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  const named = (text) => text.replaceAll('.astro.ts', '.astro');
  process.stdout.write(named(cruise.stdout));
  process.stderr.write(named(cruise.stderr));
  status = cruise.status ?? 1;
} finally {
  rmSync(copy, { recursive: true, force: true });
}
process.exit(status);
