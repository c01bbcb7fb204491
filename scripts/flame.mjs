// A flame graph of a V8 CPU profile (`node --cpu-prof` writes *.cpuprofile) as one SVG file: each box a function in
// a call stack, its width the share of samples spent in it and what it called, callers below callees. Idle time and
// the profiler's own nodes are left out, so the widths are shares of the busy time. Hover a box for its figures.
//
//   node scripts/flame.mjs <file.cpuprofile> [out.svg] [--title "…"] [--min 0.002] [--skip 5]
//
// --skip leaves out the profile's first seconds (the server starting: loading and compiling its modules).
// Colours tell where the code lives: the shop's own (src/, scripts/), Astro, React, Kysely and the database, other
// packages, Node itself, garbage collection. The built server bundles the shop with Astro's runtime: build with
// SOURCEMAP=1 (astro.config.mjs) before profiling and each frame is named and coloured by its source file.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { title: { type: 'string' }, min: { type: 'string', default: '0.002' }, width: { type: 'string', default: '1200' }, skip: { type: 'string', default: '0' } },
});
const [input, output = input?.replace(/\.cpuprofile$/, '') + '.svg'] = positionals;
if (!input) {
  console.error('usage: node scripts/flame.mjs <file.cpuprofile> [out.svg] [--title "…"] [--min 0.002] [--skip 5]');
  process.exit(1);
}

const profile = JSON.parse(readFileSync(input, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, { ...node, self: 0, total: 0 }]));
// Samples say which node was on top at each tick; hitCount may be absent in some writers, samples are not.
const skipUs = Number(args.skip) * 1e6;
let at = 0;
let counted = 0;
(profile.samples ?? []).forEach((id, i) => {
  at += profile.timeDeltas?.[i] ?? 0;
  if (at < skipUs) return;
  byId.get(id).self += 1;
  counted += 1;
});
if (!profile.samples) for (const node of byId.values()) node.self = node.hitCount ?? 0;

const SKIP = new Set(['(idle)', '(program)', '(root)']);
const root = byId.get(profile.nodes[0].id);
/** Sums each node's samples with its callees', leaving out idle and the profiler's own time. */
function total(node) {
  const name = node.callFrame.functionName;
  let sum = node === root || !SKIP.has(name) ? node.self : 0;
  if (node === root) sum = 0;
  for (const child of node.children ?? []) sum += total(byId.get(child));
  node.total = sum;
  return sum;
}
const busy = total(root);
const all = profile.samples ? counted : busy;

const PALETTE = {
  shop: '#f2a65a',
  astro: '#e879a6',
  react: '#61dafb',
  data: '#8bc34a',
  package: '#c5b358',
  node: '#b0bec5',
  gc: '#ef5350',
};
/** Where a built frame came from, through the file's source map when the build wrote one: `{ url, lineNumber }`. */
const maps = new Map();
function original(frame) {
  if (!frame.url?.startsWith('file://') || !frame.url.includes('/dist/')) return frame;
  const file = fileURLToPath(frame.url);
  if (!maps.has(file)) maps.set(file, existsSync(`${file}.map`) ? new SourceMap(JSON.parse(readFileSync(`${file}.map`, 'utf8'))) : null);
  const entry = maps.get(file)?.findEntry(frame.lineNumber, frame.columnNumber);
  if (!entry?.originalSource) return frame;
  const source = entry.originalSource.replace(/^(\.\.\/)+/, '');
  return { ...frame, url: source.startsWith('file://') ? source : `file:///${source}`, lineNumber: entry.originalLine };
}
for (const node of byId.values()) node.callFrame = original(node.callFrame);

