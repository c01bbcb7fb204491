// `npm run budget`: the JavaScript each key page ships on first load, gzipped, against its budget, and the
// layout shift while it loads and scrolls (phone size). It serves
// the built shop on a spare port with a fresh database, loads each page in Chromium, and sums every script
// the page runs (files and inline), gzip level 9. Exits 1 when a page is over its budget.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ensureChromium } from './chromium.mjs';
import { serveThrowaway } from './serve.mjs';

/** Budgets in KB: 75 KB is the 3-second budget for a markup-based page on a 75th-percentile phone. */
const PAGES = [
  { name: 'home', path: '/', budget: 75 },
  { name: 'product listing', path: '/products', budget: 75 },
  { name: 'product page', path: 'FIRST_PRODUCT', budget: 75 },
];

/**
 * Cumulative layout shift allowed. Images and islands have their space reserved; what remains is the web
 * font swapping in (measured 0.000 to 0.006), so the bar sits well below the 0.1 'good' line.
 */
const MAX_CLS = 0.05;

const executablePath = await ensureChromium();
const { base, close } = await serveThrowaway(Number(process.env.BUDGET_PORT ?? 4398));
const first = await (await fetch(`${base}/s/api/products?perPage=1`)).json();
const gz = (text) => gzipSync(text, { level: 9 }).length;

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
let over = 0;
console.log(`${'page'.padEnd(18)}${'files'.padStart(7)}${'JS gzip KB'.padStart(12)}${'budget KB'.padStart(11)}${'CLS'.padStart(8)}`);
for (const { name, path, budget } of PAGES) {
  const page = await browser.newPage({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.6 });
  await page.addInitScript(() => {
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const scripts = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() === 'script') scripts.set(response.url(), response.body().then((b) => gz(b)));
  });
  await page.goto(base + (path === 'FIRST_PRODUCT' ? `/products/${first.data[0].slug}` : path), { waitUntil: 'networkidle' });
  const inline = await page.locator('script:not([src]):not([type="application/json"]):not([type="application/ld+json"])').allTextContents();
  await page.mouse.wheel(0, 2000);
  await page.waitForTimeout(300);
  const cls = await page.evaluate(() => window.__cls);
  const bytes = (await Promise.all(scripts.values())).reduce((a, b) => a + b, 0) + inline.reduce((a, t) => a + gz(t), 0);
  const kb = bytes / 1024;
  const shifted = cls > MAX_CLS;
  if (kb > budget || shifted) over++;
  console.log(
    `${name.padEnd(18)}${String(scripts.size).padStart(7)}${kb.toFixed(1).padStart(12)}${String(budget).padStart(11)}${cls.toFixed(3).padStart(8)}` +
      `${kb > budget ? '  OVER BUDGET' : ''}${shifted ? '  LAYOUT SHIFT' : ''}`,
  );
  await page.close();
}
await browser.close();
close();
console.log(`budget: ${PAGES.length - over} passed, ${over} failed`);
process.exit(over ? 1 : 0);
