import { expect, test, type Page, type APIRequestContext } from '@playwright/test';

interface ApiProduct {
  slug: string;
  product_name: string;
  brand_name: string;
  packs: { pack_id: number; pack_name: string; price: number; in_stock: boolean }[];
}
/** The product list the API gives for a query: the truth the page must agree with. */
async function apiNames(request: APIRequestContext, query: string): Promise<string[]> {
  const body = await (await request.get(`/s/api/products?${query}`)).json();
  return body.data.map((p: ApiProduct) => p.product_name);
}
const cardNames = (page: Page) => page.locator('[data-product-grid] article h3').allTextContents();
const rupees = (text: string) => Number(text.replace(/[₹,]/g, ''));
const markPage = (page: Page) => page.evaluate(() => ((window as unknown as { marker: number }).marker = 7));
const stillSamePage = async (page: Page) => expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(7);

test.describe('product listing @desktop', () => {
  test('filter by category and brand, sort, search, page 2 and back: the URL and the list agree each time', async ({ page, request }) => {
    const ids = await request.get('/s/api/init').then((r) => r.json());
    const staples = ids.categories.find((c: { slug: string }) => c.slug === 'staples').id;
    const kaveri = ids.brands.find((b: { slug: string }) => b.slug === 'kaveri-mills').id;

    await page.goto('/products');
    await markPage(page);
    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByRole('checkbox', { name: 'Staples' }).check();
    await expect(page).toHaveURL(/\/products\?c=staples$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staples');
    await expect.poll(() => cardNames(page)).toEqual(await apiNames(request, `c=${staples}`));

    await page.getByRole('complementary', { name: 'Filters' }).getByRole('checkbox', { name: 'Kaveri Mills' }).check();
    await expect(page).toHaveURL(/\/products\?c=staples&b=kaveri-mills$/);
    await expect.poll(() => cardNames(page)).toEqual(await apiNames(request, `c=${staples}&b=${kaveri}`));
    for (const brand of await page.locator('[data-product-grid] article > p').allTextContents()) expect(brand).toBe('Kaveri Mills');

    await page.getByText('Sort:').click();
    await page.getByRole('link', { name: 'Price: low to high' }).click();
    await expect(page).toHaveURL(/\/products\?c=staples&b=kaveri-mills&s=price_asc$/);
    await expect.poll(() => cardNames(page)).toEqual(await apiNames(request, `c=${staples}&b=${kaveri}&s=price_asc`));
    const prices = (await page.locator('[data-product-grid] article p.flex span.font-semibold').allTextContents()).map(rupees);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));

    const search = page.getByRole('combobox', { name: 'Search products' }).filter({ visible: true });
    await search.fill('  basmati ');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/products\?q=basmati$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for “basmati”');
    await expect.poll(() => cardNames(page)).toEqual(await apiNames(request, 'q=basmati'));
    for (const name of await cardNames(page)) expect(name).toMatch(/Basmati/);

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'All Products' }).click();
    await expect(page).toHaveURL(/\/products$/);
    const first = await cardNames(page);
    expect(first).toEqual(await apiNames(request, ''));
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/\/products\?page=2$/);
    await expect.poll(() => cardNames(page)).toEqual(await apiNames(request, 'page=2'));
    expect((await cardNames(page))[0]).not.toBe(first[0]);
    await page.goBack();
    await expect(page).toHaveURL(/\/products$/);
    await expect.poll(() => cardNames(page)).toEqual(first);
    await stillSamePage(page);
  });

  test('says so when nothing matches, and Reset All goes back to every product', async ({ page }) => {
    await page.goto('/products?q=zzqqxx');
    await expect(page.getByText('No products match “zzqqxx”.')).toBeVisible();
    await page.locator('[data-empty]').getByRole('link', { name: 'Reset All' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.locator('[data-product-grid] article')).toHaveCount(24);
  });

  test('a malformed listing URL is normalised, never an error', async ({ page }) => {
    const response = await page.goto('/products?page=-3&c=abc,,%3Cscript%3E&b=%00&s=cheapest&q=%27%3B%20drop%20table%20products');
    expect(response!.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('drop table products');
    expect(await page.locator('script:not([type]), script[type="module"]').evaluateAll((s) => s.every((el) => !el.textContent?.includes('drop table')))).toBe(true);
  });
});

