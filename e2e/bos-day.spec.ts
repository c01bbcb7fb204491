import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signInThroughApi } from './support/accounts';
import { axeViolations } from './support/axe';
import { bosCall, pdfPages, registerThroughApi } from './support/back-office';
import { payOnProviderPage, placeOrdersThroughApi } from './support/checkout';

/**
 * A day's run in the back office (docs/back-office.md), as a shop's staff do it on a morning and as its shopper
 * sees it: three new orders confirmed together, the day's pick list printed, the three packed and sent out, one
 * delivered with the cash collected, one line of another refunded; the shopper's order page shows each step as it
 * happens.
 */

/** The seeded administrator, Meera Iyer: hasAdminAccess with order:manage. */
const ADMIN = '9876500003';

async function look(page: Page, name: string, width: number) {
  mkdirSync('test-results/bos-day', { recursive: true });
  await page.screenshot({ path: `test-results/bos-day/${name}-${width}.png`, fullPage: true, scale: 'css' });
}

/** The steps the shopper's order page lists under "Order updates", in their order. */
async function shopperSteps(shopper: Page, id: number): Promise<string[]> {
  await shopper.goto(`/account/orders/${id}`);
  return shopper.getByRole('region', { name: 'Order updates' }).locator('[data-timeline-title]').allTextContents();
}

