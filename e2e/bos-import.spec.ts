import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signInThroughApi } from './support/accounts';
import { axeViolations } from './support/axe';

/** The seeded administrator, Meera Iyer: she holds catalogue:manage. */
const ADMIN = '9876500003';

/** A file to choose, as the file input takes it. */
const csvFile = (text: string, name = 'prices.csv') => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

async function screenshot(page: Page, name: string, width: number) {
  mkdirSync('test-results/bos-import', { recursive: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.screenshot({ path: `test-results/bos-import/${name}-${width}.png`, fullPage: true, scale: 'css' });
}

test.describe('the catalogue import @desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.describe.configure({ timeout: 180_000 });

  test('staff choose a CSV, see the bad row with its row and column, fix it, import it, and find the product in the shop @desktop', async ({ page }) => {
    await signInThroughApi(page, ADMIN);
    await page.goto('/bos/admin/products/import');
    await expect(page.getByRole('heading', { level: 1, name: 'Import products, prices and stock' })).toBeVisible();

    // A category and a brand the shop has, from its own export (the download link's address).
    const exportHref = await page.getByRole('link', { name: 'Download the catalogue (CSV)' }).getAttribute('href');
    const exported = await page.evaluate(async (href) => (await fetch(href!)).text(), exportHref);
    const [header, first] = exported.replace(/^\uFEFF/, '').split('\r\n');
    const columns = header!.split(',');
    const cells = first!.split(',');
    const category = cells[columns.indexOf('category')]!;
    const brand = cells[columns.indexOf('brand')]!;

    const slug = `e2e-import-chai-${Date.now().toString(36)}`;
    // Named as the shop names its products, after the brand (other specs list a brand's products by that rule).
    const name = `${brand} Monsoon Import Chai`;
    const head = 'product_slug,product_name,category,brand,pack_name,price_rupees,mrp_rupees,stock,warehouse_code';
    const rows = (price: string) => [head, `${slug},${name},${category},${brand},250 g,49.50,55.00,30,BLR`, `${slug},${name},${category},${brand},500 g,${price},110,12,BLR`].join('\n');

    const input = page.locator('[data-import-input]');
    await expect(input).toBeEnabled(); // hydrated
    await input.setInputFiles(csvFile(rows('95.505')));
    await expect(page.locator('[data-import-summary]')).toHaveText('2 rows: 1 new pack (1 new product), 0 changed, 0 unchanged, 1 with errors');
    // The table opens on the errors: the bad row with its row and column (F: price_rupees).
    await expect(page.locator('[data-import-row]')).toHaveCount(1);
    await expect(page.locator('[data-import-row="3"] [data-import-error]')).toHaveText('Row 3, price_rupees (column F): Price must be an amount in rupees with at most 2 decimals, such as 49.50');
    await expect(page.getByRole('button', { name: '3. Import into the shop' })).toBeDisabled();
    await page.getByRole('button', { name: /^All rows/ }).click();
    await expect(page.locator('[data-import-row]')).toHaveCount(2);
    await page.getByRole('button', { name: /^Errors/ }).click();
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'check', 1280);
    await page.setViewportSize({ width: 768, height: 900 });
    await screenshot(page, 'check', 768);
    await page.setViewportSize({ width: 1280, height: 900 });

    // Fixed in the spreadsheet and chosen again: checked clean, then imported after the confirm step.
    await input.setInputFiles(csvFile(rows('95.50')));
    await expect(page.locator('[data-import-summary]')).toHaveText('2 rows: 2 new packs (1 new product), 0 changed, 0 unchanged');
    await page.getByRole('button', { name: '3. Import into the shop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import this file?' });
    await expect(dialog).toContainText('Import 2 new packs into the shop?');
    await dialog.getByRole('button', { name: 'Import now' }).click();
    await expect(page.locator('[data-import-notice="success"]')).toContainText('Imported: 2 new packs, 1 new product, 0 changed. The shop shows them now.');
    await expect(page.getByRole('button', { name: '3. Import into the shop' })).toHaveCount(0);
    await screenshot(page, 'imported', 1280);

    // The shopper's page of the new product, with its prices.
    await page.goto(`/products/${slug}`);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.locator('main')).toContainText('₹49.50');
  });
});
