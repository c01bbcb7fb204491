// `npm run budget`: the HTML of each key page (as served, and gzipped), the JavaScript it ships, gzipped, on
// load and after the shopper's first tap, against their budgets, and the layout shift while it loads and
// scrolls (phone size). It serves the built shop
// on a spare port with a fresh database, loads each page in Chromium, waits 5 s idle, sums every script the
// page ran (files and inline, gzip level 9), then taps the first 'Add to Cart' and sums again once the cart
// has answered and the header's badge shows the new count (the React runtime, the island, badge and panel). Bytes the page prefetched while idle (downloaded, not run)
// are shown apart. Exits 1 when a page is over a budget.
//
// `--gate on-load` fails on the on-load budgets and layout shift only and reports the after-tap figure; `npm
// test` and `npm run budget` gate both. BUDGET_DETAIL=1 lists every script with its size.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ensureChromium } from './chromium.mjs';
import { serveThrowaway } from './serve.mjs';

/**
 * Budgets in KB: the script (gzip) on load and at full interactivity (after the first tap); the HTML as served
 * (docs/benchmarks.md: the listing at most 80 KB and 14 KB gzipped, a product page at most 60 KB).
 */
const ENGLISH = [
  { name: 'home', path: '/', onLoad: 35, afterTap: 85, html: 100, htmlGzip: 15 },
  { name: 'product listing', path: '/products', onLoad: 15, afterTap: 85, html: 80, htmlGzip: 14 },
  { name: 'product page', path: 'FIRST_PRODUCT', onLoad: 15, afterTap: 85, html: 60, htmlGzip: 14 },
];
/**
 * The same pages in Hindi (/hi/…) keep the same script and gzipped HTML budgets (docs/languages.md), and their
 * Devanagari font: at most 60 KB of font files downloaded on the Hindi listing (fonts are counted as sent: woff2 is
 * compressed already). Their HTML as served may be a fifth larger: a Devanagari letter is three bytes of UTF-8
 * where a Latin one is one (the products' Hindi names, the page's words); what the phone downloads (gzipped) is
 * bound as in English.
 */
const PAGES = [
  ...ENGLISH,
  ...ENGLISH.map((page) => ({ ...page, name: `${page.name} (hi)`, path: page.path === 'FIRST_PRODUCT' ? page.path : `/hi${page.path === '/' ? '' : page.path}`, html: Math.round(page.html * 1.2), hindi: true })),
];
const HINDI_FONT_KB = 60;

/**
 * Cumulative layout shift allowed. Images and islands have their space reserved; what remains is the web
 * font swapping in (measured 0.000 to 0.006), so the bar sits well below the 0.1 'good' line.
 */
const MAX_CLS = 0.05;
const IDLE_MS = 5000;
const gateOnLoadOnly = process.argv.includes('--gate') && process.argv[process.argv.indexOf('--gate') + 1] === 'on-load';

const executablePath = await ensureChromium();
const { base, close } = await serveThrowaway(Number(process.env.BUDGET_PORT ?? 4398));
const first = await (await fetch(`${base}/s/api/products?perPage=1`)).json();
const gz = (text) => gzipSync(text, { level: 9 }).length;
/** Gzipped size of a file, fetched from the server (a browser-cache hit gives Playwright no body). */
const sizes = new Map();
const sizeOf = (url) => {
  if (!sizes.has(url)) sizes.set(url, fetch(url).then(async (answer) => gz(Buffer.from(await answer.arrayBuffer()))));
  return sizes.get(url);
};
const kb = async (urls, inline = []) => ((await Promise.all([...urls].map(sizeOf))).reduce((a, b) => a + b, 0) + inline.reduce((a, t) => a + gz(t), 0)) / 1024;

