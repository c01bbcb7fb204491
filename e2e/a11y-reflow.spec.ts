import { expect, test, type Locator, type Page } from '@playwright/test';
import { registerWithApi } from './support/accounts';
import { addAddressAtCheckout, cartReadyForCheckout, payOnProviderPage, placeOrdersThroughApi } from './support/checkout';

/**
 * Reflow and resized text (WCAG 1.4.10, 1.4.4) on every shopper page, in both projects: at 320 × 640 px, and at
 * 200% text at the project's own size. No page scrolls sideways, and the pieces a shopper needs (the header's
 * parts, the cart panel's items, pagination, the address card) are whole, inside the window, and apart.
 */
test.describe.configure({ timeout: 150_000 });

/**
 * Android's "large text" scales the root font size; the shop's sizes are rem-based (Tailwind 4), so 200% on the
 * root doubles the text, its spacing and its controls. Set as the document starts, before the first paint, and
 * again after the client router swaps in a page (it replaces the root element's attributes).
 */
function largeText() {
  const apply = () => {
    if (!document.documentElement) return false;
    document.documentElement.style.setProperty('font-size', '200%', 'important');
    return true;
  };
  document.addEventListener('astro:after-swap', apply);
  if (apply()) return;
  new MutationObserver((_, observer) => {
    if (apply()) observer.disconnect();
  }).observe(document, { childList: true });
}

const MODES = [
  { name: 'at 320 × 640 px', use: { viewport: { width: 320, height: 640 } }, large: false, id: 0 },
  { name: 'at 200% text', use: {}, large: true, id: 1 },
] as const;

/** The window's width as the test set it (a phone's browser widens its layout viewport to fit a wide page). */
const windowWidth = (page: Page) => page.viewportSize()!.width;

