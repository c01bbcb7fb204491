import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signInThroughApi } from './support/accounts';
import { apiCall } from './support/back-office';
import { awake } from './support/islands';
import { freshPack, seriousViolations } from './support/pos';

/**
 * The till at /pos on a tablet (docs/pos.md#the-screen): the demo cashier opens a till, sells by a USB scanner's
 * keystrokes (a keyboard wedge) for cash with change, sells again with the network down (kept, then sent once back
 * online), closes the till and reads the Z-report; a shopper gets the 403 page. Axe on each screen.
 */

const CASHIER = '9876500005';
const ADMIN = '9876500003';
const SHOPPER = '9876500001';

async function shot(page: Page, name: string) {
  mkdirSync('test-results/pos', { recursive: true });
  await page.screenshot({ path: `test-results/pos/${name}-1024.png`, scale: 'css' });
}

/**
 * A USB scanner in keyboard mode: the code a key every few milliseconds, then Enter; the focus not in a field. The
 * screen takes a burst as a scan only if no gap exceeds 35 ms; on a machine loaded by other suites, Playwright's
 * keys can arrive further apart, and the burst is (rightly) not a scan. A cashier would scan again; so does this,
 * at most three times, until the ticket has `lines` lines.
 */
async function scan(page: Page, barcode: string, lines: number) {
  for (let attempt = 1; ; attempt++) {
    await page.locator('h1').first().click();
    await page.keyboard.type(barcode, { delay: 5 });
    await page.keyboard.press('Enter');
    try {
      await expect(page.locator('[data-pos-line]')).toHaveCount(lines, { timeout: 3000 });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

test.describe('the till at /pos @desktop', () => {
  test.use({ viewport: { width: 1024, height: 768 } });
  test.describe.configure({ timeout: 240_000 });

  test('a cashier opens a till, sells by scanner for cash (quantity, discount held to 10%), sells offline, closes and reads the Z-report', async ({ page, browser, context }) => {
    const pack = await freshPack(browser, 'Till Test Atta', '29');
    await signInThroughApi(page, CASHIER);
    await page.goto('/pos');
    await awake(page, '[data-pos-screen]');

    // Open a till at the pack's warehouse (or resume one this cashier left open).
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(/Open a till|Till \d+/);
    if ((await heading.textContent())?.startsWith('Till')) {
      await page.getByRole('button', { name: 'Close till' }).click();
      await page.getByLabel('Counted cash (₹)').fill('0');
      await page.getByRole('button', { name: 'Close till and show the Z-report' }).click();
      await page.getByRole('button', { name: 'Open another till' }).click();
    }
    await expect(page.getByRole('heading', { level: 1, name: 'Open a till' })).toBeVisible();
    await page.getByRole('radio', { name: new RegExp(pack.warehouse.name) }).check();
    await page.getByLabel('Opening cash (₹)').fill('2000');
    await shot(page, 'open-till');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Open till' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Till \d+/ })).toBeVisible();
    await expect(page.locator('[data-pos-status]')).toHaveAttribute('data-pos-status', 'online');

    // Name search on the device, in Hindi too: a Hindi word of a pack's name finds it.
    const till = Number(/Till (\d+)/.exec((await page.getByRole('heading', { level: 1 }).textContent())!)![1]);
    const catalogue = (await apiCall(page, 'GET', `/pos/catalogue?till_id=${till}`)).body;
    const hindi = catalogue.packs.find((p: { product_name_hi: string | null }) => p.product_name_hi);
    await page.locator('#pos-search').fill(hindi.product_name_hi);
    await expect(page.getByRole('listbox', { name: 'Search results' }).getByRole('option').filter({ hasText: hindi.product_name }).first()).toBeVisible();
    await page.locator('#pos-search').fill('');
    await expect(page.getByRole('list', { name: 'Quick picks' })).toBeVisible();

    // A sale by the scanner, focus outside the search box: one line at ₹45 less ₹4.50, cash ₹100, change ₹59.50.
    await expect(page.locator('[data-pos-picks] li').first()).toBeVisible();
    await scan(page, pack.barcode, 1);
    await expect(page.locator('[data-pos-total]')).toHaveText('₹45.00');
    await expect(page.locator('#pos-search')).toHaveValue('');
    // The quantity typed, then stepped back; a discount over the cashier's 10% is held to it (₹4.50 of ₹45).
    const quantity = page.getByLabel(/^Quantity of /);
    await quantity.fill('3');
    await quantity.press('Enter');
    await expect(page.locator('[data-pos-total]')).toHaveText('₹135.00');
    await page.getByRole('button', { name: /^One fewer / }).click();
    await page.getByRole('button', { name: /^One fewer / }).click();
    await expect(page.getByLabel(/^Quantity of /)).toHaveValue('1');
    const discount = page.getByLabel(/^Discount on /);
    await discount.fill('10');
    await discount.blur();
    await expect(page.getByLabel(/^Discount on /)).toHaveValue('4.5');
    await expect(page.locator('[data-pos-total]')).toHaveText('₹40.50');
    await page.getByLabel('Cash tendered (₹)').fill('100');
    await page.getByRole('button', { name: 'Take Cash payment' }).click();
    await expect(page.locator('[data-pos-change]')).toHaveText('₹59.50');
    await shot(page, 'selling');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Complete sale' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Sale .+ recorded$/ })).toBeVisible();
    await expect(page.locator('[data-pos-change-due]')).toContainText('₹59.50');
    await shot(page, 'receipt');
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'New sale' })).toBeHidden(); // only the receipt prints
    await shot(page, 'receipt-print');
    await page.emulateMedia({ media: 'screen' });
    const orderId = Number(await page.locator('[data-pos-receipt]').getAttribute('data-order-id'));
    expect(orderId).toBeGreaterThan(0);
    // The order in the API: the POS's sale call answers only counter orders (a web order is 404).
    const sale = await apiCall(page, 'GET', `/pos/sales/${orderId}`);
    expect(sale.status).toBe(200);
    expect(sale.body).toMatchObject({ total: 40.5, change_due: 59.5, status: 'delivered', payment_state: 'paid' });
    expect(await pack.level()).toBe(19);

    // A sale with the network down: kept on the device (1 waiting), sent when it is back.
    await page.getByRole('button', { name: 'New sale' }).click();
    await context.setOffline(true);
    await scan(page, pack.barcode, 1);
    await page.getByRole('button', { name: 'Take Cash payment' }).click(); // the amount due, exactly
    await page.getByRole('button', { name: 'Complete sale' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sale kept on this device: waiting to be sent' })).toBeVisible();
    await expect(page.locator('[data-pos-status]')).toHaveAttribute('data-pos-status', 'offline');
    await expect(page.locator('[data-pos-waiting]')).toHaveText('1 sale waiting');
    await shot(page, 'offline-receipt');
    await context.setOffline(false);
    await expect(page.locator('[data-pos-waiting]')).toHaveText('0 sales waiting', { timeout: 30_000 });
    await expect(page.locator('[data-pos-status]')).toHaveAttribute('data-pos-status', 'online');
    await expect(page.getByRole('heading', { level: 1, name: /^Sale .+ recorded$/ })).toBeVisible(); // the receipt gets its bill
    expect(await pack.level()).toBe(18);

    // Close the till: the Z-report counts both sales, one order each.
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.getByRole('button', { name: 'Close till' }).click();
    await page.getByLabel('Counted cash (₹)').fill('2085.50');
    await page.getByLabel('Note (optional)').fill('End of day');
    await page.getByRole('button', { name: 'Close till and show the Z-report' }).click();
    const report = page.locator('[data-pos-zreport]');
    await expect(report).toBeVisible();
    await expect(report).toContainText(/Sales\s*2/);
    await expect(report).toContainText(/Cash expected\s*₹2,085.50/);
    await expect(report).toContainText(/Counted\s*₹2,085.50/);
    await expect(report).toContainText(/Difference\s*₹0.00/);
    await shot(page, 'z-report');
    expect(await seriousViolations(page)).toEqual([]);
    await pack.close();
  });

  test('a split sale: part by card with its reference, the rest in cash; UPI offered online only', async ({ page, context }) => {
    // Meera (administrator, pos_access:view): her own till, so this runs beside the cashier's test.
    await signInThroughApi(page, ADMIN);
    await page.goto('/pos');
    await awake(page, '[data-pos-screen]');
    const opened = page.getByRole('heading', { level: 1, name: /^Till \d+/ });
    if (!(await opened.isVisible().catch(() => false))) {
      await page.getByRole('button', { name: 'Open till' }).click(); // the first counter, no opening cash
    }
    await expect(opened).toBeVisible();
    await page.locator('[data-pos-picks] button').first().click();
    const total = await page.locator('[data-pos-total]').textContent();
    expect(total).toMatch(/^₹\d/);
    await page.getByRole('radio', { name: 'Card' }).check();
    await expect(page.getByRole('button', { name: 'Take Card payment' })).toBeDisabled(); // no reference yet
    await page.getByLabel('Amount (₹)').fill('10');
    await page.getByLabel('Terminal reference').fill('TID-4411');
    await page.getByRole('button', { name: 'Take Card payment' }).click();
    await page.getByRole('radio', { name: 'Cash' }).check();
    await page.getByLabel('Cash tendered (₹)').fill('500');
    await page.getByRole('button', { name: 'Take Cash payment' }).click();
    await expect(page.getByRole('list', { name: 'Payments' }).getByRole('listitem')).toHaveCount(2);
    await context.setOffline(true);
    await expect(page.getByRole('radio', { name: 'UPI' })).toBeDisabled();
    await expect(page.getByText('UPI needs the network: not available offline.')).toBeVisible();
    await context.setOffline(false);
    await expect(page.getByRole('radio', { name: 'UPI' })).toBeEnabled({ timeout: 40_000 });
    await page.getByRole('button', { name: 'Complete sale' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Sale .+ recorded$/ })).toBeVisible();
    const orderId = Number(await page.locator('[data-pos-receipt]').getAttribute('data-order-id'));
    const sale = (await apiCall(page, 'GET', `/pos/sales/${orderId}`)).body;
    expect(sale.payments.map((p: { mode: string; reference: string | null }) => [p.mode, p.reference])).toEqual([['card', 'TID-4411'], ['cash', null]]);
    expect(sale.change_due).toBeCloseTo(510 - sale.total, 2);
    await page.getByRole('button', { name: 'New sale' }).click();
    await page.getByRole('button', { name: 'Close till' }).click();
    await page.getByLabel('Counted cash (₹)').fill('0');
    await page.getByRole('button', { name: 'Close till and show the Z-report' }).click();
    await expect(page.locator('[data-pos-zreport]')).toContainText(/Card net\s*₹10.00/);
    // Nothing counted in the drawer: the report says how much is short, not a signed difference.
    await expect(page.locator('[data-pos-zreport]')).toContainText(/Short\s*₹\d/);
  });

  test('signed out, /pos asks to sign in and comes back; a shopper gets the 403 page', async ({ page }) => {
    await page.goto('/pos');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fpos/);
    await signInThroughApi(page, SHOPPER);
    const forbidden = await page.goto('/pos');
    expect(forbidden!.status()).toBe(403);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('You do not have access to this page');
  });
});
