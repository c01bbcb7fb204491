import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInThroughApi } from './support/accounts';
import { apiCall } from './support/back-office';
import { awake } from './support/islands';
import { newCashier, seriousViolations } from './support/pos';

/**
 * UPI at the till (docs/pos.md#upi) on a tablet, 1024 × 768: a UPI sale shows the provider's QR code for the exact
 * amount and waits; the customer pays it on the payment simulator's page (demo mode), the provider's signed webhook
 * reaches the shop, and the till, polling, shows Paid and the receipt. A second UPI wait is given up and taken in
 * cash, a third cancelled (confirmed first). Axe on the waiting and the cancelled screens.
 */

// Arjun (super administrator): a till of his own, so this runs beside the other till tests.
const SUPER = '9876500004';

async function shot(page: Page, name: string) {
  mkdirSync('test-results/pos', { recursive: true });
  await page.screenshot({ path: `test-results/pos/${name}-1024.png`, scale: 'css' });
}

/** A ticket of the first quick pick, paid wholly by UPI (the amount due), completed. */
async function upiSale(page: Page) {
  await page.locator('[data-pos-picks] button').first().click();
  const total = (await page.locator('[data-pos-total]').textContent())!;
  await page.getByRole('radio', { name: 'UPI' }).check();
  await page.getByRole('button', { name: 'Take UPI payment' }).click();
  await expect(page.locator('[data-pos-due]')).toHaveText('₹0.00');
  await page.getByRole('button', { name: 'Complete sale' }).click();
  return total;
}

/**
 * A cashier of the test's own (registered, then given pos_access:view by Arjun), signed in on `page` and selling at a
 * till of their own: a test that reloads the till must find its own till again, whatever tills other tests open.
 */
async function ownTill(page: Page, browser: Browser) {
  const { phone, close } = await newCashier(page, browser, 'Till Reload Cashier', '6');
  await close();
  await signInThroughApi(page, phone);
  await page.goto('/pos');
  await awake(page, '[data-pos-screen]');
  await expect(page.getByRole('heading', { level: 1, name: 'Open a till' })).toBeVisible();
  await page.getByRole('button', { name: 'Open till' }).click();
  const opened = page.getByRole('heading', { level: 1, name: /^Till \d+/ });
  await expect(opened).toBeVisible();
  return opened;
}