function kind(frame) {
  const url = frame.url ?? '';
  if (frame.functionName === '(garbage collector)') return 'gc';
  if (/node_modules\/(react|react-dom|scheduler)\//.test(url)) return 'react';
  if (/node_modules\/(kysely|pg)\//.test(url) || /src\/server\/db\//.test(url) || /sqlite/i.test(frame.functionName)) return 'data';
  if (/node_modules\/(astro|@astrojs)\//.test(url) || /dist\/server\/chunks\/.*astro/.test(url)) return 'astro';
  if (/node_modules\//.test(url)) return 'package';
  if (url.startsWith('node:') || url === '') return 'node';
  return 'shop';
}
function label(frame) {
  const name = frame.functionName || '(anonymous)';
  const url = frame.url ?? '';
  const file = url.replace(/^file:\/\//, '').replace(/^.*node_modules\//, '').replace(/^.*\/dist\//, 'dist/');
  return file ? `${name} ${file.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}` : name;
}
const escape = (text) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

const width = Number(args.width);
const min = Number(args.min);
const row = 17;
const boxes = [];
let depthMax = 0;
/** Lays children out left to right inside their parent, widest first; boxes narrower than --min of busy time are left out. */
function layout(node, x, depth) {
  const children = (node.children ?? []).map((id) => byId.get(id)).filter((child) => child.total > 0 && !SKIP.has(child.callFrame.functionName));
  children.sort((a, b) => b.total - a.total);
  let at = x;
  for (const child of children) {
    if (child.total / busy >= min) {
      boxes.push({ node: child, x: at, depth });
      depthMax = Math.max(depthMax, depth);
      layout(child, at, depth + 1);
    }
    at += child.total;
  }
}
// The root's own children that are not idle: the busy stacks, side by side.
layout(root, 0, 0);
// Samples of garbage collection and other top-level nodes are children of the root, so they are laid out too.

const top = 40;
const height = top + (depthMax + 1) * row + 40;
const scale = (width - 20) / busy;
const parts = boxes.map(({ node, x, depth }) => {
  const w = node.total * scale;
  const y = height - 30 - (depth + 1) * row;
  const text = label(node.callFrame);
  const share = ((node.total / busy) * 100).toFixed(1);
  const self = ((node.self / busy) * 100).toFixed(1);
  const fits = Math.floor((w - 4) / 6.2);
  const shown = fits >= 3 ? (text.length > fits ? text.slice(0, fits - 1) + '…' : text) : '';
  return `<g><title>${escape(text)} — ${share}% with callees, ${self}% itself</title><rect x="${(10 + x * scale).toFixed(1)}" y="${y}" width="${Math.max(w - 0.5, 0.5).toFixed(1)}" height="${row - 1}" fill="${PALETTE[kind(node.callFrame)]}" rx="1"/>${shown ? `<text x="${(12 + x * scale).toFixed(1)}" y="${y + 12}">${escape(shown)}</text>` : ''}</g>`;
});
const legend = Object.entries(PALETTE)
  .map(([name, colour], i) => `<rect x="${10 + i * 110}" y="${height - 20}" width="12" height="12" fill="${colour}"/><text x="${26 + i * 110}" y="${height - 10}">${name}</text>`)
  .join('');
const title = args.title ?? input.split('/').pop();
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="monospace" font-size="11">
<rect width="100%" height="100%" fill="#fff"/>
<text x="10" y="20" font-size="14" font-family="sans-serif">${escape(title)}</text>
<text x="10" y="34" font-family="sans-serif" fill="#555">${busy} busy samples of ${all} (${((busy / all) * 100).toFixed(0)}% busy); width = share of busy time; boxes under ${(min * 100).toFixed(1)}% left out</text>
${parts.join('\n')}
${legend}
</svg>
`;
writeFileSync(output, svg);

// The same figures as text: where the busy time went, by kind and by the functions that spend the most themselves.
const byKind = {};
const selfBy = new Map();
for (const node of byId.values()) {
  if (SKIP.has(node.callFrame.functionName) || node.self === 0) continue;
  const k = kind(node.callFrame);
  byKind[k] = (byKind[k] ?? 0) + node.self;
  const key = label(node.callFrame);
  selfBy.set(key, (selfBy.get(key) ?? 0) + node.self);
}
const pct = (n) => `${((n / busy) * 100).toFixed(1)}%`.padStart(6);
console.log(`${output}: ${boxes.length} boxes; ${busy} busy samples of ${all}`);
console.log('self time by kind:', Object.entries(byKind).sort((a, b) => b[1] - a[1]).map(([k, n]) => `${k} ${pct(n).trim()}`).join(', '));
for (const [key, n] of [...selfBy].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(pct(n), key);
