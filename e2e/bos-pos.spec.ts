import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signInThroughApi } from './support/accounts';
import { axeViolations } from './support/axe';
import { apiCall } from './support/back-office';

/**
 * The point of sale in the back office (docs/back-office.md#tills, #sales-figures; docs/pos.md#the-receipt-link),
 * at a desktop's width: a till opened, a stock-short sale with the customer's phone and the till closed through
 * the API; then the tills screen, the till's Z-report (printed to PDF), the stock-short filter of the order queue,
 * the receipt the customer's message links to (no sign-in), and the sales figures by channel with their chart.
 * Axe finds no serious or critical violation on any of them.
 */

/** The seeded administrator, Meera Iyer: order:manage, and she may use the till. */
const ADMIN = '9876500003';

async function shot(page: Page, name: string) {
  mkdirSync('test-results/bos-pos', { recursive: true });
  await page.screenshot({ path: `test-results/bos-pos/${name}-1280.png`, fullPage: true, scale: 'css' });
}

/** Serious and critical violations; the rest are printed to be seen. */
async function seriousViolations(page: Page) {
  const all = await axeViolations(page);
  const minor = all.filter((v) => v.impact !== 'serious' && v.impact !== 'critical');
  if (minor.length) console.log('axe (minor/moderate):', JSON.stringify(minor));
  return all.filter((v) => v.impact === 'serious' || v.impact === 'critical');
}

const today = () => new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);

