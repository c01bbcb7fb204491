import { expect, test, type Locator } from '@playwright/test';
import { registerWithApi } from './support/accounts';

/** Every box of the locator is at least 44 × 44 px (WCAG 2.5.5 target size). */
async function expectTargets(locator: Locator, what: string) {
  const boxes = await locator.evaluateAll((els) => els.filter((el) => (el as HTMLElement).offsetParent !== null).map((el) => {
    const r = el.getBoundingClientRect();
    return { text: el.textContent!.trim().slice(0, 30), width: Math.round(r.width), height: Math.round(r.height) };
  }));
  expect(boxes.length, what).toBeGreaterThan(3);
  expect(boxes.filter((b) => b.width < 44 || b.height < 44), `${what} smaller than 44 × 44 px`).toEqual([]);
}

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('filter checkboxes and footer links are at least 44 × 44 px', async ({ page }) => {
    await page.goto('/products');
    await page.getByRole('button', { name: 'Filters' }).click();
    const dialog = page.locator('#category-filter');
    await expect(dialog).toBeVisible();
    await dialog.locator('details').first().evaluate((d) => ((d as HTMLDetailsElement).open = true));
    await expectTargets(dialog.locator('label:has(input[type=checkbox])'), 'filter checkboxes');
    await expectTargets(dialog.locator('summary'), 'subcategory toggles');
    await page.keyboard.press('Escape');
    await expectTargets(page.locator('footer a'), 'footer links');
  });

  test('the wishlist hearts on the listing are at least 44 × 44 px', async ({ page }, testInfo) => {
    await registerWithApi(page, String(9000013100 + (testInfo.project.name === 'phone' ? 1 : 0)), 'Kavya Nair');
    await page.goto('/products');
    await expectTargets(page.locator('[data-wishlist-toggle] button[type=submit]'), 'wishlist hearts');
  });

  test("the phone header's menu, pincode, cart and search buttons take a 44 × 44 px tap", async ({ page }) => {
    await page.goto('/');
    const bar = page.locator('[data-mobile-bar]');
    const buttons = [bar.getByRole('button', { name: 'Open menu' }), bar.getByRole('button', { name: 'Select delivery pincode' }), bar.getByRole('button', { name: 'Cart' }), bar.getByRole('button', { name: 'Search' })];
    for (const button of buttons) {
      const box = (await button.boundingBox())!;
      const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
      // 21 px left, right, above and below the middle is still this button (a round one too: 44 px across).
      for (const [dx, dy] of [[-21, 0], [21, 0], [0, -21], [0, 21]] as const) {
        const hit = await page.evaluate(([px, py]) => document.elementFromPoint(px!, py!)?.closest('button')?.getAttribute('aria-label') ?? null, [x + dx, y + dy]);
        expect(hit, `${await button.getAttribute('aria-label')} at ${dx},${dy}`).toBe(await button.getAttribute('aria-label'));
      }
    }
  });

  test('the header shows the whole site name', async ({ page }) => {
    await page.goto('/');
    const name = page.locator('[data-mobile-bar] [data-site-name]');
    await expect(name).toHaveText('Annapurna Fresh');
    expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });
});

test('on a Pixel 7 the product page shows the image, the chosen pack price and Add to Cart in the first view @phone', async ({ page, request }) => {
  const { data } = (await (await request.get('/s/api/products?perPage=48&s=newest')).json()) as { data: { slug: string; product_name: string; packs: { in_stock: boolean }[] }[] };
  // The longest name among products with three packs in stock: the hardest case for the first view.
  const product = data.filter((p) => p.packs.length === 3 && p.packs[0]!.in_stock).sort((a, b) => b.product_name.length - a.product_name.length)[0]!;
  await page.goto(`/products/${product.slug}`);
  const height = page.viewportSize()!.height;
  const imageBox = (await page.locator('[data-gallery] img').first().boundingBox())!;
  expect(imageBox.height).toBeGreaterThanOrEqual(200);
  expect(imageBox.y).toBeGreaterThanOrEqual(0);
  const chosen = page.locator('label:has(input[name="pack"]:checked)');
  for (const target of [chosen, page.getByRole('button', { name: 'Add to Cart' })]) {
    const box = (await target.boundingBox())!;
    expect(box.y + box.height, (await target.textContent())!.trim()).toBeLessThanOrEqual(height);
  }
});

test('on a small phone (360 × 640) Add to Cart stays on screen under the packs, and adds the chosen one @phone', async ({ page, request }) => {
  const { data } = (await (await request.get('/s/api/products?perPage=48&s=newest')).json()) as { data: { slug: string; product_name: string; packs: { in_stock: boolean; pack_name: string }[] }[] };
  const product = data.filter((p) => p.packs.length === 3 && p.packs.every((k) => k.in_stock)).sort((a, b) => b.product_name.length - a.product_name.length)[0]!;
  await page.setViewportSize({ width: 360, height: 640 });
  await page.goto(`/products/${product.slug}`);
  const add = page.getByRole('button', { name: 'Add to Cart' });
  const last = page.locator('label:has(input[name="pack"])').last();
  // The third pack is below the fold, the button is not: it waits at the bottom of the screen.
  expect((await last.boundingBox())!.y).toBeGreaterThan(640 - 48);
  const button = (await add.boundingBox())!;
  expect(button.y + button.height).toBeLessThanOrEqual(640);
  expect(button.y).toBeGreaterThan(400);
  await last.click();
  await add.click();
  await expect(page.getByRole('group', { name: `Quantity of ${product.product_name}` }).locator('output')).toHaveText('1');
  const cart = (await (await page.request.get('/s/api/cart')).json()) as { items: { pack: string }[] };
  expect(cart.items.map((i) => i.pack)).toEqual([product.packs[2]!.pack_name]);
});
