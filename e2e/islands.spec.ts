import { expect, test, type Page, type Request } from '@playwright/test';
import { holdHydration, settled } from './support/islands';
import { idleThenRoundTrip, roundTrip } from './support/signals';

/**
 * The cart islands and their hydration (client:interaction): server-rendered forms that wake on the first
 * interaction, replay the first tap once, fall back to a native post, and price the cart once per tap.
 */

interface ApiProduct {
  slug: string;
  product_name: string;
  packs: { pack_id: number; warehouse_id: number; in_stock: boolean; price: number }[];
}

/** A stocked product from the Bengaluru warehouse priced at least ₹40, on the first page of the price-sorted listing. */
async function stockedProduct(page: Page): Promise<ApiProduct> {
  const body = await (await page.request.get('/s/api/products?perPage=24&s=price_desc')).json();
  return body.data.find((p: ApiProduct) => p.packs[0]!.in_stock && p.packs[0]!.warehouse_id === 1 && p.packs[0]!.price >= 40);
}

const card = (page: Page, name: string) => page.locator('[data-product-grid] article').filter({ has: page.getByRole('heading', { name, exact: true }) });
const cartQuantity = async (page: Page, packId: number) =>
  ((await (await page.request.get('/s/api/cart')).json()).items as { pack_id: number; quantity: number }[]).find((i) => i.pack_id === packId)?.quantity ?? 0;
const badge = (page: Page) => page.locator('[data-cart-badge]').filter({ visible: true });

/** Holds every request for the island's renderer chunk (React) until `release()`; counts cart-changing posts. */
async function slowHydration(page: Page) {
  const release = await holdHydration(page);
  const posts: Request[] = [];
  page.on('request', (r) => r.method() === 'POST' && /\/cart\/add$/.test(r.url()) && posts.push(r));
  return { release, posts };
}

test.describe('hydration on first interaction', () => {
  test('no React on load; islands are server-rendered forms; the renderer is prefetched when idle', async ({ page }) => {
    const scripts: string[] = [];
    const fetched: string[] = [];
    page.on('request', (r) => (r.resourceType() === 'script' ? scripts : fetched).push(new URL(r.url()).pathname));
    await page.goto('/products');
    const islands = page.locator('astro-island');
    expect(await islands.count()).toBeGreaterThan(1);
    expect(await page.locator('astro-island form[method="post"][action="/cart/add"]').count()).toBeGreaterThan(0);
    const renderer = (await islands.first().getAttribute('renderer-url'))!;
    await expect.poll(() => fetched.includes(renderer), { timeout: 10_000 }).toBe(true);
    expect(scripts).not.toContain(renderer);
    expect(await islands.evaluateAll((all) => all.filter((el) => !el.hasAttribute('ssr')).length)).toBe(0);
  });

  test('with Save-Data the renderer is not prefetched', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true, effectiveType: '4g' } }));
    const fetched: string[] = [];
    page.on('request', (r) => fetched.push(new URL(r.url()).pathname));
    await page.goto('/products');
    const renderer = (await page.locator('astro-island').first().getAttribute('renderer-url'))!;
    // The directive prefetches from an idle callback: once the page has been idle, a prefetch would have been sent.
    await idleThenRoundTrip(page);
    expect(fetched).not.toContain(renderer);
  });

  test('a first tap before hydration shows its loading state at once and adds exactly one, even tapped twice', async ({ page }) => {
    const product = await stockedProduct(page);
    await page.goto('/products?s=price_desc');
    const { release, posts } = await slowHydration(page);
    const add = card(page, product.product_name).getByRole('button', { name: 'Add to Cart' });
    await add.click();
    await expect(add).toHaveAttribute('aria-busy', 'true');
    await add.click({ force: true }); // the double tap
    await expect(add).toHaveAttribute('aria-busy', 'true'); // still the first tap's, held
    release();
    await expect(card(page, product.product_name).locator('output')).toHaveText('1');
    await expect(badge(page)).toHaveText('1');
    // A second post would have been sent before the page's own later request is answered.
    await roundTrip(page);
    expect(posts).toHaveLength(1);
    expect(await cartQuantity(page, product.packs[0]!.pack_id)).toBe(1);
  });

  test('when hydration takes longer than 3 s the tap posts the form natively, once', async ({ page }) => {
    const product = await stockedProduct(page);
    await page.goto('/products?s=price_desc');
    const { release, posts } = await slowHydration(page);
    await card(page, product.product_name).getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => posts.length, { timeout: 8000 }).toBe(1);
    expect(new URL(posts[0]!.url()).pathname).toBe('/cart/add'); // the form post, not the API call
    await expect(card(page, product.product_name).locator('output')).toHaveText('1');
    release();
    // A post after the release would have been sent before the page's own later request is answered.
    await roundTrip(page);
    expect(posts).toHaveLength(1);
    expect(await cartQuantity(page, product.packs[0]!.pack_id)).toBe(1);
  });

  test('a new visitor who taps two cards while hydration is slow gets both in the cart, on the listing', async ({ page, request }) => {
    // The products are looked up outside the browser: the page is the shared one a first visit gets (no cookies,
    // so its forms carry no anti-forgery token yet).
    const body = await (await request.get('/s/api/products?perPage=24&s=price_desc')).json();
    const [first, second] = (body.data as ApiProduct[]).filter((p) => p.packs[0]!.in_stock && p.packs[0]!.warehouse_id === 1);
    await page.goto('/products?s=price_desc');
    expect(await page.context().cookies()).toEqual([]);
    const { release, posts } = await slowHydration(page);
    const firstAdd = card(page, first!.product_name).getByRole('button', { name: 'Add to Cart' });
    await firstAdd.click();
    await expect(firstAdd).toHaveAttribute('aria-busy', 'true'); // held until hydration or the native post
    await card(page, second!.product_name).getByRole('button', { name: 'Add to Cart' }).click();
    await expect.poll(() => posts.length, { timeout: 10_000 }).toBe(2);
    await expect(page).toHaveURL(/\/products\?s=price_desc$/);
    await expect(card(page, first!.product_name).locator('output')).toHaveText('1');
    await expect(card(page, second!.product_name).locator('output')).toHaveText('1');
    await expect(badge(page)).toHaveText('2');
    release();
    expect(await cartQuantity(page, first!.packs[0]!.pack_id)).toBe(1);
    expect(await cartQuantity(page, second!.packs[0]!.pack_id)).toBe(1);
  });
});