const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
let over = 0;
const columns = ['page', 'HTML KB', 'budget', 'gzip KB', 'budget', 'on load KB', 'budget', 'prefetched KB', 'after tap KB', 'budget', 'CLS', 'Devanagari KB'];
console.log(columns.map((c, i) => (i ? c.padStart(i < 5 ? 9 : 14) : c.padEnd(22))).join(''));
for (const { name, path, onLoad, afterTap, html, htmlGzip, hindi } of PAGES) {
  // The HTML as a first-time visitor gets it (no cookie): its bytes, and gzipped as the server sends it (level 6).
  const address = base + (path === 'FIRST_PRODUCT' ? `${hindi ? '/hi' : ''}/products/${first.data[0].slug}` : path);
  const markup = Buffer.from(await (await fetch(address)).arrayBuffer());
  const htmlKb = markup.length / 1024;
  const htmlGzipKb = gzipSync(markup, { level: 6 }).length / 1024;
  const page = await browser.newPage({ viewport: { width: 412, height: 915 }, deviceScaleFactor: 2.6 });
  await page.addInitScript(() => {
    window.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  const scripts = new Set();
  const prefetched = new Set();
  const fonts = new Set();
  page.on('request', (request) => {
    if (request.resourceType() === 'font') fonts.add(request.url());
    if (request.resourceType() === 'script') scripts.add(request.url());
    else if (request.resourceType() === 'fetch' && /\/_astro\/.+\.js$/.test(request.url())) prefetched.add(request.url());
  });
  await page.goto(address, { waitUntil: 'networkidle' });
  await page.waitForTimeout(IDLE_MS);
  const inline = await page.locator('script:not([src]):not([type="application/json"]):not([type="application/ld+json"])').allTextContents();
  const loadKb = await kb(scripts, inline);
  const prefetchKb = await kb(prefetched);
  await page.mouse.wheel(0, 2000);
  await page.waitForTimeout(300);
  const cls = await page.evaluate(() => window.__cls);
  await page.mouse.wheel(0, -2000);
  // The offer popup covers the page at first: the shopper closes it before tapping.
  const offer = page.locator('#offer-popup [data-popup-close]');
  if (await offer.isVisible()) await offer.click();
  // The first 'Add to Cart' a shopper can reach (in either language): visible and not in a carousel's off-screen slide.
  await page.evaluate(() => {
    const reachable = [...document.querySelectorAll('[data-add-to-cart] button.cart-add')].find((b) => {
      const box = b.getBoundingClientRect();
      return box.width > 0 && box.left >= 0 && box.right <= innerWidth;
    });
    reachable?.setAttribute('data-budget-tap', '');
  });
  const add = page.locator('[data-budget-tap]');
  const answered = page.waitForResponse((r) => r.url().endsWith('/s/api/cart/add'), { timeout: 15_000 });
  await add.click();
  await answered;
  // Full interactivity: the header's badge has woken for the change and shows the new count.
  await page.locator('[data-cart-badge]').filter({ visible: true }).filter({ hasText: '1' }).waitFor({ timeout: 15_000 });
  await page.waitForLoadState('networkidle');
  const tapKb = await kb(scripts, inline);
  if (process.env.BUDGET_DETAIL) {
    for (const url of scripts) console.log(`    ${((await sizeOf(url)) / 1024).toFixed(1).padStart(6)} KB  ${url.replace(base, '')}`);
    for (const text of inline) console.log(`    ${(gz(text) / 1024).toFixed(1).padStart(6)} KB  (inline)`);
  }
  const loadOver = loadKb > onLoad;
  const tapOver = tapKb > afterTap;
  const shifted = cls > MAX_CLS;
  const htmlOver = htmlKb > html || htmlGzipKb > htmlGzip;
  // The Devanagari font's files as sent (woff2 is compressed): on Hindi pages only, within its bound on the listing.
  const fontKb = (await Promise.all([...fonts].filter((url) => url.includes('devanagari')).map(async (url) => (await (await fetch(url)).arrayBuffer()).byteLength))).reduce((a, b) => a + b, 0) / 1024;
  const fontOver = hindi && path === '/hi/products' && fontKb > HINDI_FONT_KB;
  if (loadOver || shifted || htmlOver || fontOver || (tapOver && !gateOnLoadOnly)) over++;
  const cells = [htmlKb.toFixed(1), html, htmlGzipKb.toFixed(1), htmlGzip, loadKb.toFixed(1), onLoad, prefetchKb.toFixed(1), tapKb.toFixed(2), afterTap, cls.toFixed(3), fontKb.toFixed(1)];
  console.log(
    name.padEnd(22) + cells.map((c, i) => String(c).padStart(i < 4 ? 9 : 14)).join('') +
      `${htmlOver ? '  HTML OVER' : ''}${loadOver ? '  OVER ON LOAD' : ''}${tapOver ? `  OVER AFTER TAP${gateOnLoadOnly ? ' (reported, not gated)' : ''}` : ''}${shifted ? '  LAYOUT SHIFT' : ''}${fontOver ? `  FONT OVER ${HINDI_FONT_KB} KB` : ''}`,
  );
  await page.close();
}
await browser.close();
close();
staffBundles();
console.log(`budget: ${PAGES.length - over} passed, ${over} failed`);

/**
 * The staff islands (the back office's, the page builder's and the till's), reported and never gated (docs/back-office.md#screens): each island's own file and,
 * with every chunk it imports (React, the shared widgets), what a first visit to that staff page loads, gzipped.
 */
function staffBundles() {
  const dir = join(import.meta.dirname, '..', 'dist', 'client', '_astro');
  const files = readdirSync(dir).filter((f) => f.endsWith('.js'));
  const size = (file) => gz(readFileSync(join(dir, file)));
  const withImports = (file, seen = new Set()) => {
    if (seen.has(file)) return seen;
    seen.add(file);
    for (const [, name] of readFileSync(join(dir, file), 'utf8').matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) withImports(name, seen);
    return seen;
  };
  console.log('\nstaff islands (report only)   own KB   with imports KB');
  for (const [label, island] of [
    ['/bos/admin queue', 'OrdersQueue'],
    ['/bos/admin/orders/{id}', 'OrderActions'],
    ['  its part refund', 'PartRefund'],
    ['/bos/admin/refunds', 'RefundsScreen'],
    ['/bos/admin/products', 'ProductsScreen'],
    ['/bos/admin/products/{id}', 'ProductEditor'],
    ['  its rich text (on load)', 'RichTextEditor'],
    ['/bos/admin/products/import', 'ImportScreen'],
    ['/bos/admin/stock', 'LowStockScreen'],
    ['/bos/admin/stock/{pack}', 'LedgerScreen'],
    ['/bos/admin/catalogue', 'CategoriesScreen'],
    ['/bos/admin/catalogue/{list}', 'ListScreen'],
    ['/bos/admin/coupons', 'CouponsScreen'],
    ['/bos/admin/coupons/{code}', 'CouponEditor'],
    ['/bos/admin/delivery', 'ZonesScreen'],
    ['/bos/admin/delivery/{id}', 'ZoneScreen'],
    ['/bos/admin/people', 'PeopleScreen'],
    ['/bos/admin/people/{id}', 'UserScreen'],
    ['/bos/admin/audit', 'AuditScreen'],
    ['/pos (the till)', 'PosScreen'],
    ['  its header badge', 'PosStatus'],
    ['/page-builder (pages)', 'PagesScreen'],
    ['/page-builder/pages/{id}', 'Editor'],
    ['  its rich text (on demand)', 'RichText'],
    ['  its image picker (on use)', 'MediaPicker'],
    ['/page-builder/site', 'SiteSettingsEditor'],
    ['/page-builder/media', 'MediaLibraryScreen'],
    ['/page-builder/forms', 'FormsScreen'],
  ]) {
    const file = files.find((f) => f.startsWith(`${island}.`));
    if (!file) {
      console.log(`${label.padEnd(28)}  not built`);
      continue;
    }
    const all = [...withImports(file)].reduce((sum, f) => sum + size(f), 0);
    console.log(`${label.padEnd(28)}${(size(file) / 1024).toFixed(1).padStart(8)}${(all / 1024).toFixed(1).padStart(18)}`);
  }
}
process.exit(over ? 1 : 0);
