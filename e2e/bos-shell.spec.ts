import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { registerWithApi, signInThroughApi } from './support/accounts';
import { axeViolations } from './support/axe';
import { payOnProviderPage, placeOrdersThroughApi } from './support/checkout';
import { failedRefund } from './support/refunds';

/** The seeded administrator, Meera Iyer: hasAdminAccess with order:manage. */
const ADMIN = '9876500003';

/** The island runtime Astro itself serves (lib/hydrate): every page with an island loads some of it. */
const RUNTIME = /\/_astro\/(astro-island|client-(load|idle|interaction|visible|media|only))\./;

/** What a shopper's pages load of their own: their islands' files and their scripts (the shell's, the router's …). */
async function shopperScripts(page: Page): Promise<Set<string>> {
  const found = new Set<string>();
  for (const path of ['/', '/products']) {
    await page.goto(path);
    const urls = await page.evaluate(() => [
      ...[...document.querySelectorAll('astro-island[component-url]')].map((island) => island.getAttribute('component-url')!),
      ...[...document.querySelectorAll('script[src]')].map((script) => new URL((script as HTMLScriptElement).src).pathname),
    ]);
    for (const url of urls) if (!RUNTIME.test(url)) found.add(url);
  }
  return found;
}

/** Every script file the page asks for while it loads and settles. */
async function scriptsLoadedBy(page: Page, path: string): Promise<string[]> {
  const loaded: string[] = [];
  const seen = (request: { resourceType(): string; url(): string }) => {
    if (request.resourceType() === 'script') loaded.push(new URL(request.url()).pathname);
  };
  page.on('request', seen);
  await page.goto(path, { waitUntil: 'networkidle' });
  page.off('request', seen);
  return loaded;
}

const refundsLink = (page: Page) => page.getByRole('navigation', { name: 'Back office' }).locator('[data-bos-nav=Refunds]');

