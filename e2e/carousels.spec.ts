import { expect, test, type Page } from '@playwright/test';

/** How many items of a carousel row sit wholly inside the row's box, side by side on one line. */
async function itemsInFirstView(page: Page, block: string): Promise<number> {
  return page.locator(`[data-block="${block}"]`).evaluate((row) => {
    const box = row.getBoundingClientRect();
    const items = [...row.querySelectorAll('li')].map((li) => li.getBoundingClientRect());
    const top = items[0]?.top ?? 0;
    return items.filter((r) => r.width > 0 && r.left >= box.left - 1 && r.right <= box.right + 1 && Math.abs(r.top - top) < 2).length;
  });
}

const ROWS = [
  { block: 'category_carousel', atLeast: { 360: 3, 1280: 6 } },
  { block: 'brand_carousel', atLeast: { 360: 2, 1280: 5 } },
] as const;

// Each width in its own project (the test sets the width itself): 360 px at phone size, 1280 px at desktop size.
for (const width of [360, 1280] as const) {
  test(`at ${width} px several category bubbles and brand chips sit side by side, before and after Swiper takes a row over ${width === 360 ? '@phone' : '@desktop'}`, async ({ browser, baseURL }) => {
    // Before: the server's rows as they are without (or before) any script.
    const before = await browser.newContext({ baseURL, viewport: { width, height: 800 }, javaScriptEnabled: false });
    const still = await before.newPage();
    await still.goto('/');
    for (const { block, atLeast } of ROWS) expect(await itemsInFirstView(still, block), `${block} before Swiper`).toBeGreaterThanOrEqual(atLeast[width]);
    await before.close();

    const after = await browser.newContext({ baseURL, viewport: { width, height: 800 } });
    const page = await after.newPage();
    await page.goto('/');
    for (const { block, atLeast } of ROWS) {
      const row = page.locator(`[data-block="${block}"]`);
      await row.scrollIntoViewIfNeeded();
      // Swiper takes a row over on the shopper's first interaction with it (here: focus from the keyboard).
      await row.getByRole('link').first().focus();
      await expect(row).toHaveClass(/swiper-initialized/);
      expect(await itemsInFirstView(page, block), `${block} after Swiper`).toBeGreaterThanOrEqual(atLeast[width]);
    }
    await after.close();
  });
}

test('home autoplays its hero without Swiper, and Swiper takes over at the slide shown on the first touch @desktop', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => request.resourceType() === 'script' && scripts.push(request.url()));
  await page.goto('/');
  const hero = page.getByRole('region', { name: 'Offers', exact: true });
  await expect(hero).toHaveAttribute('data-active-index', '1', { timeout: 4000 });
  // Autoplay ran on the native scroll-snap row: no carousel is Swiper's yet, and no script named after it loaded.
  expect(await page.locator('.swiper-initialized').count()).toBe(0);
  const loadedBefore = scripts.length;
  await hero.hover();
  const shown = await hero.getAttribute('data-active-index');
  await hero.dispatchEvent('pointerdown', { pointerType: 'mouse' });
  await hero.dispatchEvent('pointerup', { pointerType: 'mouse' });
  await expect(hero).toHaveClass(/swiper-initialized/);
  expect(scripts.length, 'Swiper loads on the first touch').toBeGreaterThan(loadedBefore);
  await expect(hero).toHaveAttribute('data-active-index', shown!);
  const visible = await hero.locator('.swiper-slide-active img').getAttribute('src');
  const expected = await hero.locator('li').nth(Number(shown)).locator('img').getAttribute('src');
  expect(visible).toBe(expected);
});

test('the product carousel shows the same slides before and after Swiper takes it over @desktop', async ({ page }) => {
  await page.goto('/');
  const row = page.getByRole('region', { name: 'Best offers today' });
  await row.scrollIntoViewIfNeeded();
  const widths = () => row.locator('li').evaluateAll((els) => els.slice(0, 5).map((el) => Math.round(el.getBoundingClientRect().width)));
  const before = await widths();
  const rowWidth = await row.evaluate((el) => el.getBoundingClientRect().width);
  for (const w of before) expect(Math.abs(w - (rowWidth - 4 * 12) / 5)).toBeLessThan(2);
  await row.getByRole('link').first().focus();
  await expect(row).toHaveClass(/swiper-initialized/);
  const after = await widths();
  for (const [i, w] of after.entries()) expect(Math.abs(w - before[i]!)).toBeLessThan(2);
});

test("a tap on Add to Cart inside a product carousel adds to the cart without loading Swiper", async ({ page }) => {
  await page.goto('/');
  const row = page.getByRole('region', { name: 'Best offers today' });
  await row.scrollIntoViewIfNeeded();
  const answered = page.waitForResponse((r) => r.url().endsWith('/s/api/cart/add'));
  await row.getByRole('button', { name: 'Add to Cart' }).first().click();
  await answered;
  await expect(page.locator('[data-cart-badge]').filter({ visible: true })).toHaveText('1');
  expect(await page.locator('.swiper-initialized').count()).toBe(0);
});
