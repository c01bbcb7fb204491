import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { registerWithApi, signIn, signInThroughApi } from './support/accounts';
import { axeViolations } from './support/axe';
import { placeOrdersThroughApi } from './support/checkout';

/** The seeded administrator, Meera Iyer: hasAdminAccess with order:manage. */
const ADMIN = '9876500003';

const tab = (page: Page, name: string) => page.locator(`[data-tab=${name}]`);
const count = (page: Page, name: string) => tab(page, name).locator('[data-count]');

// The back office is desktop first and usable on a tablet: the same day's run at both widths.
for (const width of [1280, 768]) {
  test.describe(`the orders queue at ${width} px @desktop`, () => {
    test.use({ viewport: { width, height: 900 } });
    // A whole day's step each: registering, ordering, signing staff in, moving orders, axe.
    test.describe.configure({ timeout: 120_000 });

    test('staff confirm a shopper\'s two new orders together with the keyboard; a shopper gets the 403 page, a visitor the sign-in', async ({ page }) => {
      // A new shopper with a name only this run has, and two orders placed through the API.
      const suffix = String.fromCharCode(97 + (Date.now() % 26), 97 + ((Date.now() >> 5) % 26), 97 + (width % 26));
      const name = `Queue Tester ${suffix}`;
      await registerWithApi(page, `9${String(width).slice(0, 1)}${String(Date.now()).slice(-8)}`, name);
      const ids = await placeOrdersThroughApi(page, 2);
      expect(ids).toHaveLength(2);

      // A shopper is not staff: the themed 403 page.
      const refused = await page.goto('/bos/admin');
      expect(refused?.status()).toBe(403);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('You do not have access to this page');
      await expect(page.getByText('The back office is for administrators who may see orders.')).toBeVisible();

      // Signed out: to the sign-in, which comes back to the queue with its filter.
      await page.context().clearCookies();
      await page.goto(`/bos/admin?q=${encodeURIComponent(name)}`);
      await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fbos%2Fadmin%3Fq%3D/);
      await signIn(page, ADMIN, { from: '' });
      await expect(page).toHaveURL(new RegExp(`/bos/admin\\?q=${encodeURIComponent(name).replace(/%20/g, '(\\+|%20)')}$`));

      // Server-rendered from the address: the shopper's two orders wait to be confirmed, nothing of theirs to pack.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Orders');
      await expect(tab(page, 'to_confirm')).toHaveAttribute('aria-current', 'page');
      await expect(count(page, 'to_confirm')).toHaveText('2');
      await expect(count(page, 'to_pack')).toHaveText('0');
      const rows = page.locator('[data-order-row]');
      await expect(rows).toHaveCount(2);
      await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(name);
      const bulk = page.locator('[data-bulk-bar]').getByRole('button');
      await expect(bulk).toHaveText('Confirm orders');
      await expect(bulk).toBeDisabled();

      // Keyboard only: from the "every order" box, Tab to each row's box and Space to choose it.
      const all = page.getByRole('checkbox', { name: 'Choose every order on this page' });
      await expect(all).toBeEnabled(); // hydrated
      await all.focus();
      await page.keyboard.press('Tab');
      await expect(rows.nth(0).getByRole('checkbox')).toBeFocused();
      await page.keyboard.press('Space');
      await page.keyboard.press('Tab'); // the order's link
      await expect(rows.nth(0).getByRole('link')).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(rows.nth(1).getByRole('checkbox')).toBeFocused();
      await page.keyboard.press('Space');
      await expect(all).toBeChecked();
      await expect(bulk).toHaveText('Confirm 2 orders');

      // Every order's number leads to its page.
      const links = await rows.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
      expect(links.toSorted()).toEqual(ids.map((id) => `/bos/admin/orders/${id}`).toSorted());

      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'queue-chosen', width);

      await bulk.focus();
      await page.keyboard.press('Enter');
      await expect(page.locator('[data-bulk-report]')).toHaveText('2 orders confirmed.');
      await expect(count(page, 'to_confirm')).toHaveText('0');
      await expect(count(page, 'to_pack')).toHaveText('2');
      await expect(page.locator('[data-queue-empty]')).toBeVisible();

      // To pack: the same two, confirmed; the tab is in the address.
      await tab(page, 'to_pack').click();
      await expect(page).toHaveURL(/\/bos\/admin\?tab=to_pack&q=/);
      await expect(rows).toHaveCount(2);
      for (const row of await rows.all()) await expect(row.getByText('Confirmed', { exact: true })).toBeVisible();
      await expect(page.locator('[data-bulk-bar]').getByRole('button')).toHaveText('Mark orders packed');
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'queue-to-pack', width);

      // Back goes to the tab before, and the view follows the address.
      await page.goBack();
      await expect(page).toHaveURL(/\/bos\/admin\?q=/);
      await expect(tab(page, 'to_confirm')).toHaveAttribute('aria-current', 'page');
      await expect(page.locator('[data-queue-empty]')).toBeVisible();
    });

    test('staff choose a zone, a warehouse and a sales agent from lists with the keyboard; each stays in the address', async ({ page }) => {
      const suffix = String.fromCharCode(97 + (Date.now() % 26), 97 + ((Date.now() >> 5) % 26), 99 + (width % 24));
      const name = `Filter Tester ${suffix}`;
      await registerWithApi(page, `7${String(width).slice(0, 1)}${String(Date.now()).slice(-8)}`, name);
      const [id] = await placeOrdersThroughApi(page, 1);
      await page.context().clearCookies();
      await signInThroughApi(page, ADMIN);
      await page.goto(`/bos/admin?q=${encodeURIComponent(name)}`);
      const rows = page.locator('[data-order-row]');
      await expect(rows).toHaveCount(1);
      // The order's warehouse and the Metro zone's number, as staff see them.
      const { order, options } = await page.evaluate(async (orderId) => ({
        order: await (await fetch(`/s/api/bos/orders/${orderId}`)).json(),
        options: await (await fetch('/s/api/bos/orders/filters')).json(),
      }), id!);
      const warehouse = options.warehouses.find((w: { id: number }) => w.id === order.lines[0].warehouse_id);
      const metro = options.zones.find((z: { name: string }) => z.name === 'Metro');

      const zone = page.getByRole('combobox', { name: 'Delivery zone' });
      await expect(zone.locator('option')).toHaveText(['Any zone', ...options.zones.map((z: { name: string; pincodes: string[] }) => `${z.name} (${z.pincodes.length} pincode${z.pincodes.length === 1 ? '' : 's'})`)]);
      const apply = page.getByRole('button', { name: 'Apply filters' });
      await expect(page.getByRole('checkbox', { name: 'Choose every order on this page' })).toBeEnabled(); // hydrated

      // Keyboard only: the zone list with the arrow keys (Extended, a zone the order is not in), then Apply.
      // The zones come by name: Extended, then Metro.
      await zone.focus();
      await page.keyboard.press('ArrowDown');
      await expect(zone.locator('option:checked')).toHaveText(/^Extended/);
      await apply.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`[?&]zone=\\d+`));
      await expect(page.locator('[data-queue-empty]')).toHaveText('No orders to confirm with these filters.');
      await zone.focus();
      await page.keyboard.press('ArrowDown');
      await expect(zone).toHaveValue(String(metro.id));
      await apply.focus();
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(new RegExp(`[?&]zone=${metro.id}(&|$)`));
      await expect(rows).toHaveCount(1);

      // The order's warehouse keeps it; the sales agent who placed none of it leaves nothing.
      await page.getByRole('combobox', { name: 'Warehouse' }).selectOption({ label: `${warehouse.name} (${warehouse.code})` });
      await page.getByRole('combobox', { name: 'Sales agent' }).selectOption({ label: 'Ravi Kumar' });
      await apply.click();
      await expect(page).toHaveURL(new RegExp(`warehouse=${warehouse.id}.*agent=\\d+`));
      await expect(page.locator('[data-queue-empty]')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'queue-filters', width);

      // The address alone renders the same filters on the server, chosen in their lists.
      await page.reload();
      await expect(zone).toHaveValue(String(metro.id));
      await expect(page.getByRole('combobox', { name: 'Warehouse' })).toHaveValue(String(warehouse.id));
      await expect(page.getByRole('combobox', { name: 'Sales agent' }).locator('option:checked')).toHaveText('Ravi Kumar');
      await expect(page.getByRole('button', { name: 'Clear 4 filters' })).toHaveCount(0);
      await expect(page.getByRole('link', { name: 'Clear 4 filters' })).toBeVisible();
      await page.getByRole('combobox', { name: 'Sales agent' }).selectOption({ label: 'Anyone' });
      await apply.click();
      await expect(page).not.toHaveURL(/agent=/);
      await expect(rows).toHaveCount(1);
    });

    test('on an order\'s page staff move it step by step to delivered, with the cash collected, and cancel another with a reason', async ({ page }) => {
      const suffix = String.fromCharCode(97 + (Date.now() % 26), 97 + ((Date.now() >> 5) % 26), 98 + (width % 25));
      await registerWithApi(page, `8${String(width).slice(0, 1)}${String(Date.now()).slice(-8)}`, `Order Page ${suffix}`);
      const [first, second] = await placeOrdersThroughApi(page, 2);
      await page.context().clearCookies();
      await signInThroughApi(page, ADMIN);
      await page.goto(`/bos/admin/orders/${first}`);

      await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Order [A-Z]+-\d+$/);
      await expect(page.locator('[data-status]')).toHaveText('Placed');
      await expect(page.locator('[data-line]')).not.toHaveCount(0);
      await expect(page.locator('[data-delivery-window]')).toContainText(/\d{1,2}:\d{2} [AP]M – /);
      const due = (await page.locator('[data-total]').textContent())!;
      await expect(page.getByRole('button', { name: 'Send out for delivery' })).toHaveCount(0);

      await page.getByRole('button', { name: 'Confirm order' }).click();
      await expect(page.locator('[data-status]')).toHaveText('Confirmed');
      await expect(page.locator('[data-timeline]').last()).toContainText('Staff · Meera Iyer');
      await expect(page.locator('[data-audit]')).toHaveCount(1);
      await expect(page.locator('[data-audit]')).toContainText('placed → confirmed');
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Mark packed' }).click();
      await expect(page.locator('[data-status]')).toHaveText('Packed');
      await page.getByRole('button', { name: 'Send out for delivery' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel("Rider's name (optional)").fill('Suresh');
      await dialog.getByRole('button', { name: 'Send out for delivery' }).click();
      await expect(page.locator('[data-status]')).toHaveText('Out for delivery');

      // Cash on delivery: the amount collected is asked for, and a different amount needs a note.
      await page.getByRole('button', { name: `Mark delivered (collect ${due})` }).click();
      await dialog.getByLabel('Cash collected (₹)').fill('1');
      await dialog.getByRole('button', { name: 'Mark delivered' }).click();
      await expect(dialog.getByText(`${due} was due: say why a different amount was collected`)).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, 'order-delivered-dialog', width);
      await dialog.getByLabel('Cash collected (₹)').fill(due.replace(/[₹,]/g, ''));
      await dialog.getByRole('button', { name: 'Mark delivered' }).click();
      await expect(page.locator('[data-status]')).toHaveText('Delivered');
      await expect(page.getByRole('group', { name: 'Move this order' })).toHaveCount(0);
      await expect(page.locator('[data-audit]')).toHaveCount(4);
      // The timeline says what each step recorded: the rider, the cash collected.
      await expect(page.locator('[data-timeline]').filter({ hasText: 'Sent out for delivery' })).toContainText('Rider: Suresh');
      await expect(page.locator('[data-timeline]').filter({ hasText: 'Delivered' })).toContainText(`Cash collected: ${due}`);
      await screenshot(page, 'order-delivered', width);

      // Cancel asks for a reason first.
      await page.goto(`/bos/admin/orders/${second}`);
      await page.getByRole('button', { name: 'Cancel order' }).click();
      await dialog.getByRole('button', { name: 'Cancel order' }).click();
      await expect(dialog.getByText('Say why the order is cancelled')).toBeVisible();
      await dialog.getByLabel('Reason').fill('Shopper asked by phone');
      await dialog.getByRole('button', { name: 'Cancel order' }).click();
      await expect(page.locator('[data-status]')).toHaveText('Cancelled');
      await expect(page.locator('[data-audit]')).toContainText('Shopper asked by phone');
    });
  });
}

/** For looking at: the page as it stands, whole, at this width; and no sideways scroll of the page itself. */
async function screenshot(page: Page, name: string, width: number) {
  mkdirSync('test-results/bos-orders', { recursive: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.screenshot({ path: `test-results/bos-orders/${name}-${width}.png`, fullPage: true, scale: 'css' });
}
