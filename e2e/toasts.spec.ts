import { expect, test, type Locator, type Page } from '@playwright/test';
import { oneInCartPanelOpen } from './support/islands';

/**
 * The Toaster island (src/ui/Toaster.tsx): mounted once in the layout, asleep until the first toast is pushed,
 * then drawing $toasts in a top-layer region above open dialogs and panels.
 */

const toaster = (page: Page) => page.locator('astro-island[component-url*="Toaster"]');
const onTop = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && el.contains(hit);
  });

/** Puts one stocked product in the cart from the listing, opens 'Cart Summary', and makes the next + fail with `message`. */
async function refusalInOpenPanel(page: Page, message: string) {
  const { product, panel } = await oneInCartPanelOpen(page);
  await page.route('**/s/api/cart/add', (route) => route.fulfill({ status: 400, json: { message } }));
  return panel.getByRole('button', { name: `Add one more ${product.product_name}` });
}

test('the Toaster sleeps until the first toast, which then shows above the open cart panel and is dismissed', async ({ page }) => {
  const plus = await refusalInOpenPanel(page, 'You can add at most 1 of this item');
  await expect(toaster(page)).toHaveAttribute('ssr', '');
  await plus.click();
  const toast = page.getByRole('alert').filter({ hasText: 'You can add at most 1 of this item' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-type', 'error');
  await expect(toaster(page)).not.toHaveAttribute('ssr', '');
  expect(await onTop(toast)).toBe(true);
  expect(await onTop(toast.getByRole('button', { name: 'Dismiss' }))).toBe(true);
  await toast.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast).toBeHidden();
  await expect(page.getByRole('dialog', { name: 'Cart Summary' })).toBeVisible();
});

test('a toast goes after 5000 ms, not before', async ({ page }) => {
  await page.clock.install();
  const plus = await refusalInOpenPanel(page, 'Only 1 left');
  // Far enough ahead that a busy machine has not passed it by the time the call lands (it cannot go back).
  await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 10_000);
  await plus.click();
  const toast = page.getByRole('alert').filter({ hasText: 'Only 1 left' });
  await expect(toast).toBeVisible();
  await page.clock.runFor(4800);
  await expect(toast).toBeVisible();
  await page.clock.runFor(300);
  await expect(toast).toBeHidden();
});

test('an answer with a list of messages shows them on separate lines', async ({ page }) => {
  const plus = await refusalInOpenPanel(page, 'unused');
  await page.unroute('**/s/api/cart/add');
  await page.route('**/s/api/cart/add', (route) => route.fulfill({ status: 422, json: { message: ['Too many', 'Try fewer'] } }));
  await plus.click();
  const toast = page.getByRole('alert').filter({ hasText: 'Too many' });
  await expect(toast).toBeVisible();
  expect(await toast.locator('p').innerText()).toBe('Too many\nTry fewer');
});
