import { expect, test } from '@playwright/test';
import { SEARCH_FOCUS_DELAY_MS } from '../src/layouts/shell/search-autofocus';

test('the search field takes the focus after 300 ms where the pointer is fine @desktop', async ({ page }) => {
  await page.goto('/products');
  await expect(page.getByRole('combobox', { name: 'Search products' }).filter({ visible: true })).toBeFocused();
  expect(await page.evaluate(() => scrollY)).toBe(0);
});

test('on a touch phone the search field is not focused, so no keyboard pops up @phone', async ({ page }) => {
  await page.goto('/products');
  // A timer set now, with the autofocus delay, fires after the page's own autofocus timer would have (set earlier).
  await page.evaluate((delay) => new Promise((resolve) => setTimeout(resolve, delay)), SEARCH_FOCUS_DELAY_MS);
  expect(await page.evaluate(() => matchMedia('(pointer: fine)').matches)).toBe(false);
  await expect(page.getByRole('combobox', { name: 'Search products' }).filter({ visible: true })).not.toBeFocused();
});
