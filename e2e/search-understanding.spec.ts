import { expect, test, type Page } from '@playwright/test';
import type { Product } from '../src/contract';

const cards = (page: Page) => page.locator('[data-product-grid] article');

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('a search whose words find nothing offers "Did you mean" with a link that finds products @phone', async ({ page }) => {
    await page.goto('/products?q=gheee');
    const offer = page.locator('[data-did-you-mean]');
    await expect(offer).toHaveText('Did you mean ghee?');
    const link = offer.getByRole('link', { name: 'ghee', exact: true });
    await expect(link).toHaveAttribute('href', '/products?q=ghee');

    await link.tap();
    await expect(page).toHaveURL(/\/products\?q=ghee$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “ghee”');
    await expect(page.locator('[data-did-you-mean]')).toHaveCount(0);
    await expect(cards(page).first()).toBeVisible();
    // The listing of the corrected search: the ghee products first (oils share the category "Edible Oils & Ghee").
    const names = await cards(page).getByRole('heading').allTextContents();
    const api = (await (await page.request.get('/s/api/products?q=ghee')).json()) as { data: Product[] };
    expect(names).toEqual(api.data.map((p) => p.product_name));
    expect(names[0]).toMatch(/Ghee/);
  });

  test('a text that is close to no word offers nothing @phone', async ({ page }) => {
    await page.goto('/products?q=zzqqxx');
    await expect(page.locator('[data-empty]')).toBeVisible();
    await expect(page.locator('[data-did-you-mean]')).toHaveCount(0);
  });
});

test('a search with a pack size shows that pack first on each card, and Add to Cart adds it @phone', async ({ page }) => {
  // Masoor dal comes as 500 g first and 1 kg second (the API test checks this of the demo shop).
  const plain = (await (await page.request.get('/s/api/products?q=masoor')).json()) as { data: Product[] };
  expect(plain.data.length).toBeGreaterThan(0);
  await page.goto('/products?q=masoor');
  for (const product of plain.data.slice(0, 3)) {
    const card = cards(page).filter({ has: page.getByRole('heading', { name: product.product_name, exact: true }) });
    await expect(card.getByText(product.packs.find((k) => k.in_stock)!.pack_name, { exact: true })).toBeVisible();
  }

  await page.goto('/products?q=masoor%201kg');
  await expect(cards(page)).toHaveCount(plain.data.length);
  for (const card of await cards(page).all()) {
    await expect(card.getByText('1 kg', { exact: true })).toBeVisible();
    await expect(card.getByText('500 g', { exact: true })).toHaveCount(0);
  }

  const first = cards(page).first();
  const name = (await first.getByRole('heading').textContent())!.trim();
  await first.getByRole('button', { name: 'Add to Cart' }).tap();
  await expect(page.locator('[data-cart-badge]').filter({ visible: true })).toHaveText('1');
  const cart = await (await page.request.get('/s/api/cart')).json();
  const kilo = plain.data.find((p) => p.product_name === name)!.packs.find((k) => k.pack_name === '1 kg')!;
  expect(cart.items.map((item: { pack_id: number }) => item.pack_id)).toEqual([kilo.pack_id]);
});