test.describe('the cart islands', () => {
  test('each + prices the cart once: one API call, no refetch of the panel @desktop', async ({ page }) => {
    const product = await stockedProduct(page);
    await page.goto('/products?s=price_desc');
    await card(page, product.product_name).getByRole('button', { name: 'Add to Cart' }).click();
    await expect(card(page, product.product_name).locator('output')).toHaveText('1');
    const calls: string[] = [];
    page.on('request', (r) => /\/s\/api\/cart|\/cart\//.test(r.url()) && calls.push(`${r.method()} ${new URL(r.url()).pathname}`));
    await card(page, product.product_name).getByRole('button', { name: `Add one more ${product.product_name}` }).click();
    await expect(card(page, product.product_name).locator('output')).toHaveText('2');
    // A refetch would have been sent before the page's own later request is answered.
    await roundTrip(page);
    expect(calls).toEqual(['POST /s/api/cart/add']);
  });

  test('at the item’s limit + is disabled and the refusal shows one toast @desktop', async ({ page }) => {
    const product = await stockedProduct(page);
    await page.goto('/products?s=price_desc');
    const productCard = card(page, product.product_name);
    await productCard.getByRole('button', { name: 'Add to Cart' }).click();
    await expect(productCard.locator('output')).toHaveText('1');
    await page.route('**/s/api/cart/add', (route) => route.fulfill({ status: 400, json: { message: 'You can add at most 1 of this item' } }));
    const refused: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/s/api/cart/add') && refused.push(r.url()));
    const plus = productCard.getByRole('button', { name: `Add one more ${product.product_name}` });
    await plus.click();
    await expect(plus).toBeDisabled();
    await plus.click({ force: true }).catch(() => undefined);
    // A second call (and its toast) would have been sent before the page's own later request is answered.
    await roundTrip(page);
    expect(refused).toHaveLength(1);
    await expect(page.locator('[data-toaster] [data-type]').filter({ hasText: 'You can add at most 1 of this item' })).toHaveCount(1);
    await expect(productCard.locator('output')).toHaveText('1');
  });

  test('the panel says why checkout is disabled beside the button, and its pincode notice opens the pincode dialog', async ({ page }) => {
    const product = await stockedProduct(page);
    await page.goto('/products?s=price_desc');
    await card(page, product.product_name).getByRole('button', { name: 'Add to Cart' }).click();
    await expect(badge(page)).toHaveText('1');
    await page.locator('[data-cart-button]').filter({ visible: true }).click();
    const panel = page.getByRole('dialog', { name: 'Cart Summary' });
    const checkout = panel.getByRole('button', { name: 'Continue to Checkout' });
    await expect(checkout).toBeDisabled();
    await expect(checkout).toHaveAccessibleDescription('Choose a delivery pincode to continue');
    await panel.getByRole('button', { name: 'Select pincode' }).click();
    await expect(page.getByRole('dialog', { name: 'Change Location' })).toBeVisible();
  });

  test('Remove and the stepper in the panel are at least 44 × 44 px at 360 px @phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    const product = await stockedProduct(page);
    await page.goto('/products?s=price_desc');
    await card(page, product.product_name).getByRole('button', { name: 'Add to Cart' }).click();
    await expect(badge(page)).toHaveText('1');
    await page.locator('[data-cart-button]').filter({ visible: true }).click();
    const line = page.getByRole('dialog', { name: 'Cart Summary' }).getByRole('listitem').first();
    await expect(line).toBeVisible();
    await settled(page, '#cart-panel');
    for (const name of [`Remove ${product.product_name} from the cart`, `Remove one ${product.product_name}`, `Add one more ${product.product_name}`]) {
      const box = (await line.getByRole('button', { name }).boundingBox())!;
      expect(box.width, name).toBeGreaterThanOrEqual(44);
      expect(box.height, name).toBeGreaterThanOrEqual(44);
    }
  });
});