/** Opens 'Category Filter' on /products, ticks Dairy & Bakery and Beverages, and presses Apply Filters. */
async function applyTwoCategories(page: Page) {
  await page.goto('/products');
  await page.getByRole('button', { name: 'Filters' }).click();
  const dialog = page.getByRole('dialog', { name: 'Category Filter' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Dairy & Bakery' }).check();
  await dialog.getByRole('checkbox', { name: 'Beverages' }).check();
  await dialog.getByRole('button', { name: 'Apply Filters' }).click();
}

test.describe('Category Filter dialog @phone', () => {
  test('filters by category with Apply Filters, and Reset All clears', async ({ page }) => {
    await applyTwoCategories(page);
    await expect(page).toHaveURL(/\/products\?c=dairy-bakery,beverages$/);
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText('Dairy & Bakery');
    await page.getByRole('button', { name: 'Filters' }).click();
    await page.getByRole('dialog', { name: 'Category Filter' }).getByRole('link', { name: 'Reset All' }).click();
    await expect(page).toHaveURL(/\/products$/);
  });
});

test.describe('Category Filter dialog without JavaScript @phone', () => {
  test.use({ javaScriptEnabled: false });

  test('the native popover opens it; its GET form applies the filters and Reset All clears them', async ({ page }) => {
    await applyTwoCategories(page);
    await expect(page).toHaveURL(/\/products\?c=dairy-bakery&c=beverages$/);
    const active = page.getByRole('list', { name: 'Active filters' });
    await expect(active).toContainText('Dairy & Bakery');
    await expect(active).toContainText('Beverages');
    await page.getByRole('button', { name: 'Filters' }).click();
    await expect(page.getByRole('dialog', { name: 'Category Filter' }).getByRole('checkbox', { name: 'Beverages' })).toBeChecked();
    await page.getByRole('dialog', { name: 'Category Filter' }).getByRole('link', { name: 'Reset All' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
  });
});

/** A product whose every pack is in stock, from the API. */
async function stockedProduct(request: APIRequestContext): Promise<ApiProduct> {
  const body = await (await request.get('/s/api/products?perPage=100&s=newest')).json();
  return body.data.find((p: ApiProduct) => p.packs.length >= 2 && p.packs.every((k) => k.in_stock));
}

test.describe('product page and add to cart', () => {
  test('choose a pack, add it, see the stepper and the cart badge change', async ({ page, request }) => {
    const product = await stockedProduct(request);
    await page.goto(`/products/${product.slug}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.product_name);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/products/${product.slug}$`));
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld).toMatchObject({ '@type': 'Product', name: product.product_name });
    expect(ld.offers[0]).toMatchObject({ priceCurrency: 'INR', price: product.packs[0]!.price.toFixed(2) });

    const second = product.packs[1]!;
    await page.getByRole('radio', { name: new RegExp(second.pack_name) }).check();
    const form = page.locator('form[data-add-to-cart]');
    await form.getByRole('button', { name: 'Add to Cart' }).click();
    const stepper = form.getByRole('group', { name: `Quantity of ${product.product_name}` });
    await expect(stepper).toBeVisible();
    await expect(stepper.locator('output')).toHaveText('1');
    const badge = page.locator('[data-cart-badge]').filter({ visible: true });
    await expect(badge).toHaveText('1');
    await stepper.getByRole('button', { name: /^Add one more/ }).click();
    await expect(stepper.locator('output')).toHaveText('2');
    await expect(badge).toHaveText('2');
    await stepper.getByRole('button', { name: /^Remove one/ }).click();
    await expect(stepper.locator('output')).toHaveText('1');
    await expect(badge).toHaveText('1');

    // The first pack is another line: choosing it shows Add to Cart again.
    await page.getByRole('radio', { name: new RegExp(product.packs[0]!.pack_name) }).check();
    await expect(form.getByRole('button', { name: 'Add to Cart' })).toBeVisible();
    const cart = await (await page.request.get('/s/api/cart')).json();
    expect(cart.items.map((i: { pack_id: number; quantity: number }) => [i.pack_id, i.quantity])).toEqual([[second.pack_id, 1]]);
  });

  test('each button shows a loading state during its call, and a failed call leaves the cart as it was @desktop', async ({ page, request }) => {
    const product = await stockedProduct(request);
    await page.goto(`/products/${product.slug}`);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/s/api/cart/add', async (route) => {
      await held;
      await route.continue();
    });
    const add = page.locator('form[data-add-to-cart]').getByRole('button', { name: 'Add to Cart' });
    await add.click();
    await expect(add).toHaveAttribute('aria-busy', 'true');
    await expect(add).toBeDisabled();
    release();
    const stepper = page.locator('form[data-add-to-cart]').getByRole('group');
    await expect(stepper.locator('output')).toHaveText('1');

    await page.unroute('**/s/api/cart/add');
    await page.route('**/s/api/cart/add', (route) => route.fulfill({ status: 400, json: { message: 'Only 1 left in stock' } }));
    await stepper.getByRole('button', { name: /^Add one more/ }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Only 1 left in stock' })).toBeVisible();
    await expect(stepper.locator('output')).toHaveText('1');
    await expect(page.locator('[data-cart-badge]').filter({ visible: true })).toHaveText('1');
  });

  test('an unknown product answers 404 with a page that says so @desktop', async ({ page }) => {
    const response = await page.goto('/products/no-such-product');
    expect(response!.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This product is not here');
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('add to cart still lands the item in the cart @desktop', async ({ page, request }) => {
    const product = await stockedProduct(request);
    await page.goto(`/products/${product.slug}`);
    await page.getByRole('radio', { name: new RegExp(product.packs[1]!.pack_name) }).check();
    await page.locator('form[data-add-to-cart]').getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page.locator('[data-cart-badge]').filter({ visible: true })).toHaveText('1');
    await expect(page).toHaveURL(new RegExp(`/products/${product.slug}$`));
    const cart = await (await page.request.get('/s/api/cart')).json();
    expect(cart.items.map((i: { pack_id: number }) => i.pack_id)).toEqual([product.packs[1]!.pack_id]);

    // From the listing too: the card's form posts and comes back to the same page.
    await page.goto('/products?s=newest');
    const card = page.locator('[data-product-grid] article').filter({ hasText: product.product_name });
    await card.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(page).toHaveURL(/\/products\?s=newest$/);
    await expect(page.locator('[data-cart-badge]').filter({ visible: true })).toHaveText('2');
    await expect(page.locator('[data-product-grid] article').filter({ hasText: product.product_name }).locator('output')).toHaveText('1');
  });
});
