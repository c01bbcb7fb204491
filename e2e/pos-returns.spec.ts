import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signInThroughApi } from './support/accounts';
import { apiCall } from './support/back-office';
import { awake } from './support/islands';
import { freshPack, seriousViolations } from './support/pos';

/**
 * A coupon and a return on the till's screen (docs/pos.md#the-screen), on a tablet at 1024 × 768: a coupon priced by
 * the shop changes the ticket's total (refused with the shop's reason below its minimum, then applied once the
 * ticket is over it; offline it stops the sale) and the sale records it; a part return of a sale, opened from its
 * receipt and again by its order number, gives the stock back and shows the refund. Arjun (super administrator)
 * keeps a till of his own, so this runs beside e2e/pos.spec.ts (Kiran and Meera).
 */

const TILL_KEEPER = '9876500004';

async function shot(page: Page, name: string) {
  mkdirSync('test-results/pos', { recursive: true });
  await page.screenshot({ path: `test-results/pos/${name}-1024.png`, scale: 'css' });
}

/** The till screen, selling at a till of the pack's warehouse: one this person left open there, else a new one. */
async function sellingAt(page: Page, warehouseName: string) {
  await signInThroughApi(page, TILL_KEEPER);
  await page.goto('/pos');
  await awake(page, '[data-pos-screen]');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(/Open a till|Till \d+/);
  const text = (await heading.textContent()) ?? '';
  if (text.startsWith('Till') && text.includes(warehouseName)) return;
  if (text.startsWith('Till')) {
    await page.getByRole('button', { name: 'Close till' }).click();
    await page.getByLabel('Counted cash (₹)').fill('0');
    await page.getByRole('button', { name: 'Close till and show the Z-report' }).click();
    await page.getByRole('button', { name: 'Open another till' }).click();
  }
  await page.getByRole('radio', { name: new RegExp(warehouseName) }).check();
  await page.getByLabel('Opening cash (₹)').fill('1000');
  await page.getByRole('button', { name: 'Open till' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Till \d+/ })).toBeVisible();
}

/** Adds the pack by its barcode typed in the search box and Enter (as a cashier without a scanner would). */
async function addByBarcode(page: Page, barcode: string) {
  await page.locator('#pos-search').fill(barcode);
  await page.locator('#pos-search').press('Enter');
  await expect(page.locator('[data-pos-line]')).toHaveCount(1);
}