for (const width of [1280, 768]) {
  test.describe(`a day's run in the back office at ${width} px @desktop`, () => {
    test.use({ viewport: { width, height: 900 } });
    test.describe.configure({ timeout: 300_000 });

    test('confirm three orders, print the pick list, pack and send them out, deliver one for cash, refund a line of another; the shopper sees each step', async ({ page: shopper, browser }) => {
      // The shopper: two orders paid on delivery and one paid through Razorpay.
      const name = `Day Run ${String.fromCharCode(97 + (Date.now() % 26), 97 + ((Date.now() >> 5) % 26), 97 + (width % 26))}`;
      await registerThroughApi(shopper, `6${String(width).slice(0, 1)}${String(Date.now()).slice(-8)}`, name);
      const [cash, other] = await placeOrdersThroughApi(shopper, 2);
      const [paid] = await placeOrdersThroughApi(shopper, 1, 'razorpay');
      await payOnProviderPage(shopper, paid!);
      const ids = [cash!, other!, paid!];
      for (const id of ids) expect((await shopperSteps(shopper, id)).at(-1)).toMatch(/^(Order placed by you|Payment received, order placed)$/);

      // Staff, in their own browser.
      const staffContext = await browser.newContext({ viewport: { width, height: 900 } });
      const staff = await staffContext.newPage();
      await signInThroughApi(staff, ADMIN);
      const rows = staff.locator('[data-order-row]');
      const all = staff.getByRole('checkbox', { name: 'Choose every order on this page' });
      const bulk = staff.locator('[data-bulk-bar]').getByRole('button');
      const report = staff.locator('[data-bulk-report]');
      /** The shopper's three orders in a tab of the queue, all chosen and moved on by the bulk button. */
      async function moveAll(tab: string, label: string, done: string) {
        await staff.goto(`/bos/admin?tab=${tab}&q=${encodeURIComponent(name)}`);
        await expect(rows).toHaveCount(3);
        await expect(all).toBeEnabled(); // hydrated
        await all.check();
        await expect(bulk).toHaveText(label);
        expect(await axeViolations(staff)).toEqual([]);
        await bulk.click();
        await expect(report).toHaveText(done);
        await expect(staff.locator('[data-queue-empty]')).toBeVisible();
      }

      // 1. Confirm the three together.
      await moveAll('to_confirm', 'Confirm 3 orders', '3 orders confirmed.');
      for (const id of ids) expect((await shopperSteps(shopper, id)).at(-1)).toBe('Confirmed by the shop');

      // 2. The pick list of their delivery day, from the queue's link: the three orders' packs, ready for A4.
      const first = (await bosCall(staff, `/bos/orders/${cash}`)).body as { ordernumber: string; lines: { delivery: { date: string } }[] };
      const day = first.lines[0]!.delivery.date;
      const numbers: string[] = [];
      for (const id of ids) numbers.push(((await bosCall(staff, `/bos/orders/${id}`)).body as { ordernumber: string }).ordernumber);
      await staff.goto(`/bos/admin?tab=to_pack&date=${day}&q=${encodeURIComponent(name)}`);
      await expect(rows).toHaveCount(3);
      await staff.getByRole('link', { name: 'Print pick list' }).click();
      await expect(staff).toHaveURL(new RegExp(`/bos/admin/print/pick-list\\?date=${day}$`));
      await expect(staff.getByRole('heading', { level: 1 })).toHaveText('Pick list');
      for (const number of numbers) await expect(staff.locator('[data-pick-orders]')).toContainText(number);
      await expect(staff.locator('[data-pick-pack]').first()).toBeVisible();
      expect(await axeViolations(staff)).toEqual([]);
      await look(staff, 'pick-list', width);
      await staff.emulateMedia({ media: 'print' });
      await expect(staff.locator('[data-bos-header]')).toBeHidden();
      await expect(staff.locator('[data-pick-pack]').first()).toBeVisible();
      expect(pdfPages(await staff.pdf({ format: 'A4' }))).toBeGreaterThanOrEqual(1);
      await staff.emulateMedia({ media: 'screen' });

      // 3. Pack them; 4. send them out.
      await moveAll('to_pack', 'Mark 3 orders packed', '3 orders marked packed.');
      for (const id of ids) expect((await shopperSteps(shopper, id)).at(-1)).toBe('Packed by the shop');
      await moveAll('to_send', 'Send 3 orders out for delivery', '3 orders sent out for delivery.');
      for (const id of ids) expect((await shopperSteps(shopper, id)).at(-1)).toBe('Sent out for delivery by the shop');

      // 5. Deliver one, with the cash collected at the door.
      await staff.goto(`/bos/admin/orders/${cash}`);
      await expect(staff.locator('[data-status]')).toHaveText('Out for delivery');
      const due = (await staff.locator('[data-total]').textContent())!;
      await staff.getByRole('button', { name: `Mark delivered (collect ${due})` }).click();
      const dialog = staff.getByRole('dialog');
      await dialog.getByLabel('Cash collected (₹)').fill(due.replace(/[₹,]/g, ''));
      await dialog.getByRole('button', { name: 'Mark delivered' }).click();
      await expect(staff.locator('[data-status]')).toHaveText('Delivered');
      await expect(staff.locator('[data-timeline]').last()).toContainText('Staff · Meera Iyer');
      expect(await axeViolations(staff)).toEqual([]);
      await look(staff, 'delivered', width);
      expect((await shopperSteps(shopper, cash!)).at(-1)).toBe('Delivered by the shop');
      await expect(shopper.getByRole('region', { name: 'Order updates' })).toContainText(due);

      // 6. Refund one line of the order paid online (a short-picked item).
      await staff.goto(`/bos/admin/orders/${paid}`);
      const open = staff.getByRole('button', { name: 'Refund part of this order' });
      await expect(open).toBeEnabled(); // hydrated
      await open.click();
      const form = staff.getByRole('form', { name: 'Refund part of this order' });
      await form.getByRole('spinbutton').first().fill('1');
      await form.getByLabel('Reason').fill('Short-picked: one packet missing');
      const submit = form.locator('button[type=submit]');
      const amount = /Refund (₹[\d,.]+) to Razorpay/.exec((await submit.textContent())!)?.[1];
      expect(amount).toMatch(/^₹[\d,]+\.\d\d$/);
      await submit.click();
      await expect(staff.locator('[data-refunded-now]')).toHaveText(`${amount} refunded to Razorpay.`);
      await expect(staff.locator('[data-refund]')).toContainText(`${amount} · part · refunded · Short-picked: one packet missing`);
      expect(await axeViolations(staff)).toEqual([]);
      await look(staff, 'refunded', width);
      await staffContext.close();

      // The shopper sees the refund on their order: its step with the reason, and the amount back.
      const steps = await shopperSteps(shopper, paid!);
      expect(steps).toContain(`Refund of ${amount} started`);
      const updates = shopper.getByRole('region', { name: 'Order updates' });
      await expect(updates).toContainText('Short-picked: one packet missing');
      await expect(updates).not.toContainText('Meera');
      await expect(shopper.locator('main')).toContainText(`Refunded`);
      expect(await axeViolations(shopper)).toEqual([]);
      await look(shopper, 'shopper-refunded', width);
      // The third order is still on its way.
      expect((await shopperSteps(shopper, other!)).at(-1)).toBe('Sent out for delivery by the shop');
    });
  });
}
