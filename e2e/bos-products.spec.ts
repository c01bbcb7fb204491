import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { awake } from './support/islands';
import { signInThroughApi } from './support/accounts';
import { axeViolations } from './support/axe';

/** The seeded administrator, Meera Iyer: a super administrator, so catalogue:manage. */
const ADMIN = '9876500003';

/** Screenshots for docs/back-office-products-screens.md; none of these screens may scroll sideways. */
async function screenshot(page: Page, name: string, width: number) {
  mkdirSync('docs/images', { recursive: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.screenshot({ path: `docs/images/bos-products-${name}-${width}.png`, fullPage: true, scale: 'css' });
}

/** A picture for the media library: a coloured field with a shape (no text: the machine may have no fonts). */
const picture = () =>
  sharp({ create: { width: 600, height: 600, channels: 3, background: '#f3ead7' } })
    .composite([{ input: Buffer.from('<svg width="600" height="600"><ellipse cx="300" cy="320" rx="230" ry="150" fill="#e9d8a6"/></svg>') }])
    .png()
    .toBuffer();

/** The shop's product page: its name and the price of its one pack. */
async function shopShows(page: Page, slug: string, name: string, price: string) {
  await page.goto(`/products/${slug}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.locator('main')).toContainText(price);
}

test.describe('products and stock in the back office @desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.describe.configure({ timeout: 180_000 });

  test('Meera creates a product, sees it in the shop, changes its price in the list, and adjusts its stock with a reason', async ({ page }) => {
    // No script error on any of the screens (a lazy part drawn on the server would be one).
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(`console: ${message.text()}`));
    await signInThroughApi(page, ADMIN);
    const stamp = String(Date.now()).slice(-7);
    const name = `Thick Poha ${stamp}`;
    const slug = `thick-poha-${stamp}`;

    // The form: the slug follows the name; the contract's rules are said under their fields before anything is sent.
    await page.goto('/bos/admin/products/new');
    const create = page.getByRole('button', { name: 'Create product' }).first();
    await expect(create).toBeEnabled();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await expect(page.getByLabel('Address in the shop')).toHaveValue(slug);
    await page.getByLabel('Category').selectOption({ index: 1 });
    await page.getByLabel('Brand').selectOption({ index: 1 });
    const pack = page.locator('[data-pack-card="0"]');
    await pack.getByRole('textbox', { name: 'Pack name', exact: true }).fill('500 g');
    await pack.getByLabel('Price (₹)').fill('48');
    await pack.getByLabel('MRP (₹)').fill('45');
    await pack.getByLabel('Barcode (EAN-13)').fill('8901234567893');
    await pack.getByLabel('Opening stock').fill('30');
    await create.click();
    await expect(pack.getByText('Price cannot be more than the MRP')).toBeVisible();
    await expect(pack.getByText('Barcode check digit is wrong: check the number on the pack')).toBeVisible();
    await expect(pack.getByLabel('Price (₹)')).toBeFocused();
    await expect(page.locator('[data-save-state]')).toHaveText('Changes not saved yet.');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'editor', 1280);
    await pack.getByLabel('MRP (₹)').fill('50');
    await expect(pack.getByText('Price cannot be more than the MRP')).toBeHidden();
    await pack.getByLabel('Barcode (EAN-13)').fill('8901234567890');
    await pack.getByLabel('Price (₹)').fill('42');
    await expect(page.locator('[data-product-report]')).toBeEmpty();

    // An image uploaded in the media library's picker is chosen at once.
    await page.getByRole('button', { name: 'Choose from library: an image of the product' }).click();
    const picker = page.locator('[data-media-picker]');
    await picker.getByText('Upload a new image').click();
    await picker.locator('[data-media-file]').setInputFiles({ name: `poha-${stamp}.png`, mimeType: 'image/png', buffer: await picture() });
    await picker.getByLabel('Alt text').fill('A bowl of thick poha');
    await picker.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(picker).toBeHidden();
    const image = page.locator('[data-product-image]');
    await expect(image).toHaveCount(1);
    const imageSrc = (await image.getAttribute('data-product-image'))!;

    await create.click();
    await expect(page).toHaveURL(/\/bos\/admin\/products\/\d+\?created=1$/);
    await expect(page.locator('[data-product-report]')).toHaveText(`Created. Shoppers see it now at /products/${slug}. Open /products/${slug} (opens in a new tab)`);
    await expect(page.locator('[data-pack-stock]')).toContainText('30 in');

    await shopShows(page, slug, name, '₹42.00');
    await expect(page.locator(`main img[src="${imageSrc}"]`).first()).toBeVisible();

    // The list's quick edit: prices typed in the row, Enter saves it.
    await page.goto(`/bos/admin/products?q=${encodeURIComponent(name)}`);
    const row = page.locator(`[data-product-row="${slug}"]`);
    await expect(row).toHaveCount(1);
    await page.getByText('Change prices').click();
    const price = row.getByRole('textbox', { name: `Price of ${name}, 500 g (₹)` });
    await price.fill('39.50');
    await expect(row.locator('[data-quick-state="changed"]')).toHaveText('Not saved: Enter saves');
    await price.press('Enter');
    await expect(row.locator('[data-quick-saved]')).toHaveText('✓ Saved: price ₹39.50');
    await expect(page.locator('[data-products-spoken]')).toHaveText(`${name}, 500 g: Saved: price ₹39.50`);

    // The morning count: stock cells only, Escape undoes, Enter saves.
    await page.getByText('Count stock').click();
    const stock = row.getByRole('textbox', { name: `Stock of ${name}, 500 g` });
    await stock.fill('29');
    await stock.press('Escape');
    await expect(stock).toHaveValue('30');
    await stock.fill('-1');
    await stock.press('Enter');
    await expect(row.locator('[data-quick-problem]')).toHaveText('The stock cannot be less than 0');
    await expect(stock).toHaveAttribute('aria-invalid', 'true');
    await stock.fill('28');
    await stock.press('Enter');
    await expect(row.locator('[data-quick-saved]')).toHaveText('✓ Saved: stock 28');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'list', 1280);

    await shopShows(page, slug, name, '₹39.50');

    // The pack's ledger: the count above, then damage with its reason and note.
    await page.goto(`/bos/admin/products?q=${encodeURIComponent(name)}`);
    await page.getByRole('link', { name: `Stock ledger of ${name}, 500 g` }).click();
    await expect(page.locator('[data-stock-level]')).toHaveText('28');
    const entries = page.locator('[data-ledger] tbody tr');
    await expect(entries).toHaveCount(2);
    await expect(entries.nth(0)).toContainText('Count');
    await expect(entries.nth(0)).toContainText('Meera');
    await expect(entries.nth(0)).toContainText('\u22122');
    await expect(entries.nth(1)).toContainText('Opening stock');

    const form = page.getByRole('form', { name: 'Adjust the stock' });
    // The form is the island's: a choice made before it wakes is drawn again as the server rendered it.
    await awake(page, '[data-ledger]');
    await form.getByLabel('Damaged or lost').check();
    await form.getByLabel('Units damaged or lost').fill('3');
    await expect(page.locator('[data-stock-preview]')).toHaveText('Level 28 → 25 (\u22123)');
    await form.getByLabel('Note (optional)').fill('Torn packets');
    await form.getByRole('button', { name: 'Take from stock' }).click();
    await expect(page.locator('[data-stock-report]')).toHaveText('Damage recorded: the level is 25 (\u22123).');
    await expect(page.locator('[data-stock-level]')).toHaveText('25');
    await expect(entries).toHaveCount(3);
    await expect(entries.nth(0)).toContainText('Damaged or lost');
    await expect(entries.nth(0)).toContainText('Torn packets');
    await expect(entries.nth(0)).toContainText('Meera');
    await expect(entries.nth(0).locator('td').nth(3)).toHaveText('\u22123');
    await expect(entries.nth(0).locator('td').nth(4)).toHaveText('25');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'ledger', 1280);

    // The same screens at 768 px: usable, nothing scrolls sideways.
    await page.setViewportSize({ width: 768, height: 1000 });
    await screenshot(page, 'ledger', 768);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/bos/admin/stock');
    await expect(page.locator('[data-low-count]')).toHaveText(/^\d+ packs? at or under 10 units$/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'low-stock', 1280);
    await page.setViewportSize({ width: 768, height: 1000 });
    await page.goto(`/bos/admin/products?q=${encodeURIComponent(name)}`);
    await expect(page.locator(`[data-product-row="${slug}"]`)).toHaveCount(1);
    await screenshot(page, 'list', 768);
    await page.getByRole('link', { name, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
    await screenshot(page, 'editor', 768);
    const editorUrl = page.url();

    // Leaving with a change not saved asks first; staying keeps it.
    const nameField = page.getByRole('textbox', { name: 'Name', exact: true });
    await nameField.fill(`${name} (changed)`);
    await expect(page.locator('[data-save-state]')).toHaveText('Changes not saved yet.');
    const asked: string[] = [];
    page.once('dialog', (dialog) => void (asked.push(dialog.type()), dialog.dismiss()));
    await page.getByRole('link', { name: '← Products' }).click();
    await expect.poll(() => asked).toEqual(['beforeunload']);
    await expect(nameField).toHaveValue(`${name} (changed)`);
    expect(page.url()).toBe(editorUrl);

    // Deleting asks first, saying what will happen: no order holds it, so it goes.
    await nameField.fill(name);
    await expect(page.locator('[data-save-state]')).toHaveText('Everything is saved.');
    await page.getByRole('button', { name: 'Delete product' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete product' });
    await expect(confirm).toContainText(`Delete “${name}”? No order holds it, so it is deleted with its packs and their stock ledger, and /products/${slug} answers “not found”. This cannot be undone.`);
    await confirm.getByRole('button', { name: `Delete ${name}` }).click();
    await expect(page).toHaveURL(/\/bos\/admin\/products\?deleted=1$/);
    await expect(page.locator('[data-products-deleted]')).toHaveText('The product is deleted.');

    await page.goto('/bos/admin/stock');
    await expect(page.locator('[data-low-count]')).toBeVisible();
    await screenshot(page, 'low-stock', 768);
    expect(errors).toEqual([]);
  });
});
