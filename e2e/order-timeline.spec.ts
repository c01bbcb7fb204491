import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signInThroughApi } from './support/accounts';
import { axeViolations } from './support/axe';
import { bosCall } from './support/back-office';
import { placeOrdersThroughApi } from './support/checkout';

/** The seeded shopper, Asha Verma, and the seeded administrator, Meera Iyer (order:manage). */
const ASHA = '9876500001';
const MEERA = '9876500003';

/** A moment (UTC, as the API gives it) on India's clock, as the pages write it: 'Nov 26, 2026 4:05 PM' (UTC+5:30, no daylight saving). */
function indiaTime(at: string): string {
  const d = new Date(Date.parse(at) + 330 * 60_000);
  const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][d.getUTCMonth()];
  const hour = d.getUTCHours() % 12 || 12;
  return `${month} ${d.getUTCDate()}, ${d.getUTCFullYear()} ${hour}:${String(d.getUTCMinutes()).padStart(2, '0')} ${d.getUTCHours() < 12 ? 'AM' : 'PM'}`;
}

/** A move of an order through the back office's API, with the signed-in staff member's session. */
async function staffMove(page: Page, id: number, body: Record<string, unknown>) {
  expect((await bosCall(page, `/bos/orders/${id}/status`, body)).status, JSON.stringify(body)).toBe(200);
}

// Desktop project only: the seeded shopper and administrator sign in once per run (two projects signing the same
// people in at once cross their codes); the page is checked and photographed at 1280 and at 360 px.
test('staff confirm and send out an order; its shopper sees those steps, on India\'s clock, without the staff member\'s name @desktop', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await signInThroughApi(page, ASHA);
  const [id] = await placeOrdersThroughApi(page, 1);

  const staff = await browser.newContext();
  const meera = await staff.newPage();
  await signInThroughApi(meera, MEERA);
  await meera.goto('/bos/admin'); // bosCall calls from the page
  await staffMove(meera, id!, { to: 'confirmed' });
  await staffMove(meera, id!, { to: 'packed' });
  await staffMove(meera, id!, { to: 'out_for_delivery', rider_name: 'Suresh', rider_phone: '9876512345' });
  await staff.close();

  await page.goto(`/account/orders/${id}`);
  await expect(page.locator('[data-status]').first()).toHaveText('Out for delivery');
  const updates = page.getByRole('region', { name: 'Order updates' });
  const steps = updates.getByRole('listitem');
  await expect(steps.locator('[data-timeline-title]')).toHaveText(['Order placed by you', 'Confirmed by the shop', 'Packed by the shop', 'Sent out for delivery by the shop']);
  await expect(steps.nth(3)).toContainText('Your rider: Suresh, 9876512345');
  await expect(updates).not.toContainText('Meera');

  // Each time is the step's moment (the API's, in UTC) on India's clock; the steps are in the order they happened.
  const api = await (await page.request.get(`/s/api/orders/${id}`)).json();
  const times = await steps.locator('time').evaluateAll((els) => els.map((el) => [el.getAttribute('datetime')!, el.textContent!.trim()]));
  expect(times.map(([at]) => at)).toEqual(api.timeline.map((e: { at: string }) => e.at));
  for (const [at, shown] of times) expect(shown).toBe(indiaTime(at!));

  // Drawn by the server: the page holds the updates before any script runs.
  const html = await (await page.request.get(`/account/orders/${id}`)).text();
  expect(html).toContain('Sent out for delivery by the shop');

  mkdirSync('test-results/order-timeline', { recursive: true });
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(steps.last()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    expect((await axeViolations(page)).filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await page.screenshot({ path: `test-results/order-timeline/order-${width}.png`, fullPage: true, scale: 'css' });
  }
});
