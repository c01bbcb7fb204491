import { expect, test, type Locator } from '@playwright/test';
import { registerWithApi } from './support/accounts';


/** Whether the element is what a tap at its centre would hit (nothing lies over it). */
const onTop = (locator: Locator) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && el.contains(hit);
  });

test('a toast shows above an open modal dialog and its backdrop', async ({ page }) => {
  await registerWithApi(page, String(9000000300 + (test.info().project.name === 'phone' ? 1 : 0)), 'Toast Tester');
  await page.goto('/products');
  await page.locator('[data-product-grid] article').first().getByRole('button', { name: /^Add to wishlist: / }).click();
  const lists = page.getByRole('dialog', { name: 'Add Products In Wishlist' });
  await lists.getByRole('button', { name: 'Create Another Wishlist' }).click();
  const create = page.getByRole('dialog', { name: 'Create Another Wish List' });
  await create.getByLabel('New Wishlist').fill('Festive');
  await create.getByRole('button', { name: 'Submit' }).click();
  await expect(lists).toBeVisible();
  const toast = page.locator('[data-toaster] [data-type]').filter({ hasText: 'Wishlist added successfully' });
  await expect(toast).toBeVisible();
  expect(await onTop(toast)).toBe(true);
  await toast.getByRole('button', { name: 'Dismiss' }).click();
  await expect(toast).toBeHidden();
  await expect(lists).toBeVisible();
});

test.describe('the promotional popup', () => {
  test.beforeEach(async ({ page }) => {
    await page.clock.install();
  });

  test('waits behind an open dialog instead of covering it', async ({ page }) => {
    await page.goto('/products');
    await page.locator('[data-pincode-button]').filter({ visible: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Location' });
    await expect(dialog).toBeVisible();
    await page.clock.runFor(6000);
    await expect(page.locator('[data-popup-close]')).toBeHidden();
    await expect(dialog).toBeVisible();
    expect(await onTop(dialog.getByRole('button', { name: 'Check' }))).toBe(true);
  });

  test('shows on its own, closes, and blocks nothing once hidden', async ({ page }) => {
    await page.goto('/products');
    const popup = page.getByRole('dialog', { name: 'Offer' });
    await page.clock.runFor(5500);
    await expect(popup).toBeVisible();
    expect(await onTop(popup.getByRole('button', { name: 'Close' }))).toBe(true);
    await popup.getByRole('button', { name: 'Close' }).click();
    await expect(popup).toBeHidden();
    const firstCard = page.locator('[data-product-grid] article').first().locator('a').first();
    expect(await onTop(firstCard)).toBe(true);
    expect(await onTop(page.locator('[data-pincode-button]').filter({ visible: true }))).toBe(true);
  });
});
