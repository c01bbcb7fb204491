import { expect, test } from '@playwright/test';
import { register } from './support/accounts';

const phoneFor = (base: number) => String(base + (test.info().project.name === 'phone' ? 1 : 0));

test('a visitor sees no wishlist hearts', async ({ page }) => {
  await page.goto('/products');
  await expect(page.locator('form[data-wishlist-toggle]')).toHaveCount(0);
});

test('the heart opens the wishlist dialog: add to Default, create a list, add to it; the account page shows both', async ({ page }) => {
  await register(page, phoneFor(9000000100), 'Kavya Menon');
  await page.goto('/products');
  const card = page.locator('[data-product-grid] article').first();
  const name = (await card.locator('h3').textContent())!;
  const heart = card.getByRole('button', { name: `Wishlist: ${name}` });
  await expect(heart).toHaveAttribute('aria-pressed', 'false');
  await heart.click();
  const dialog = page.getByRole('dialog', { name: 'Add Products In Wishlist' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: /^Default/ }).click();
  await expect(dialog.getByRole('button', { name: /^Default/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(heart).toHaveAttribute('aria-pressed', 'true');

  await dialog.getByRole('button', { name: 'Create Another Wishlist' }).click();
  const create = page.getByRole('dialog', { name: 'Create Another Wish List' });
  await create.getByLabel('New Wishlist').fill('Monthly staples');
  await create.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Wishlist added successfully' })).toBeVisible();
  await dialog.getByRole('button', { name: /^Monthly staples/ }).click();
  await expect(dialog.getByRole('button', { name: /^Monthly staples/ })).toHaveAttribute('aria-pressed', 'true');
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.goto('/account/wishlist');
  for (const list of ['Default', 'Monthly staples']) {
    await expect(page.getByRole('region', { name: list }).getByRole('heading', { level: 3, name })).toBeVisible();
  }
  await page.goto('/products');
  await expect(page.locator('[data-product-grid] article').first().getByRole('button', { name: `Wishlist: ${name}` })).toHaveAttribute('aria-pressed', 'true');
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('registering and the heart work as plain forms', async ({ page }) => {
    await register(page, phoneFor(9000000200), 'Farhan Ali');
    await page.goto('/products?s=newest');
    const card = page.locator('[data-product-grid] article').nth(1);
    const name = (await card.locator('h3').textContent())!;
    await card.getByRole('button', { name: `Wishlist: ${name}` }).click();
    await expect(page).toHaveURL(/\/products\?s=newest$/);
    await expect(page.locator('[data-product-grid] article').nth(1).getByRole('button', { name: `Wishlist: ${name}` })).toHaveAttribute('aria-pressed', 'true');
    await page.goto('/account/wishlist');
    await expect(page.getByRole('region', { name: 'Default' })).toContainText(name);
  });
});
