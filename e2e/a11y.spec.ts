import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { register } from './support/accounts';
import { addAddressAtCheckout, cartReadyForCheckout, placeOrdersThroughApi, payOnProviderPage } from './support/checkout';

/**
 * axe-core on the shopper's main views, at desktop and phone sizes (both projects): no serious or critical
 * violation. Dialogs are opened by their visible buttons, as a shopper would, and checked while open.
 */
test.describe.configure({ timeout: 120_000 });

async function seriousViolations(page: Page) {
  const builder = new AxeBuilder({ page });
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ rule: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => n.target.join(' ')).slice(0, 5) }));
}

const firstProduct = async (page: Page) => (await (await page.request.get('/s/api/products?perPage=1')).json()).data[0].slug as string;

test('home has no serious accessibility violation', async ({ page }) => {
  await page.goto('/');
  expect(await seriousViolations(page)).toEqual([]);
});

test('the listing has no serious accessibility violation', async ({ page }) => {
  await page.goto('/products');
  expect(await seriousViolations(page)).toEqual([]);
});

test('a product page has no serious accessibility violation', async ({ page }) => {
  await page.goto(`/products/${await firstProduct(page)}`);
  expect(await seriousViolations(page)).toEqual([]);
});

test('a product page with several images has no serious accessibility violation: the gallery scrolls by keyboard', async ({ page }) => {
  const { data } = await (await page.request.get('/s/api/products?perPage=48')).json();
  const product = (data as { slug: string; medias: unknown[] }[]).find((p) => p.medias.length > 1)!;
  await page.goto(`/products/${product.slug}`);
  const gallery = page.getByRole('list', { name: 'Product images: swipe, or use the arrow keys' });
  await gallery.focus();
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => gallery.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
  expect(await seriousViolations(page)).toEqual([]);
});

test('"Skip to content" comes first in the tab order, shows when focused, and takes a keyboard past the header', async ({ page }) => {
  await page.goto('/products');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  expect(await page.evaluate(() => document.querySelector('a[href], button, input, select, textarea, [tabindex]')?.textContent)).toBe('Skip to content');
  await skip.focus();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
});

test('the open cart panel has no serious accessibility violation', async ({ page }) => {
  await page.goto('/products');
  await page.getByRole('button', { name: 'Add to Cart' }).first().click();
  await page.getByRole('button', { name: /^Cart/ }).filter({ visible: true }).click();
  const panel = page.getByRole('dialog', { name: 'Cart Summary' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem')).toHaveCount(1);
  expect(await seriousViolations(page)).toEqual([]);
});

test('the pincode dialog has no serious accessibility violation', async ({ page }) => {
  await page.goto('/products');
  await page.getByRole('button', { name: /delivery pincode/i }).filter({ visible: true }).click();
  await expect(page.getByRole('dialog', { name: 'Change Location' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('sign-in has no serious accessibility violation', async ({ page }) => {
  await page.goto('/auth/login');
  expect(await seriousViolations(page)).toEqual([]);
});

test('checkout, with its address form open and an order placed, and the success page have no serious accessibility violation', async ({ page }) => {
  await register(page, String(9000017100 + (test.info().project.name === 'phone' ? 1 : 0)), 'Asha Verma');
  await cartReadyForCheckout(page);
  await page.goto('/checkout');
  await expect(page.getByRole('form', { name: 'New address' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await addAddressAtCheckout(page);
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: /^Place Order/ }).click();
  await expect(page.getByRole('heading', { name: 'Thank you! Your order is placed.' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});

test('the account pages (orders, an order, its invoice, addresses, details) have no serious accessibility violation', async ({ page }) => {
  await register(page, String(9000017200 + (test.info().project.name === 'phone' ? 1 : 0)), 'Asha Verma');
  await placeOrdersThroughApi(page, 1);
  // Paid online, so that it has an invoice (a cash on delivery order has one once delivered).
  const [id] = await placeOrdersThroughApi(page, 1, 'razorpay');
  await payOnProviderPage(page, id!);
  for (const path of ['/account', '/account/orders', `/account/orders/${id}`, `/account/orders/${id}/invoice`, '/account/addresses', '/account/details']) {
    await page.goto(path);
    expect(await seriousViolations(page), path).toEqual([]);
  }
});