/** No sideways scroll, with the root font size the mode sets (so a page is never checked at the wrong size). */
async function expectNoSidewaysScrollAt(page: Page, what: string, rootSize: string) {
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize), `${what}: root font size`).toBe(rootSize);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${what}: the page is ${width} px wide in a ${windowWidth(page)} px window`).toBeLessThanOrEqual(windowWidth(page));
}

/** Each locator's first visible box: whole inside the window's width, not empty, and none overlapping another. */
async function expectApartInWindow(page: Page, parts: Record<string, Locator>) {
  const boxes: [string, { x: number; y: number; width: number; height: number }][] = [];
  for (const [name, locator] of Object.entries(parts)) {
    const visible = locator.filter({ visible: true }).first();
    await expect(visible, name).toBeVisible();
    const box = (await visible.boundingBox())!;
    expect(box.width * box.height, `${name} has no area`).toBeGreaterThan(0);
    expect([Math.round(box.x), Math.round(box.x + box.width)], `${name} inside the window`).toEqual([
      Math.max(0, Math.round(box.x)),
      Math.min(windowWidth(page), Math.round(box.x + box.width)),
    ]);
    boxes.push([name, box]);
  }
  const overlapping = boxes.flatMap(([a, p], i) =>
    boxes.slice(i + 1).filter(([, q]) => p.x + 1 < q.x + q.width && q.x + 1 < p.x + p.width && p.y + 1 < q.y + q.height && q.y + 1 < p.y + p.height).map(([b]) => `${a} / ${b}`),
  );
  expect(overlapping, 'overlapping parts').toEqual([]);
}

/** The header's parts: the phone's bar has no account link (it is in the side menu), the desktop bar has. */
function headerParts(page: Page, account: 'Login' | 'Account menu for Asha Verma') {
  const header = page.getByRole('banner');
  const parts: Record<string, Locator> = {
    'site name': header.locator('[data-site-name]'),
    search: header.locator('input[name="q"]'),
    'pincode button': header.locator('[data-pincode-button]'),
    'Cart button': header.locator('[data-cart-button]'),
  };
  const accountLink = account === 'Login' ? header.getByRole('link', { name: 'Login', exact: true }) : header.locator(`summary[aria-label="${account}"]`);
  return windowWidth(page) >= 768 ? { ...parts, 'account link': accountLink } : parts;
}

/** The header's site name is shown whole: not cut at the side (scrollWidth) nor below its lines (scrollHeight). */
async function expectSiteNameWhole(page: Page) {
  const name = page.getByRole('banner').locator('[data-site-name]').filter({ visible: true }).first();
  await expect(name).toHaveText('Annapurna Fresh');
  expect(await name.evaluate((el) => [el.scrollWidth <= el.clientWidth, el.scrollHeight <= el.clientHeight])).toEqual([true, true]);
}

for (const mode of MODES) {
  test.describe(mode.name, () => {
    test.use(mode.use);
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(mode.large ? largeText : () => {});
    });
    const expectNoSidewaysScroll = (page: Page, what: string) => expectNoSidewaysScrollAt(page, what, mode.large ? '32px' : '16px');
    const phone = (n: number) => String(9000018400 + n * 4 + mode.id * 2 + (test.info().project.name === 'phone' ? 1 : 0));

    test('the text is the size the mode says', async ({ page }) => {
      await page.goto('/auth/login');
      // 16 px is the browser's root size; large text doubles it, and the page's text with it (rem-based sizes).
      const sizes = await page.evaluate(() => [document.documentElement, document.querySelector('h1')!].map((el) => getComputedStyle(el).fontSize));
      expect(sizes[0]).toBe(mode.large ? '32px' : '16px');
      expect(parseFloat(sizes[1]!)).toBeGreaterThanOrEqual(mode.large ? 40 : 20);
    });

    test('home, the listing, a page of it, a product, search results, sign-in, its code, a content page and 404 do not scroll sideways', async ({ page }) => {
      const { data } = await (await page.request.get('/s/api/products?perPage=1')).json();
      const paths = ['/', '/products', '/products?page=2', `/products/${data[0].slug}`, '/products?q=rice', '/auth/login', '/auth/verify?to=asha.verma.ramakrishnan%40example.com', '/contact', '/no-such-page'];
      for (const path of paths) {
        await page.goto(path);
        await expect(page.locator('main')).toBeVisible();
        await expectNoSidewaysScroll(page, path);
      }
    });

    test('the header shows the site name, search, pincode, account and Cart apart and inside the window', async ({ page }) => {
      await page.goto('/products');
      await expectApartInWindow(page, headerParts(page, 'Login'));
      await expectSiteNameWhole(page);
      await registerWithApi(page, phone(0), 'Asha Verma');
      // A chosen pincode is shown in the header: the widest the bar gets.
      await cartReadyForCheckout(page);
      await page.goto('/products');
      await expect(page.locator('[data-pincode-button]').filter({ visible: true })).toContainText('560001');
      await expectApartInWindow(page, headerParts(page, 'Account menu for Asha Verma'));
      await expectSiteNameWhole(page);
      await expectNoSidewaysScroll(page, 'signed in');
    });

    test("the listing's filter bar and pagination stay inside the window", async ({ page }) => {
      await page.goto('/products?page=2');
      const listing = page.getByRole('region', { name: 'All products' });
      const sort = listing.locator('[data-menu] summary');
      const pagination = page.getByRole('navigation', { name: 'Pagination' });
      await expectApartInWindow(page, {
        heading: listing.getByRole('heading', { level: 1 }),
        sort,
        'previous page': pagination.getByRole('link', { name: 'Previous page' }),
        'next page': pagination.getByRole('link', { name: 'Next page' }),
      });
      // The sort menu opens inside the window.
      await sort.click();
      await expectApartInWindow(page, { 'sort menu': listing.getByRole('list', { name: 'Sort by' }) });
      await expectNoSidewaysScroll(page, 'the listing with its sort menu open');
    });

    test("the open cart panel fits the window and shows its items, not only the totals", async ({ page }) => {
      await cartReadyForCheckout(page);
      await page.goto('/products');
      await page.locator('[data-cart-button]').filter({ visible: true }).click();
      const panel = page.getByRole('dialog', { name: 'Cart Summary' });
      await expect(panel).toBeVisible();
      await panel.evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
      const list = panel.getByRole('list', { name: 'Items in your cart' });
      expect((await list.boundingBox())!.height).toBeGreaterThan(0);
      await expect(list.getByRole('listitem').first()).toBeInViewport({ ratio: 0.5 });
      await expectApartInWindow(page, { panel });
      await expectApartInWindow(page, { 'first item': list.getByRole('listitem').first() });
      await expectApartInWindow(page, {
        'its picture': list.getByRole('listitem').first().locator('img'),
        'its name': list.getByRole('listitem').first().getByRole('link'),
        'its remove-one button': list.getByRole('listitem').first().getByRole('button', { name: /^Remove one/ }),
        'its add-one button': list.getByRole('listitem').first().getByRole('button', { name: /^Add one more/ }),
      });
      // The totals and Continue to Checkout are reached by scrolling the panel.
      const checkout = panel.getByRole('link', { name: 'Continue to Checkout' });
      await checkout.scrollIntoViewIfNeeded();
      await expect(checkout).toBeInViewport();
      await expectNoSidewaysScroll(page, 'the open cart panel');
    });

    test('checkout with its address card, the payment step and the success page do not scroll sideways', async ({ page }) => {
      await registerWithApi(page, phone(1), 'Asha Verma');
      await cartReadyForCheckout(page);
      await page.goto('/checkout');
      await expectNoSidewaysScroll(page, 'checkout with its address form');
      await addAddressAtCheckout(page);
      const card = page.getByRole('group', { name: 'Deliver to', exact: true }).locator('label').first();
      await expect(card).toContainText('Indiranagar');
      await expectApartInWindow(page, { 'address card': card });
      await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
      await expectNoSidewaysScroll(page, 'checkout with a payment method chosen');
      await expectApartInWindow(page, { 'Place Order': page.getByRole('button', { name: /^Place Order/ }) });
      await page.getByRole('button', { name: /^Place Order/ }).click();
      await expect(page.getByRole('heading', { name: 'Thank you! Your order is placed.' })).toBeVisible();
      await expectNoSidewaysScroll(page, 'the success page');
    });

    test('the account pages (orders, an order, its invoice, addresses, details) do not scroll sideways', async ({ page }) => {
      await registerWithApi(page, phone(2), 'Asha Verma');
      // Paid online, so that it has an invoice.
      const [id] = await placeOrdersThroughApi(page, 1, 'razorpay');
      await payOnProviderPage(page, id!);
      for (const path of ['/account/orders', `/account/orders/${id}`, `/account/orders/${id}/invoice`, '/account/addresses', '/account/details']) {
        await page.goto(path);
        await expect(page.locator('main')).toBeVisible();
        await expectNoSidewaysScroll(page, path);
      }
      await expectApartInWindow(page, { 'the e-mail': page.locator('[data-contact="email"]') });
    });
  });
}
