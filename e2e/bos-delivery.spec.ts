import { mkdirSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInThroughApi } from './support/accounts';
import { axeViolations } from './support/axe';
import { apiCall } from './support/back-office';

/** The seeded administrator, Meera Iyer: she holds delivery:manage. */
const ADMIN = '9876500003';

/** A shopper's pincode check and then their cart, from a client of its own (the shopper's API calls, not a page). */
async function shopperSees(request: APIRequestContext, baseURL: string, pincode: string) {
  const headers = { 'X-Origin': new URL(baseURL).origin };
  const check = await request.get(`/s/api/check/pincode/${pincode}`, { headers });
  const cart = await request.get('/s/api/cart', { headers });
  return { status: check.status(), check: await check.json(), cart: (await cart.json()) as { delivery_info: { charge: number; free_above: number; min_order: number }[] } };
}

async function screenshot(page: Page, name: string) {
  mkdirSync('docs/images', { recursive: true });
  // Nothing scrolls sideways at this width.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.screenshot({ path: `docs/images/bos-delivery-${name}.png`, fullPage: true, scale: 'css' });
}

test.describe('delivery zones in the back office @desktop', () => {
  test.describe.configure({ timeout: 180_000 });

  test('staff make a zone, paste its pincodes (one refused, named as in another zone), set its charge, and the shopper’s pincode check and cart follow at once @desktop', async ({ page, request, baseURL }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // Named to sort after the seeded zones (other specs walk the order queue's zone list with the arrow keys).
    const name = `Sarjapur ${Date.now().toString().slice(-6)}`;
    await page.goto('/about');
    await signInThroughApi(page, ADMIN);
    // Unknown to the shop before.
    expect((await shopperSees(request, baseURL!, '562110')).status).toBe(404);

    await page.goto('/bos/admin/delivery');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Delivery zones');
    await expect(page.getByRole('row', { name: /^Metro/ })).toContainText('₹30, free from ₹499');
    await page.getByRole('link', { name: 'New zone' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('New delivery zone');

    const form = page.locator('[data-zone-form]');
    const create = form.getByRole('button', { name: 'Create zone' });
    await expect(create).toBeEnabled(); // hydrated
    await form.getByLabel('Zone name').fill(name);
    await form.getByLabel('Delivery charge (₹)').fill('-35');
    await create.click();
    await expect(form.getByText('Delivery charge must not be negative')).toBeVisible();
    await form.getByLabel('Delivery charge (₹)').fill('35');
    await form.getByLabel('Free delivery from (₹)').fill('750');
    await form.getByLabel('Minimum order (₹)').fill('150');
    await form.getByLabel('Window from').fill('09:00');
    await form.getByLabel('Window to').fill('13:00');
    await form.getByRole('checkbox', { name: /Bengaluru Central \(BLR/ }).check();
    await expect(form.locator('[data-unsaved]')).toHaveText('Unsaved changes');
    await create.click();

    await expect(page).toHaveURL(/\/bos\/admin\/delivery\/\d+\?created=1$/);
    const zoneId = Number(/delivery\/(\d+)/.exec(page.url())![1]);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Zone ${name}`);
    await expect(page.locator('[data-zone-report]')).toHaveText(`Zone ${name} made. Now paste the pincodes it delivers to.`);

    // Paste three: two new to the shop (one written the Indian way), one in Metro.
    const paste = page.locator('[data-paste-form]');
    await paste.getByRole('textbox', { name: 'Pincodes' }).fill('562110\n560001, 562 111');
    await expect(paste.locator('[data-paste-read]')).toHaveText('3 pincodes read.');
    await paste.getByRole('button', { name: `Add to ${name}` }).click();
    await expect(paste.getByRole('alert').first()).toContainText('New to the shop: 562110 and 562111. Give the city and state they are in, or leave them out.');
    await paste.getByLabel('City').fill('Bengaluru');
    await paste.getByLabel('State').selectOption('Karnataka');
    await paste.getByRole('button', { name: `Add to ${name}` }).click();
    const said = page.locator('[data-paste-report]');
    await expect(said).toContainText(`2 pincodes added to ${name}. 1 pincode refused: 560001 is in zone Metro.`);
    const refused = said.locator('[data-refused="560001"]');
    await expect(refused).toContainText('560001 is in zone Metro: take it out there first to move it here.');
    await expect(refused.getByRole('link', { name: 'Metro' })).toHaveAttribute('href', /\/bos\/admin\/delivery\/\d+$/);
    // The box keeps the refused one; the list has the two added.
    await expect(paste.getByRole('textbox', { name: 'Pincodes' })).toHaveValue('560001');
    await expect(page.locator('[data-pincode-row]')).toHaveText([/^562110\s*Bengaluru\s*Karnataka/, /^562111\s*Bengaluru\s*Karnataka/]);
    await expect(page.locator('[data-pincode-count]')).toHaveText('(2)');
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'zone-1280');

    // The shopper's pincode check and cart already know the zone and its charge.
    let seen = await shopperSees(request, baseURL!, '562110');
    expect(seen.check).toEqual({ pincode: '562110', serviceable: true, city: 'Bengaluru', state: 'Karnataka', message: 'Delivering to 562110, Bengaluru' });
    expect(seen.cart.delivery_info).toEqual([expect.objectContaining({ charge: 35, free_above: 750, min_order: 150 })]);

    // A new charge, saved: the next request says it.
    await form.getByLabel('Delivery charge (₹)').fill('25');
    await form.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.locator('[data-zone-report]')).toHaveText(`Zone ${name} saved. Shoppers’ next pincode check, cart and checkout follow it.`);
    await expect(form.locator('[data-unsaved]')).toHaveCount(0);
    seen = await shopperSees(request, baseURL!, '562110');
    expect(seen.cart.delivery_info).toEqual([expect.objectContaining({ charge: 25 })]);
    const zone = (await apiCall(page, 'GET', `/bos/zones/${zoneId}`)).body as { zone: { charge_paise: number; window_start: string; warehouse_ids: number[] } };
    expect(zone.zone).toMatchObject({ charge_paise: 2500, window_start: '09:00' });

    // A pincode removed, after the question says what happens: the shopper's check refuses it at once.
    await page.getByRole('button', { name: 'Remove 562111' }).click();
    const dialog = page.getByRole('dialog', { name: `Remove 562111 from ${name}?` });
    await expect(dialog).toContainText('Shoppers at 562111 can no longer order for delivery');
    await dialog.getByRole('button', { name: 'Remove 562111' }).click();
    await expect(page.locator('[data-zone-report]')).toHaveText(`562111 removed from ${name}: it is no longer delivered.`);
    await expect(page.locator('[data-pincode-row]')).toHaveCount(1);
    expect((await shopperSees(request, baseURL!, '562111')).status).toBe(422);

    // The list finds the zone by a pincode in it.
    await page.goto('/bos/admin/delivery');
    await page.getByLabel('Find a zone by name or pincode').fill('56211');
    await expect(page).toHaveURL(/\?q=56211$/);
    const row = page.locator(`[data-zone-row="${zoneId}"]`);
    await expect(row.getByRole('rowheader')).toHaveText(name);
    await expect(row.getByRole('cell')).toHaveText(['1', '₹25, free from ₹750', '₹150', 'Up to ₹5,000 (the shop’s limit)', 'Next day, 9:00 AM – 1:00 PM', 'BLR']);
    await screenshot(page, 'zones-1280');

    // The zone removed, after saying what becomes of its pincode.
    await row.getByRole('link', { name }).click();
    await page.getByRole('button', { name: `Remove zone ${name}` }).click();
    const removeDialog = page.getByRole('dialog', { name: `Remove zone ${name}?` });
    await expect(removeDialog).toContainText('Its 1 pincode will no longer be delivered to');
    await removeDialog.getByRole('button', { name: `Remove ${name}` }).click();
    await expect(page).toHaveURL(/\/bos\/admin\/delivery$/);
    await expect(page.locator('[data-zones-notice]')).toHaveText(`Zone ${name} removed. Its 1 pincode is no longer delivered.`);
    expect((await shopperSees(request, baseURL!, '562110')).status).toBe(422);
  });

  test('the screens at 768 px: nothing scrolls sideways, every control is there @desktop', async ({ page }) => {
    await page.setViewportSize({ width: 768, height: 900 });
    await page.goto('/about');
    await signInThroughApi(page, ADMIN);
    const made = await apiCall(page, 'POST', '/bos/zones', {
      name: `Yelahanka ${Date.now().toString().slice(-6)}`, charge_paise: 4000, free_above_paise: 60_000, min_order_paise: 10_000, cod_allowed: true, cod_limit_paise: 200_000,
      lead_days: 2, window_start: '16:00', window_end: '19:30', warehouse_ids: [1],
    });
    expect(made.status).toBe(201);
    const id = (made.body as { id: number }).id;
    expect((await apiCall(page, 'POST', `/bos/zones/${id}/pincodes`, { pincodes: '635109 635110 635126', city: 'Hosur', state: 'Tamil Nadu' })).status).toBe(200);
    await page.goto(`/bos/admin/delivery/${id}`);
    await expect(page.locator('[data-pincode-row]')).toHaveCount(3);
    await page.getByRole('textbox', { name: 'Pincodes' }).fill('560001');
    await page.getByRole('button', { name: /^Add to Yelahanka/ }).click();
    await expect(page.locator('[data-refused="560001"]')).toBeVisible();
    await screenshot(page, 'zone-768');
    await page.goto('/bos/admin/delivery');
    await expect(page.locator(`[data-zone-row="${id}"]`)).toContainText('Up to ₹2,000');
    await screenshot(page, 'zones-768');
    // The shop as the other specs found it: the zone goes, its pincodes with it.
    expect((await apiCall(page, 'DELETE', `/bos/zones/${id}`)).status).toBe(200);
  });
});