test.describe('coupons and returns at the till @desktop', () => {
  test.use({ viewport: { width: 1024, height: 768 } });
  test.describe.configure({ mode: 'serial', timeout: 240_000 });

  test("a coupon priced by the shop changes the ticket's total, is refused below its minimum, needs the network, and the sale records it", async ({ page, browser, context }) => {
    const pack = await freshPack(browser, 'Till Return Atta', '27');
    await sellingAt(page, pack.warehouse.name);
    await addByBarcode(page, pack.barcode);
    await expect(page.locator('[data-pos-total]')).toHaveText('₹45.00');

    // NAMASTE20 takes ₹20 off above ₹99: one pack at ₹45 is below it, and the shop says so.
    const coupon = page.getByLabel('Coupon (optional)');
    await coupon.fill('namaste20');
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page.locator('[data-pos-coupon]')).toHaveAttribute('data-pos-coupon', 'refused');
    await expect(page.locator('#pos-coupon-said')).toHaveText('NAMASTE20 does not apply: Minimum cart value is ₹99');
    await expect(page.locator('[data-pos-total]')).toHaveText('₹45.00');

    // Three packs (₹135): the coupon is priced again for the ticket as it is now, and applies.
    const quantity = page.getByLabel(/^Quantity of /);
    await quantity.fill('3');
    await quantity.press('Enter');
    await expect(page.locator('[data-pos-coupon]')).toHaveAttribute('data-pos-coupon', 'applied');
    await expect(page.locator('[data-pos-coupon-discount]')).toHaveText('−₹20.00');
    await expect(page.locator('[data-pos-total]')).toHaveText('₹115.00');
    await expect(page.locator('#pos-coupon-said')).toHaveText('NAMASTE20: −₹20.00 off this ticket.');
    await page.getByLabel('Cash tendered (₹)').fill('200');
    await page.getByRole('button', { name: 'Take Cash payment' }).click();
    await expect(page.locator('[data-pos-change]')).toHaveText('₹85.00');
    await shot(page, 'coupon');
    expect(await seriousViolations(page)).toEqual([]);

    // Offline the coupon cannot be priced: the field says so and the sale waits for the network.
    await context.setOffline(true);
    await expect(page.locator('#pos-coupon-said')).toHaveText(/^A coupon needs the network: take NAMASTE20 off/);
    await expect(page.getByRole('button', { name: 'Complete sale' })).toBeDisabled();
    await context.setOffline(false);
    await expect(page.getByRole('button', { name: 'Complete sale' })).toBeEnabled({ timeout: 40_000 });

    await page.getByRole('button', { name: 'Complete sale' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Sale .+ recorded$/ })).toBeVisible();
    await expect(page.locator('[data-pos-receipt]')).toContainText(/Coupon NAMASTE20\s*−₹20.00/);
    const orderId = Number(await page.locator('[data-pos-receipt]').getAttribute('data-order-id'));
    const sale = (await apiCall(page, 'GET', `/pos/sales/${orderId}`)).body;
    expect([sale.offercode, sale.amount, sale.discount, sale.total, sale.change_due]).toEqual(['NAMASTE20', 135, 20, 115, 85]);
    expect(await pack.level()).toBe(17);
    await pack.close();
  });

  test('a part return of a sale, from its receipt and by its order number: the stock comes back and the refund is shown', async ({ page, browser }) => {
    const pack = await freshPack(browser, 'Till Return Atta', '27');
    await sellingAt(page, pack.warehouse.name);
    await addByBarcode(page, pack.barcode);
    const quantity = page.getByLabel(/^Quantity of /);
    await quantity.fill('3');
    await quantity.press('Enter');
    await expect(page.locator('[data-pos-total]')).toHaveText('₹135.00');
    await page.getByRole('button', { name: 'Take Cash payment' }).click();
    await page.getByRole('button', { name: 'Complete sale' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Sale .+ recorded$/ })).toBeVisible();
    const orderId = Number(await page.locator('[data-pos-receipt]').getAttribute('data-order-id'));
    const ordernumber = /Sale (.+) recorded/.exec((await page.getByRole('heading', { level: 1 }).textContent())!)![1]!;
    expect(await pack.level()).toBe(17);

    // From the receipt: two of the three go back, in cash, damaged.
    await page.getByRole('button', { name: 'Return items' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Return from sale ${ordernumber}` })).toBeVisible();
    const more = page.getByRole('button', { name: /^One more .+ to return$/ });
    await more.click();
    await more.click();
    await expect(page.getByLabel(/^How many .+ to return, at most 3$/)).toHaveValue('2');
    await expect(page.locator('[data-pos-refund-total]')).toHaveText('Refund ₹90.00 for 2 items');
    await page.getByLabel('More about it (optional)').fill('Bag torn');
    await shot(page, 'return-lines');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Review return' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm the return' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-pos-return-summary]')).toContainText('Refund ₹90.00 in Cash');
    await expect(dialog.locator('[data-pos-return-summary]')).toContainText('Reason: Damaged or leaking: Bag torn');
    await shot(page, 'return-confirm');
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Refund ₹90.00 (Cash)' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Return recorded: ₹90.00 back in Cash' })).toBeVisible();
    const receipt = page.locator('[data-pos-return-receipt]');
    await expect(receipt.locator('[data-pos-refund]')).toHaveText('₹90.00');
    await expect(receipt).toContainText(`Return · bill ${ordernumber}`);
    await shot(page, 'return-receipt');
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Back to selling' })).toBeHidden(); // only the receipt prints
    await page.emulateMedia({ media: 'screen' });
    expect(await pack.level()).toBe(19);
    const sale = (await apiCall(page, 'GET', `/pos/sales/${orderId}`)).body;
    expect([sale.lines[0].returned, sale.lines[0].refunded]).toEqual([2, 90]);

    // Again by its order number, typed: one is left, and no more than that can go back.
    await page.getByRole('button', { name: 'Back to selling' }).click();
    await page.getByRole('button', { name: 'Returns' }).click();
    await expect(page.getByRole('list', { name: 'Latest sales at this till' })).toContainText(ordernumber);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Order number (on the bill)').fill(ordernumber.toLowerCase());
    await page.getByRole('button', { name: 'Find sale' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Return from sale ${ordernumber}` })).toBeVisible();
    await page.getByRole('button', { name: /^One more .+ to return$/ }).click();
    await expect(page.getByRole('button', { name: /^One more .+ to return$/ })).toBeDisabled();
    await expect(page.locator('[data-pos-refund-total]')).toHaveText('Refund ₹45.00 for 1 item');
    await page.getByRole('button', { name: 'Back to selling' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Till \d+/ })).toBeVisible();
    await pack.close();
  });
});
