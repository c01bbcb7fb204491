import { mkdirSync, writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signIn, signInThroughApi } from './support/accounts';
import { bosCall, pdfPages, registerThroughApi } from './support/back-office';
import { axeViolations } from './support/axe';
import { placeOrdersThroughApi } from './support/checkout';

type PickList = { packs: { pack_id: number; quantity: number; category: string }[]; total_quantity: number; orders: { ordernumber: string }[] };

/** The seeded administrator, Meera Iyer: hasAdminAccess with order:manage. */
const ADMIN = '9876500003';

async function look(page: Page, name: string) {
  mkdirSync('test-results/bos-print', { recursive: true });
  await page.screenshot({ path: `test-results/bos-print/${name}.png`, fullPage: true, scale: 'css' });
}

/** Printed, as an A4 sheet's width shows it (210 mm less the margins, at 96 dpi): a screenshot to look at. */
async function lookPrinted(page: Page, name: string) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 703, height: 1000 });
  await look(page, name);
  await page.setViewportSize(size);
}

test.describe('the pick list and packing slips @desktop', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  // A whole day's printing: ordering, signing staff in, two pages at two widths, axe and two PDFs.
  test.describe.configure({ timeout: 300_000, mode: 'serial' });

  test('staff print the day\'s pick list and one packing slip per chosen order, on A4, without the shop\'s chrome', async ({ page, browserName }) => {
    const name = `Print Tester ${String.fromCharCode(97 + (Date.now() % 26), 97 + ((Date.now() >> 5) % 26))}`;
    await registerThroughApi(page, `9${String(Date.now()).slice(-9)}`, name);
    const ids = await placeOrdersThroughApi(page, 3);
    expect(ids).toHaveLength(3);

    await page.context().clearCookies();
    await signInThroughApi(page, ADMIN);
    const confirmed = await bosCall(page, '/bos/orders/status', { ids, to: 'confirmed' });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.moved).toHaveLength(3);
    const first = (await bosCall(page, `/bos/orders/${ids[0]}`)).body;
    const { date, start } = first.lines[0].delivery as { date: string; start: string };
    const warehouse = first.lines[0].warehouse_id as number;

    // From the queue: the pick list of its date, window and warehouse; slips of the orders chosen.
    await page.goto(`/bos/admin?tab=to_pack&date=${date}&window=${encodeURIComponent(start)}&warehouse=${warehouse}`);
    const pick = page.getByRole('link', { name: 'Print pick list' });
    await expect(pick).toHaveAttribute('href', `/bos/admin/print/pick-list?${new URLSearchParams({ date, window: start, warehouse: String(warehouse) })}`);
    await expect(page.getByRole('link', { name: 'Packing slips', exact: true })).toHaveAttribute('href', `/bos/admin/print/packing-slips?${new URLSearchParams({ date, window: start, warehouse: String(warehouse) })}`);
    const mine = `/bos/admin?tab=to_pack&q=${encodeURIComponent(name)}`;
    await page.goto(mine);
    const all = page.getByRole('checkbox', { name: 'Choose every order on this page' });
    await expect(all).toBeEnabled(); // hydrated
    await expect(page.locator('[data-order-row]')).toHaveCount(3);
    await all.check();
    const slipsLink = page.getByRole('link', { name: 'Packing slips (3 orders)' });
    await expect(slipsLink).toHaveAttribute('href', /\/bos\/admin\/print\/packing-slips\?ids=\d+,\d+,\d+$/);

    await page.goto(`/bos/admin?tab=to_pack&date=${date}&window=${encodeURIComponent(start)}&warehouse=${warehouse}`);
    // The pick list: the API's packs, each with its total, by category; the three orders among those it covers.
    await pick.click();
    await expect(page).toHaveURL(/\/bos\/admin\/print\/pick-list\?/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pick list');
    // The day's list is the whole shop's: other specs confirm and pack orders meanwhile, so the page and the API are
    // compared as read together, again until a moment when nothing moved between the two.
    let list!: PickList;
    await expect(async () => {
      await page.reload();
      list = (await bosCall(page, `/bos/pick-list?${new URLSearchParams({ date, window: start, warehouse: String(warehouse) })}`)).body as PickList;
      expect(list.orders.map((o) => o.ordernumber)).toContain(first.ordernumber);
      const rows = page.locator('[data-pick-pack]');
      await expect(rows).toHaveCount(list.packs.length);
      const shown = await page.locator('[data-pick-quantity]').allTextContents();
      expect(shown.map(Number)).toEqual(list.packs.map((p) => p.quantity));
      expect(shown.reduce((sum, q) => sum + Number(q), 0)).toBe(list.total_quantity);
      await expect(page.locator('[data-pick-total]')).toHaveText(String(list.total_quantity));
      for (const o of list.orders) await expect(page.locator('[data-pick-orders]')).toContainText(o.ordernumber);
      await expect(page.locator('[data-pick-orders]')).toContainText(first.ordernumber);
      const categories = await page.locator('[data-pick-category]').evaluateAll((els) => els.map((e) => e.getAttribute('data-pick-category')));
      expect(categories).toEqual([...new Set(list.packs.map((p) => p.category))]);
    }).toPass({ timeout: 60_000 });
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await look(page, 'pick-list-screen-1280');

    // Printed: no header, footer or links; A4, as many pages as its rows need (one for a day's few packs).
    await expect(page.locator('[data-bos-header]')).toBeVisible();
    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('[data-bos-header]')).toBeHidden();
    await expect(page.locator('[data-screen-only]')).toBeHidden();
    await expect(page.locator('[data-pick-list] h1')).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('[data-pick-list] thead')!).display)).toBe('table-header-group');
    await lookPrinted(page, 'pick-list-print');
    if (browserName === 'chromium') {
      const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
      writeFileSync('test-results/bos-print/pick-list.pdf', pdf);
      // About 30 rows an A4 page, with the heading and the orders after them.
      expect(pdfPages(pdf)).toBe(Math.max(1, Math.ceil((list.packs.length + Math.ceil(list.orders.length / 3) + 8) / 30)));
    }
    await page.emulateMedia({ media: 'screen' });

    // The packing slips of the three chosen orders: one an order, one A4 page each.
    await page.goto(mine);
    await expect(all).toBeEnabled();
    await all.check();
    await slipsLink.click();
    await expect(page).toHaveURL(/\/bos\/admin\/print\/packing-slips\?ids=/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Packing slips');
    const slips = page.locator('[data-slip]');
    await expect(slips).toHaveCount(3);
    const numbers = await slips.evaluateAll((els) => els.map((e) => e.getAttribute('data-slip')));
    for (const id of ids) {
      const order = (await bosCall(page, `/bos/orders/${id}`)).body as { ordernumber: string; total_paise: number; lines: { name: string; quantity: number }[] };
      expect(numbers).toContain(order.ordernumber);
      const slip = page.locator(`[data-slip="${order.ordernumber}"]`);
      await expect(slip.getByRole('heading', { level: 2 })).toHaveText(`Order ${order.ordernumber}`);
      await expect(slip.locator('[data-slip-collect]')).toContainText(`Collect ₹${(order.total_paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} in cash`);
      await expect(slip.locator('[data-slip-address]')).toContainText('12, 4th Main');
      await expect(slip.locator('[data-slip-window]')).toContainText(start);
      await expect(slip.locator('[data-slip-line]')).toHaveCount(order.lines.length);
      await expect(slip.locator('[data-slip-line]').first()).toContainText(order.lines[0]!.name);
    }
    expect(await axeViolations(page)).toEqual([]);
    await look(page, 'packing-slips-screen-1280');

    // At 768 px both pages still fit the screen, and axe finds nothing.
    await page.setViewportSize({ width: 768, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await look(page, 'packing-slips-screen-768');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.emulateMedia({ media: 'print' });
    await expect(page.locator('[data-bos-header]')).toBeHidden();
    await expect(page.locator('[data-screen-only]')).toBeHidden();
    // Each slip ends its page; the last one leaves no blank page after it.
    expect(await slips.evaluateAll((els) => els.map((e) => getComputedStyle(e).breakAfter))).toEqual(['page', 'page', 'auto']);
    await lookPrinted(page, 'packing-slips-print');
    if (browserName === 'chromium') {
      const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
      writeFileSync('test-results/bos-print/packing-slips.pdf', pdf);
      expect(pdfPages(pdf)).toBe(3);
    }
    await page.emulateMedia({ media: 'screen' });
    await page.goto(`/bos/admin/print/pick-list?${new URLSearchParams({ date, window: start, warehouse: String(warehouse) })}`);
    await page.setViewportSize({ width: 768, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await look(page, 'pick-list-screen-768');
  });

  test('a bad address says what is wrong (400); a shopper gets the 403 page', async ({ page }) => {
    // Signed out: to the sign-in, which comes back to the page asked for.
    await page.goto('/bos/admin/print/pick-list?date=26-11-2026');
    await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fbos%2Fadmin%2Fprint%2Fpick-list/);
    await signIn(page, ADMIN, { from: '' });
    await expect(page).toHaveURL(/\/bos\/admin\/print\/pick-list\?date=26-11-2026$/);
    expect((await page.reload())?.status()).toBe(400);
    await expect(page.locator('[data-print-error]')).toContainText('date must be YYYY-MM-DD');
    const missing = await page.goto('/bos/admin/print/packing-slips?ids=999999999');
    expect(missing?.status()).toBe(404);
    await expect(page.locator('[data-print-error]')).toHaveText('Order not found: 999999999');
    await page.context().clearCookies();
    await registerThroughApi(page, `9${String(Date.now() + 7).slice(-9)}`, 'Print Refused');
    expect((await page.goto('/bos/admin/print/packing-slips'))?.status()).toBe(403);
    expect((await page.goto('/bos/admin/print/pick-list'))?.status()).toBe(403);
  });
});
