import { expect, test } from '@playwright/test';
import type { Product } from '../src/contract';
import { formatRupees } from '../src/lib/money';

test('a card whose first pack is sold out offers the first pack in stock, at its price @desktop', async ({ page, request }) => {
  let product: Product | undefined;
  for (let p = 1; !product && p <= 20; p++) {
    const { data } = (await (await request.get(`/s/api/products?page=${p}&perPage=24`)).json()) as { data: Product[] };
    if (!data.length) break;
    product = data.find((x) => !x.packs[0]!.in_stock && x.packs.some((k) => k.in_stock));
  }
  expect(product, 'the demo shop has products whose first pack is sold out').toBeDefined();
  const inStock = product!.packs.find((k) => k.in_stock)!;
  await page.goto(`/products?q=${encodeURIComponent(product!.product_name)}`);
  const card = page.locator('[data-product-grid] article').filter({ has: page.getByRole('heading', { name: product!.product_name, exact: true }) });
  await expect(card).toHaveCount(1);
  await expect(card.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
  await expect(card.getByText('Out of stock')).toBeHidden();
  await expect(card.getByText(inStock.pack_name, { exact: true })).toBeVisible();
  await expect(card.getByText(formatRupees(inStock.price), { exact: true })).toBeVisible();
});

test('the heading says what the list shows: the chosen categories and brands, or the search @desktop', async ({ page }) => {
  await page.goto('/products');
  const filters = page.locator('form[data-listing-filters]').first();
  const pick = async (name: 'c' | 'b', i: number) => {
    const box = filters.locator(`input[name="${name}"]`).nth(i);
    const slug = (await box.getAttribute('value'))!;
    const label = (await box.evaluate((el) => (el.closest('label') ?? document.querySelector(`label[for="${el.id}"]`))!.textContent!.trim()));
    return { slug, label };
  };
  const [c1, c2, b1] = [await pick('c', 0), await pick('c', 1), await pick('b', 0)];
  const heading = page.getByRole('heading', { level: 1 });

  await page.goto(`/products?c=${c1.slug},${c2.slug}`);
  await expect(heading).toHaveText(`${c1.label}, ${c2.label}`);
  await page.goto(`/products?c=${c1.slug}&b=${b1.slug}`);
  await expect(heading).toHaveText(`${c1.label}, ${b1.label}`);
  await page.goto(`/products?b=${b1.slug}&q=rice`);
  await expect(heading).toHaveText('Results for “rice”');
  await page.goto('/products');
  await expect(heading).toHaveText('All products');
});
