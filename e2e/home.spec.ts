import { expect, test } from '@playwright/test';

test.describe('home page', () => {
  test("shows the website's name, chosen by host @desktop", async ({ page, baseURL }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('Annapurna Fresh: groceries delivered in Bengaluru');
    // The page's own keywords take the website's place: one keywords tag, not two.
    await expect(page.locator('meta[name="keywords"]')).toHaveCount(1);
    await expect(page.locator('meta[name="keywords"]')).toHaveAttribute('content', 'online grocery, atta, dal, rice, vegetables');
    await expect(page.getByRole('heading', { level: 1, name: 'Annapurna Fresh' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Annapurna Fresh, home' }).filter({ visible: true })).toHaveCount(1);
    await expect(page.getByRole('contentinfo')).toContainText(`${new Date().getFullYear()} Annapurna Fresh. All Rights Reserved`);

    const port = new URL(baseURL!).port;
    await page.goto(`http://shop2.localhost:${port}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Kirana Bazaar' })).toBeVisible();
  });

  test('lists products with rupee prices and category links @desktop', async ({ page }) => {
    await page.goto('/');
    const popular = page.getByRole('region', { name: 'Popular this week' });
    await expect(popular.getByRole('article')).toHaveCount(12);
    await expect(popular.getByRole('article').first()).toContainText('₹');
    const categories = page.getByRole('region', { name: 'Shop by category' });
    await expect(categories.getByRole('link', { name: 'Staples' })).toHaveAttribute('href', '/products?c=staples');
  });
});
