import { expect, test } from '@playwright/test';

test('the search field takes the focus after 300 ms where the pointer is fine @desktop', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByRole('combobox', { name: 'Search products' }).filter({ visible: true })).toBeFocused();
  expect(await page.evaluate(() => scrollY)).toBe(0);
});

test('on a touch phone the search field is not focused, so no keyboard pops up @phone', async ({ page }) => {
  await page.goto('/products');
  await page.waitForTimeout(800);
  expect(await page.evaluate(() => matchMedia('(pointer: fine)').matches)).toBe(false);
  await expect(page.getByRole('combobox', { name: 'Search products' }).filter({ visible: true })).not.toBeFocused();
});