test.describe('UPI at the till @desktop', () => {
  test.use({ viewport: { width: 1024, height: 768 } });
  test.describe.configure({ timeout: 180_000 });

  test('a UPI sale shows the QR code for the exact amount; the simulator pays it and the till shows Paid; another wait is taken in cash, a third cancelled', async ({ page, context }) => {
    await signInThroughApi(page, SUPER);
    await page.goto('/pos');
    await awake(page, '[data-pos-screen]');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Open a till|Till \d+/);
    const opened = page.getByRole('heading', { level: 1, name: /^Till \d+/ });
    if (!(await opened.isVisible())) await page.getByRole('button', { name: 'Open till' }).click();
    await expect(opened).toBeVisible();
    await expect(page.getByText('UPI: the customer scans a QR code for the exact amount once the sale is completed.')).toBeVisible();

    const total = await upiSale(page);
    // The QR code for the exact amount, large enough to scan across the counter, and the wait.
    const waiting = page.locator('[data-pos-upi-state="waiting"]');
    await expect(waiting).toBeVisible();
    await expect(page.locator('[data-pos-upi-amount]')).toHaveText(total);
    const qr = page.getByRole('img', { name: `UPI QR code for ${total}` });
    await expect(qr).toBeVisible();
    const box = (await qr.boundingBox())!;
    expect(box.width).toBeGreaterThanOrEqual(300);
    expect(box.y + box.height).toBeLessThanOrEqual(768);
    await expect(page.getByRole('status').filter({ hasText: 'Waiting for the payment provider' })).toBeVisible();
    // Every button of the wait is a 44 px touch target.
    for (const button of await page.locator('[data-pos-upi-state] button').all()) expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await shot(page, 'upi-waiting');
    const violations = await seriousViolations(page);
    expect(violations).toEqual([]);

    // The sale waits in the API: pending, with its QR code's upi:// text for exactly the total.
    const orderId = Number(await waiting.getAttribute('data-pos-upi-order'));
    expect(orderId).toBeGreaterThan(0);
    const pending = (await apiCall(page, 'GET', `/pos/sales/${orderId}`)).body;
    expect([pending.status, pending.payment_state]).toEqual(['pending_payment', 'awaiting']);
    expect(Number(new URL(pending.payments[0].qr.intent).searchParams.get('am'))).toBe(pending.total);

    // The customer pays on the simulator's page (their UPI app, in the demo): the webhook tells the shop.
    const href = (await page.locator('[data-pos-upi-simulator]').getAttribute('href'))!;
    const customer = await context.newPage();
    await customer.goto(href);
    await customer.getByRole('button', { name: /^Pay ₹.+ with a UPI app$/ }).click();
    await expect(customer.locator('[data-qr-state="paid"]')).toBeVisible();
    await customer.close();

    await expect(page.locator('[data-pos-upi-state="paid"]')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText(`Paid: ${total} by UPI`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /^Sale .+ recorded$/ })).toBeVisible();
    await shot(page, 'upi-paid');
    const paid = (await apiCall(page, 'GET', `/pos/sales/${orderId}`)).body;
    expect([paid.status, paid.payment_state, paid.payments[0].state]).toEqual(['delivered', 'paid', 'paid']);

    // Another UPI sale the customer cannot pay: the wait given up, taken in cash with change.
    await page.getByRole('button', { name: 'New sale' }).click();
    const second = await upiSale(page);
    await expect(page.locator('[data-pos-upi-state="waiting"]')).toBeVisible();
    await page.getByRole('button', { name: 'Take cash instead' }).click();
    const paise = Math.round(Number(second.replace(/[₹,]/g, '')) * 100);
    await page.getByLabel('Cash tendered (₹)').fill(String(Math.ceil((paise + 1) / 100)));
    await page.getByRole('button', { name: `Take ${second} in cash` }).click();
    await expect(page.locator('[data-pos-upi-state="cash"]')).toBeVisible();
    await expect(page.getByText(`UPI not paid: ${second} taken in cash`)).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: /^Sale .+ recorded$/ })).toBeVisible();
    await expect(page.locator('[data-pos-receipt]')).toContainText('Cash tendered');

    // A third the customer walks away from: the sale cancelled (confirmed first), then the next sale.
    await page.getByRole('button', { name: 'New sale' }).click();
    await upiSale(page);
    await page.getByRole('button', { name: 'Cancel the sale' }).click();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.locator('[data-pos-upi-state="waiting"]')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel the sale' }).click();
    await page.getByRole('button', { name: 'Cancel the sale' }).click();
    await expect(page.locator('[data-pos-upi-state="cancelled"]')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'New sale' }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Till \d+/ })).toBeVisible();
  });

  test('a UPI sale still waiting when the page reloads is listed on the selling screen, shown again and paid', async ({ page, context, browser }) => {
    const opened = await ownTill(page, browser);

    const total = await upiSale(page);
    const waiting = page.locator('[data-pos-upi-state="waiting"]');
    await expect(waiting).toBeVisible();
    const orderId = Number(await waiting.getAttribute('data-pos-upi-order'));
    const { ordernumber } = (await apiCall(page, 'GET', `/pos/sales/${orderId}`)).body;

    // The tablet reloads (or the browser crashed): the till comes back selling, and says which sale still waits.
    await page.reload();
    await awake(page, '[data-pos-screen]');
    await expect(opened).toBeVisible();
    const banner = page.locator('[data-pos-upi-waiting]');
    const show = banner.getByRole('button', { name: `Show ${ordernumber} (${total})` });
    await expect(show).toBeVisible();
    await show.click();
    await expect(page.locator('[data-pos-upi-state="waiting"]')).toBeVisible();
    await expect(page.locator('[data-pos-upi-amount]')).toHaveText(total);
    await expect(page.getByRole('img', { name: `UPI QR code for ${total}` })).toBeVisible();

    const href = (await page.locator('[data-pos-upi-simulator]').getAttribute('href'))!;
    const customer = await context.newPage();
    await customer.goto(href);
    await customer.getByRole('button', { name: /^Pay ₹.+ with a UPI app$/ }).click();
    await expect(customer.locator('[data-qr-state="paid"]')).toBeVisible();
    await customer.close();
    await expect(page.locator('[data-pos-upi-state="paid"]')).toBeVisible({ timeout: 20_000 });
    expect(await seriousViolations(page)).toEqual([]);

    // Back to selling, the paid sale is no longer listed as waiting.
    await page.getByRole('button', { name: 'New sale' }).click();
    await expect(opened).toBeVisible();
    await expect(banner.getByRole('button', { name: new RegExp(`^Show ${ordernumber} `) })).toHaveCount(0);
  });

  test('a half-rung ticket comes back after a reload; a discount box never shows what the ticket does not take off', async ({ page, browser }) => {
    const opened = await ownTill(page, browser);

    await page.locator('[data-pos-picks] button').first().click();
    const line = page.locator('[data-pos-line]');
    await expect(line).toHaveCount(1);
    const quantity = line.getByLabel(/^Quantity of /);
    await quantity.fill('2');
    await quantity.press('Enter');
    const discount = line.getByLabel(/^Discount on /);
    await discount.fill('1');
    await discount.press('Tab');
    const total = (await page.locator('[data-pos-total]').textContent())!;

    // Text that is no amount: the box goes back to the ₹1 the ticket takes off, and says so.
    await discount.fill('1.234');
    await discount.press('Tab');
    await expect(discount).toHaveValue('1');
    await expect(page.locator('[data-pos-notice]')).toContainText('A discount is an amount in rupees');
    await expect(page.locator('[data-pos-total]')).toHaveText(total);

    // The tablet reloads: the ticket is as it was.
    await page.reload();
    await awake(page, '[data-pos-screen]');
    await expect(opened).toBeVisible();
    await expect(line).toHaveCount(1);
    await expect(line.getByLabel(/^Quantity of /)).toHaveValue('2');
    await expect(line.getByLabel(/^Discount on /)).toHaveValue('1');
    await expect(page.locator('[data-pos-total]')).toHaveText(total);

    // More than the cashier may give: held to the limit, and said.
    await line.getByLabel(/^Discount on /).fill('500');
    await line.getByLabel(/^Discount on /).press('Tab');
    await expect(page.locator('[data-pos-notice]')).toContainText('held to');
    await line.getByRole('button', { name: /^Remove / }).click();
    await expect(line).toHaveCount(0);
  });
});