/** Meera's sale at a till of her own: a fresh pack with 1 in stock sold 3 times over (stock short), for cash, with a phone. */
async function closedTillWithAShortSale(page: Page, phone: string) {
  const options = (await apiCall(page, 'GET', '/bos/products/options')).body;
  const warehouse = options.warehouses[0];
  const word = String(Date.now()).slice(-7);
  const created = await apiCall(page, 'POST', '/bos/products', {
    name: `Counter Office Rice ${word}`,
    category_id: options.categories[0].id,
    brand_id: options.brands[0].id,
    packs: [{ name: '5 kg', price: 30000, mrp: 32000, max_per_order: 10, active: true, warehouse_id: warehouse.id, opening_stock: 1 }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const till = await apiCall(page, 'POST', '/pos/tills', { warehouse_id: warehouse.id, opening_cash: 1500 });
  expect(till.status, JSON.stringify(till.body)).toBe(201);
  const sale = await page.evaluate(
    async ([body]) => {
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const r = await fetch('/s/api/pos/sales', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Origin': location.origin, 'X-XSRF-TOKEN': xsrf, 'Idempotency-Key': crypto.randomUUID() }, body: JSON.stringify(body) });
      return { status: r.status, body: await r.json() };
    },
    [{ till_id: till.body.id, lines: [{ pack_id: created.body.packs[0].id, quantity: 3 }], payments: [{ mode: 'cash', amount: 1000 }], phone }] as const,
  );
  expect(sale.status, JSON.stringify(sale.body)).toBe(201);
  expect([sale.body.total, sale.body.change_due, sale.body.stock_short]).toEqual([900, 100, true]);
  const closed = await apiCall(page, 'POST', `/pos/tills/${till.body.id}/close`, { counted_cash: 2390, note: 'Ten rupees short: a coin lost' });
  expect(closed.status, JSON.stringify(closed.body)).toBe(200);
  return { tillId: till.body.id as number, ordernumber: sale.body.ordernumber as string, warehouse: warehouse.name as string };
}

test.describe('the point of sale in the back office @desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.describe.configure({ timeout: 240_000 });

  test("the tills screen, a till's Z-report printed, the stock-short filter, and the receipt the customer's link opens", async ({ page, browser }) => {
    await signInThroughApi(page, ADMIN);
    await page.goto('/bos/admin');
    const phone = `7${String(Date.now()).slice(-9)}`;
    const { tillId, ordernumber, warehouse } = await closedTillWithAShortSale(page, phone);

    // The tills screen, from the header, filtered to today's closed tills.
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Tills' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Tills' })).toBeVisible();
    await page.getByLabel('State').selectOption('closed');
    await page.getByLabel('Opened on').fill(today());
    await page.getByRole('button', { name: 'Show tills' }).click();
    await expect(page).toHaveURL(new RegExp(`/bos/admin/tills\\?status=closed&date=${today()}$`));
    const row = page.locator(`[data-till-row="${tillId}"]`);
    await expect(row).toContainText(warehouse);
    await expect(row).toContainText('Meera Iyer');
    await expect(row).toContainText('IST');
    await expect(row).toContainText('₹1,500.00');
    await expect(row).toContainText('₹10.00 short');
    await expect(row.locator('[data-till-state]')).toHaveText('Closed');
    await expect(page.locator('[data-till-state="open"]')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'tills');

    // Its Z-report: takings by mode, the drawer, the note, the counts.
    await row.getByRole('link', { name: `Till ${tillId}: Z-report` }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Z-report: till ${tillId}` })).toBeVisible();
    await expect(page.locator('[data-z-mode="Cash"]')).toContainText('₹900.00');
    await expect(page.locator('[data-z-expected]')).toHaveText('₹2,400.00');
    await expect(page.locator('[data-z-counted]')).toHaveText('₹2,390.00');
    await expect(page.locator('[data-z-difference]')).toHaveText('−₹10.00 (₹10.00 short)');
    await expect(page.locator('[data-z-note]')).toContainText('Ten rupees short: a coin lost');
    await expect(page.locator('[data-z-counts]')).toContainText('1 sale');
    await expect(page.locator('[data-z-stock-short]')).toContainText('1 stock-short sale');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'z-report');
    // Printed: the report alone (the header and the links left off), on A4.
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('[data-bos-header]')).toBeHidden();
    await expect(page.locator('[data-z-expected]')).toBeVisible();
    await page.emulateMedia({ media: 'screen' });
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

    // The stock-short sale in the order queue, by its filter, flagged.
    await page.locator('[data-z-stock-short]').getByRole('link').click();
    await expect(page).toHaveURL(/\/bos\/admin\?tab=delivered_today&stock_short=true$/);
    await expect(page.getByLabel('Stock', { exact: true })).toHaveValue('true');
    await expect(page.locator('[data-order-row] [data-stock-short]').first()).toBeVisible();
    await expect(page.locator('[data-order-row]').filter({ hasNot: page.locator('[data-stock-short]') })).toHaveCount(0);
    // Today's stock-short sales of every run may fill more than a page: this one, by its number.
    await page.goto(`/bos/admin?tab=delivered_today&stock_short=true&q=${ordernumber}`);
    const sold = page.locator(`[data-order-row="${ordernumber}"]`);
    await expect(sold.locator('[data-stock-short]')).toHaveText('Stock short');
    expect(await seriousViolations(page)).toEqual([]);

    // The customer's message (the demo outbox) links to the receipt, which opens with no sign-in.
    const outbox = (await apiCall(page, 'GET', `/dev/outbox?to=${phone}`)).body as { messages: { text: string }[] };
    expect(outbox.messages).toHaveLength(1);
    const link = /(https?:\/\/\S+\/receipt\/[A-Za-z0-9_-]{32})/.exec(outbox.messages[0]!.text)?.[1];
    expect(link, outbox.messages[0]!.text).toBeTruthy();
    const stranger = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const customer = await stranger.newPage();
    const answer = await customer.goto(new URL(link!).pathname);
    expect(answer?.status()).toBe(200);
    await expect(customer.locator('[data-receipt-number]')).toHaveText(ordernumber);
    await expect(customer.locator('[data-receipt-total]')).toHaveText('₹900.00');
    await expect(customer.locator('[data-receipt-time]')).toContainText('IST');
    await expect(customer.locator('[data-receipt-line]')).toHaveCount(1);
    await expect(customer.locator('[data-receipt-payments]')).toContainText('Change');
    expect(await seriousViolations(customer)).toEqual([]);
    await shot(customer, 'receipt');
    const wrong = await customer.goto(`/receipt/${'A'.repeat(32)}`);
    expect(wrong?.status()).toBe(404);
    await expect(customer.getByRole('heading', { level: 1, name: 'Receipt not found' })).toBeVisible();
    await stranger.close();
  });

  test('the sales figures by channel: the day, 7 and 30 days as the API sums them, with the chart and its table', async ({ page }) => {
    await signInThroughApi(page, ADMIN);
    await page.goto('/bos/admin');
    await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Sales' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Sales figures' })).toBeVisible();
    expect((await apiCall(page, 'GET', '/bos/sales')).body.date).toBe(today());
    // Today's figures move while other tests sell beside this one: the page and the API are compared on yesterday's
    // (India's), which no test adds to.
    const yesterday = new Date(Date.parse(`${today()}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await page.goto(`/bos/admin/sales?date=${yesterday}`);
    const figures = (await apiCall(page, 'GET', `/bos/sales?date=${yesterday}`)).body as { date: string; periods: { key: string; channels: { channel: string; orders: number; amount: number }[]; total: { orders: number } }[] };
    expect(figures.date).toBe(yesterday);
    const rupees = (n: number) => `₹${n.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    for (const period of figures.periods) {
      const section = page.locator(`[data-sales-period="${period.key}"]`);
      for (const c of period.channels) {
        const row = section.locator(`[data-sales-channel="${c.channel}"]`);
        await expect(row.locator('[data-orders]')).toHaveText(c.orders.toLocaleString('en-IN'));
        await expect(row.locator('[data-amount]')).toHaveText(rupees(c.amount));
      }
      await expect(section.locator('[data-sales-total] td').first()).toHaveText(period.total.orders.toLocaleString('en-IN'));
    }
    // The chart draws (uPlot's canvas), and its figures are a table for screen readers.
    await page.locator('[data-sales-chart]').scrollIntoViewIfNeeded();
    await expect(page.locator('[data-sales-chart] canvas')).toHaveCount(1);
    // Nothing wider than the window: the periods stack, each table its full width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.getByText('Show as a table').click();
    await expect(page.locator('[data-sales-days] tbody tr')).toHaveCount(30);
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'sales');

    // Another day: the form keeps it in the address.
    await page.getByLabel('Up to and including').fill('2026-01-15');
    await page.getByRole('button', { name: 'Show figures' }).click();
    await expect(page).toHaveURL(/\/bos\/admin\/sales\?date=2026-01-15$/);
    await expect(page.locator('[data-sales-period="day"] p').first()).toHaveText('Jan 15, 2026');
  });
});
