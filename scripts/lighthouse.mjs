// `npm run lighthouse`: Lighthouse's performance score (mobile defaults: a mid-range phone, slow 4G, 4x CPU
// slowdown) for home, the listing, a product page and the Hindi listing in the system Chromium, median of 5 runs
// each. It serves the built shop on a spare port with a fresh database. A measurement: run it alone, not beside a
// load test or the test suite (on a loaded machine the simulated CPU is slower still); it exits 1 when a median
// is below 98. `npm run lighthouse -- /offers` measures one path instead.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureChromium } from './chromium.mjs';
import { serveThrowaway } from './serve.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const MIN_SCORE = 98;

const chromePath = await ensureChromium();
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4397);
const { close } = await serveThrowaway(port);
const base = `http://localhost:${port}`;
await fetch(base); // warm: the first request prepares and seeds the database
const first = await (await fetch(`${base}/s/api/products?perPage=1`)).json();
const paths = process.argv[2] ? [process.argv[2]] : ['/', '/products', `/products/${first.data[0].slug}`, '/hi/products'];

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
});
const medians = [];
try {
  for (const path of paths) {
    const url = base + path;
    const results = [];
    for (let i = 0; i < RUNS; i++) {
      const { lhr } = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
      const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
      results.push({ score: Math.round((lhr.categories.performance.score ?? 0) * 100), fcp: audit('first-contentful-paint'), lcp: audit('largest-contentful-paint'), tbt: audit('total-blocking-time'), cls: audit('cumulative-layout-shift') });
      const r = results.at(-1);
      console.log(`${path} run ${i + 1}: performance ${r.score}  FCP ${Math.round(r.fcp)} ms  LCP ${Math.round(r.lcp)} ms  TBT ${Math.round(r.tbt)} ms  CLS ${r.cls.toFixed(3)}`);
    }
    const median = results.map((r) => r.score).sort((a, b) => a - b)[Math.floor(results.length / 2)];
    medians.push({ path, median });
    console.log(`${path}: median performance ${median} of ${RUNS} runs\n`);
  }
} finally {
  await chrome.kill();
  close();
}
for (const { path, median } of medians) console.log(`${path.padEnd(40)} median ${median} (at least ${MIN_SCORE} wanted)`);
process.exit(medians.every(({ median }) => median >= MIN_SCORE) ? 0 : 1);
