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

for (const width of [360, 1280] as const) {
  test(`at ${width} px several category bubbles and brand chips sit side by side, before and after Swiper starts`, async ({ browser, baseURL }) => {
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
      await expect(row).toHaveClass(/swiper-initialized/);
      expect(await itemsInFirstView(page, block), `${block} after Swiper`).toBeGreaterThanOrEqual(atLeast[width]);
    }
    await after.close();
  });
}
