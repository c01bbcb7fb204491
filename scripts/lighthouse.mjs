// `npm run lighthouse`: Lighthouse's performance score for the seeded home page (mobile defaults) in the
// system Chromium, median of 5 runs. It serves the built shop on a spare port with a fresh database. A
// measurement: run it alone, not beside a load test; it exits 1 when the median is below 95.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ensureChromium } from './chromium.mjs';
import { serveThrowaway } from './serve.mjs';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const MIN_SCORE = 95;
const path = process.argv[2] ?? '/';

const chromePath = await ensureChromium();
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4397);
const { close } = await serveThrowaway(port);
const url = `http://localhost:${port}${path}`;
await fetch(url); // warm: the first request prepares and seeds the database

const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
});
const results = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const { lhr } = await lighthouse(url, { port: chrome.port, onlyCategories: ['performance'], logLevel: 'error', output: 'json' });
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    results.push({ score: Math.round((lhr.categories.performance.score ?? 0) * 100), fcp: audit('first-contentful-paint'), lcp: audit('largest-contentful-paint'), tbt: audit('total-blocking-time'), cls: audit('cumulative-layout-shift') });
    const r = results.at(-1);
    console.log(`run ${i + 1}: performance ${r.score}  FCP ${Math.round(r.fcp)} ms  LCP ${Math.round(r.lcp)} ms  TBT ${Math.round(r.tbt)} ms  CLS ${r.cls.toFixed(3)}`);
  }
} finally {
  await chrome.kill();
  close();
}
const median = results.map((r) => r.score).sort((a, b) => a - b)[Math.floor(results.length / 2)];
console.log(`\n${url}: median performance ${median} of ${RUNS} runs (mobile defaults; at least ${MIN_SCORE} wanted)`);
process.exit(median >= MIN_SCORE ? 0 : 1);
