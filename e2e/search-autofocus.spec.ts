import { expect, test, type Page } from '@playwright/test';

/**
 * The header's search field never takes the focus by itself when a page loads, with a mouse or trackpad or on a
 * touch phone (docs/decisions/no-autofocus-on-load.md): the keyboard starts at "Skip to content", and the field is
 * focused when the shopper clicks or taps it.
 */

const searchBox = (page: Page) => page.getByRole('combobox', { name: 'Search products' }).filter({ visible: true });

test('with a mouse or trackpad the search field is not focused when the page loads, nor a second later @desktop', async ({ page }) => {
  await page.goto('/products', { waitUntil: 'load' });
  expect(await page.evaluate(() => matchMedia('(pointer: fine)').matches)).toBe(true);
  // The spec's 300 ms search focus would have fired well within this second.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1000)));
  await expect(searchBox(page)).not.toBeFocused();
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true);
  await searchBox(page).click();
  await expect(searchBox(page)).toBeFocused();
});

test('on a touch phone the search field is not focused, so no keyboard pops up, until the shopper taps it @phone', async ({ page }) => {
  await page.goto('/products', { waitUntil: 'load' });
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 1000)));
  expect(await page.evaluate(() => matchMedia('(pointer: fine)').matches)).toBe(false);
  await expect(searchBox(page)).not.toBeFocused();
  await searchBox(page).tap();
  await expect(searchBox(page)).toBeFocused();
});
