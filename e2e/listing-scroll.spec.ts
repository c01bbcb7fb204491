import { expect, test } from '@playwright/test';

test('back from a product page lands where the shopper was in the listing', async ({ page }) => {
  await page.goto('/products');
  const card = page.locator('[data-product-grid] article').nth(9);
  await card.scrollIntoViewIfNeeded();
  await page.evaluate(() => scrollBy({ top: 40, behavior: 'instant' }));
  const saved = await page.evaluate(() => scrollY);
  expect(saved).toBeGreaterThan(600);
  const name = (await card.locator('h3').textContent())!.trim();
  await card.locator('a').first().click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/products$/);
  await expect.poll(() => page.evaluate(() => scrollY)).toBeGreaterThan(saved - 60);
  expect(await page.evaluate(() => scrollY)).toBeLessThan(saved + 60);
  await expect(card).toBeInViewport();
});

test('tapping page 2 lands at the top of the list', async ({ page }) => {
  await page.goto('/products');
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await pagination.scrollIntoViewIfNeeded();
  await pagination.getByRole('link', { name: '2', exact: true }).click();
  await expect(page).toHaveURL(/\/products\?page=2$/);
  await expect(pagination.locator('[aria-current="page"]')).toHaveText('2');
  await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
  await expect(page.locator('[data-product-grid] article').first()).toBeInViewport();
});
