import { expect, test, type Page } from '@playwright/test';
import type { Product, ProductList } from '../src/contract';
import { deliveryLines, deliveryPromise } from '../src/features/catalogue/pack-delivery';
import { packsForCard } from '../src/features/catalogue/packs';
import { translator } from '../src/lib/i18n/translate';

const english = { t: translator('en'), locale: 'en' } as const;

/**
 * A listing that knows the pincode (docs/search.md), at phone size: once a pincode is chosen through 'Change Location',
 * every card says whether and when its pack is delivered there (the API's delivery, computed by the cart's
 * rules; tests/api/deliverable.test.ts compares it with the cart), and the filters offer "Deliverable to …".
 */

const cards = (page: Page) => page.locator('[data-product-grid] article');
const cardOf = (page: Page, name: string) => cards(page).filter({ has: page.getByRole('heading', { name, exact: true }) });
const total = async (page: Page) => Number((await page.locator('[data-total]').textContent())!.split(' ')[0]);

/** Chooses a pincode through the header's 'Change Location' dialog (with or without JavaScript). */
async function choosePincode(page: Page, pincode: string) {
  await page.locator('[data-pincode-button]').filter({ visible: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Location' });
  await dialog.getByLabel('Pincode').fill(pincode);
  await Promise.all([page.waitForEvent('load'), dialog.getByRole('button', { name: 'Check' }).click()]);
  await expect(page.locator('[data-pincode-button]').filter({ visible: true })).toContainText(pincode);
}

/** Ticks 'Deliverable to <pincode>' in the phone's Category Filter dialog and applies it. */
async function deliverableFromDialog(page: Page, pincode: string) {
  await page.getByRole('button', { name: 'Filters' }).click();
  const dialog = page.getByRole('dialog', { name: 'Category Filter' });
  await dialog.getByRole('checkbox', { name: `Deliverable to ${pincode}` }).check();
  await dialog.getByRole('button', { name: 'Apply Filters' }).click();
}

/** The API's answer for the same page, in the same session (the browser's cookies). */
const apiList = async (page: Page, query: string) => (await (await page.request.get(`/s/api/products${query}`)).json()) as ProductList;

/** A delivery line's words as the page shows them (a screen reader hears 'Delivery: ' before a date). */
const worded = (pack: Product['packs'][number], pincode: string) => {
  const promise = deliveryPromise(pack.delivery, pincode, english)!;
  return promise.deliverable ? `Delivery: ${promise.text}` : promise.text;
};
/** Each card's name and its delivery line as the page should word it, from the API's delivery of the offered pack. */
const expectedLines = (products: Product[], pincode: string) =>
  products.map((p) => ({ name: p.product_name, line: worded(packsForCard(p.packs, p.matched_pack_id)[0]!, pincode) }));

/** What the cards of the page say: each name with its delivery line (its text, as a screen reader reads it). */
const shownLines = (page: Page) =>
  cards(page).evaluateAll((articles) =>
    articles.map((a) => {
      const line = a.querySelector<HTMLElement>('[data-delivery]');
      return { name: a.querySelector('h3')!.textContent!.trim(), line: line ? line.textContent!.trim() : null };
    }),
  );

test.describe('a listing that knows the pincode @phone', () => {
  test('without a pincode nothing changes: no delivery line, no filter, and deliverable=1 in the URL is ignored', async ({ page }) => {
    await page.goto('/products');
    await expect(cards(page)).toHaveCount(24);
    await expect(page.locator('[data-delivery]')).toHaveCount(0);
    await expect(page.locator('[data-deliverable-filter]')).toHaveCount(0);
    const all = await total(page);

    const response = await page.goto('/products?deliverable=1');
    expect(response!.status()).toBe(200);
    expect(await total(page)).toBe(all);
    await expect(page.getByRole('list', { name: 'Active filters' })).toHaveCount(0);
    await expect(page.locator('[data-deliverable-filter]')).toHaveCount(0);

    const product = (await apiList(page, '?perPage=1')).data[0]!;
    await page.goto(`/products/${product.slug}`);
    await expect(page.locator('[data-delivery]')).toHaveCount(0);
  });

  test('a card shows the delivery promise after a pincode is chosen through the pincode dialog, as the API gives it', async ({ page }) => {
    await page.goto('/products');
    await expect(page.locator('[data-delivery]')).toHaveCount(0);

    await choosePincode(page, '560001');
    const metro = (await apiList(page, '')).data;
    const metroLines = expectedLines(metro, '560001');
    expect(await shownLines(page)).toEqual(metroLines);
    // Bengaluru's own warehouse delivers next morning, in the cart's slot.
    const fromBlr = metro.find((p) => packsForCard(p.packs, p.matched_pack_id)[0]!.warehouse_id === 1)!;
    await expect(cardOf(page, fromBlr.product_name).locator('[data-delivery]')).toHaveText('Delivery: Tomorrow, 7–11 AM');
    await expect(cardOf(page, fromBlr.product_name).locator('[data-delivery]')).toBeVisible();

    // A wider-area pincode only Bengaluru reaches: the other warehouses' cards say so.
    await choosePincode(page, '570001');
    const extended = (await apiList(page, '')).data;
    const lines = expectedLines(extended, '570001');
    expect(await shownLines(page)).toEqual(lines);
    expect(lines.some((l) => l.line === 'Not delivered to 570001')).toBe(true);
    expect(lines.some((l) => l.line !== 'Not delivered to 570001')).toBe(true);

    // The product page says it under the pack choice, for a product delivered there and one that is not.
    for (const deliverable of [true, false]) {
      const product = extended.find((p) => p.packs.length >= 2 && p.packs[0]!.delivery!.deliverable === deliverable)!;
      await page.goto(`/products/${product.slug}`);
      const line = page.locator('[data-delivery]');
      await expect(line).toHaveText(deliveryLines(product.packs, '570001', english).map((l) => l.text));
      await expect(line).toHaveText(deliverable ? /^Delivery to 570001: \w{3} \d{1,2}, 7–11 AM$/ : 'Not delivered to 570001');
      await expect(line).toBeInViewport();
    }
  });

  test('"Deliverable to" narrows the list, is in the URL, and its chip takes it off', async ({ page }) => {
    await page.goto('/products');
    await choosePincode(page, '570001');
    const all = await total(page);
    await deliverableFromDialog(page, '570001');
    await expect(page).toHaveURL(/\/products\?deliverable=1$/);
    const narrowed = (await apiList(page, '?deliverable=1')).meta.total;
    await expect(page.locator('[data-total]')).toHaveText(`${narrowed} products`);
    expect(narrowed).toBeLessThan(all);
    await expect(page.locator('[data-delivery]', { hasText: 'Not delivered' })).toHaveCount(0);
    await expect(page.locator('[data-delivery]')).toHaveCount(24);

    // Sorting and paging keep it.
    await page.getByText('Sort:').click();
    await page.getByRole('link', { name: 'Price: low to high' }).click();
    await expect(page).toHaveURL(/\/products\?s=price_asc&deliverable=1$/);
    await expect(page.locator('[data-total]')).toHaveText(`${narrowed} products`);

    await page.getByRole('link', { name: 'Remove filter Deliverable to 570001' }).click();
    await expect(page).toHaveURL(/\/products\?s=price_asc$/);
    await expect(page.locator('[data-total]')).toHaveText(`${all} products`);
  });
});

test.describe('a listing that knows the pincode, without JavaScript @phone', () => {
  test.use({ javaScriptEnabled: false });

  test('the pincode form and the filter form work as plain forms, and the chip is a plain link', async ({ page }) => {
    await page.goto('/products');
    await expect(page.locator('[data-delivery]')).toHaveCount(0);
    await choosePincode(page, '570001');
    const all = await total(page);
    const lines = expectedLines((await apiList(page, '')).data, '570001');
    expect(await shownLines(page)).toEqual(lines);

    await deliverableFromDialog(page, '570001');
    await expect(page).toHaveURL(/\/products\?deliverable=1$/);
    const narrowed = (await apiList(page, '?deliverable=1')).meta.total;
    expect(narrowed).toBeLessThan(all);
    await expect(page.locator('[data-total]')).toHaveText(`${narrowed} products`);
    await expect(page.locator('[data-delivery]', { hasText: 'Not delivered' })).toHaveCount(0);

    await page.getByRole('link', { name: 'Remove filter Deliverable to 570001' }).click();
    await expect(page).toHaveURL(/\/products$/);
    await expect(page.locator('[data-total]')).toHaveText(`${all} products`);
  });
});