for (const width of [1280, 768]) {
  test.describe(`the back office's frame at ${width} px @desktop`, () => {
    test.use({ viewport: { width, height: 900 } });
    // Registering, ordering, signing staff in and axe on a machine shared with other suites: minutes, not seconds.
    test.describe.configure({ timeout: 240_000 });

    test('its own header, navigation and landmarks, a skip link that works by keyboard, none of the shop\'s parts or scripts, never indexed, and Sign out', async ({ page }) => {
      const shopperOnly = await shopperScripts(page);
      expect(shopperOnly.size).toBeGreaterThan(0);
      // A shopper's order, for an order's page.
      await registerWithApi(page, `6${String(width).slice(0, 1)}${String(Date.now()).slice(-8)}`, `Shell Tester ${width}`);
      const [orderId] = await placeOrdersThroughApi(page, 1);
      await page.context().clearCookies();

      const signedOut = await page.request.get('/bos/admin', { maxRedirects: 0 });
      expect(signedOut.status()).toBe(303);
      expect(signedOut.headers()['x-robots-tag']).toBe('noindex');
      await signInThroughApi(page, ADMIN);
      await page.goto('/bos/admin');

      // Never indexed: the header and the page say so; a shopper's page says nothing of the kind.
      const answer = await page.request.get('/bos/admin');
      expect(answer.headers()['x-robots-tag']).toBe('noindex');
      await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex');
      expect((await page.request.get('/products')).headers()['x-robots-tag']).toBeUndefined();

      // Landmarks: one banner with the website's name, the back office's navigation, the page's main; no footer.
      const banner = page.getByRole('banner');
      await expect(banner).toHaveCount(1);
      await expect(banner).toContainText('Annapurna Fresh');
      await expect(banner).toContainText('Back office');
      await expect(page.getByRole('main')).toHaveCount(1);
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      const nav = page.getByRole('navigation', { name: 'Back office' });
      await expect(nav.getByRole('link')).toHaveText([/^Orders$/, /^Refunds/, 'Tills', 'Sales', 'Products', 'Stock', 'Catalogue', 'Coupons', 'Delivery', 'People', 'Audit log']);
      await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
      await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/bos/admin');
      await expect(refundsLink(page)).toHaveAttribute('href', '/bos/admin/refunds');
      await expect(refundsLink(page)).not.toHaveAttribute('aria-current', /./);
      await expect(banner.getByRole('link', { name: 'View shop' })).toHaveAttribute('href', '/');
      await expect(banner.locator('[data-signed-in]')).toHaveText('Signed in as Meera Iyer');

      // None of the shopper's parts: no search, cart, pincode or account menu.
      await expect(page.getByRole('combobox', { name: 'Search products' })).toHaveCount(0);
      await expect(page.locator('[data-cart-panel], [data-cart-button], [data-pincode-button], [data-header-template], [data-menu]')).toHaveCount(0);
      await expect(page.getByRole('button', { name: /cart/i })).toHaveCount(0);

      // None of their scripts: the page's own islands and the island runtime only.
      const loaded = await scriptsLoadedBy(page, '/bos/admin');
      expect(loaded.filter((url) => shopperOnly.has(url))).toEqual([]);
      const islands = await page.locator('astro-island').evaluateAll((all) => all.map((island) => island.getAttribute('component-url')!));
      expect(islands.length).toBeGreaterThan(0);
      expect(islands.filter((url) => shopperOnly.has(url))).toEqual([]);

      // The skip link: the first Tab reaches it, Enter follows it, and the next Tab lands in the page's main.
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: 'Skip to content' });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/#main$/);
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);

      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'queue', width);

      // An order's page sits in Orders: the section is current, not the page.
      await page.goto(`/bos/admin/orders/${orderId}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Order /);
      await expect(nav.getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'true');
      await expect(page.locator('meta[name=robots]')).toHaveAttribute('content', 'noindex');
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'order', width);

      // Sign out: back to the shop, signed out; the back office asks for a sign-in again.
      await page.getByRole('banner').getByRole('link', { name: 'Sign out' }).click();
      await expect(page).toHaveURL(/\/$/);
      await page.goto('/bos/admin');
      await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fbos%2Fadmin$/);
    });

    test('the header counts the refunds that need a hand, for the eye and for a screen reader', async ({ page }) => {
      // A shopper pays for an order online.
      await registerWithApi(page, `7${String(width).slice(0, 1)}${String(Date.now()).slice(-8)}`, `Shell Refund ${width}`);
      const [id] = await placeOrdersThroughApi(page, 1, 'razorpay');
      await payOnProviderPage(page, id!);

      // Staff refund part of it after the money went back another way: the provider refuses, the refund fails.
      await page.context().clearCookies();
      await signInThroughApi(page, ADMIN);
      await page.goto('/bos/admin');
      await failedRefund(page, id!);

      // The badge says what the count says (other tests may fail refunds meanwhile: read both again until they agree).
      const badge = refundsLink(page).locator('[data-badge]');
      await expect(async () => {
        const { needs_hand: count } = await (await page.request.get('/s/api/bos/refunds/count')).json();
        await page.goto('/bos/admin');
        expect(count).toBeGreaterThan(0);
        await expect(badge).toHaveText(count.toLocaleString('en-IN'), { timeout: 1000 });
        await expect(refundsLink(page)).toHaveAccessibleName(`Refunds, ${count.toLocaleString('en-IN')} ${count === 1 ? 'needs' : 'need'} a hand`, { timeout: 1000 });
      }).toPass({ timeout: 30_000 });
      await expect(badge).toHaveAttribute('aria-hidden', 'true');
      await expect(badge).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'queue-refunds-badge', width);
    });
  });
}

/** For looking at: the page as it stands, whole, at this width; and no sideways scroll of the page itself. */
async function screenshot(page: Page, name: string, width: number) {
  mkdirSync('test-results/bos-shell', { recursive: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.screenshot({ path: `test-results/bos-shell/${name}-${width}.png`, fullPage: true, scale: 'css' });
}
