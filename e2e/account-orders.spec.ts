import { expect, test } from '@playwright/test';
import { registerWithApi } from './support/accounts';
import { cancelThroughApi, payOnProviderPage, placeOrdersThroughApi } from './support/checkout';
import { awake, holdHydration } from './support/islands';

const phone = (base: number) => String(base + (test.info().project.name === 'phone' ? 1 : 0));
const rows = (page: import('@playwright/test').Page) => page.getByRole('list', { name: 'Your orders' }).getByRole('listitem');

test('the orders list: newest first, the pagination widget and the status filter, all kept in the URL @desktop', async ({ page }) => {
  test.setTimeout(90_000);
  await registerWithApi(page, phone(9000015100), 'Asha Verma');
  const ids = await placeOrdersThroughApi(page, 12);
  await cancelThroughApi(page, ids[0]!);
  await cancelThroughApi(page, ids[1]!);

  await page.goto('/account/orders');
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination).toContainText('Total: 12');
  await expect(rows(page)).toHaveCount(10);
  await expect(rows(page).first()).toContainText('AF-');
  await expect(rows(page).first().locator('[data-status]')).toHaveText('Placed');
  await expect(rows(page).first()).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)/);

  // The select changes the address from the island's script: wait for it to wake (under load a change came first).
  await awake(page, 'nav[aria-label="Pagination"]');
  await pagination.getByLabel('Rows per page').selectOption('5');
  await expect(page).toHaveURL(/\/account\/orders\?perPage=5$/);
  await expect(rows(page)).toHaveCount(5);
  await pagination.getByRole('link', { name: '3', exact: true }).click();
  await expect(page).toHaveURL(/\/account\/orders\?perPage=5&page=3$/);
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).locator('[data-status]')).toHaveText(['Cancelled', 'Cancelled']);
  await page.reload();
  await expect(rows(page)).toHaveCount(2);
  await page.goBack();
  await expect(page).toHaveURL(/\/account\/orders\?perPage=5$/);
  await expect(rows(page)).toHaveCount(5);

  await awake(page, 'nav[aria-label="Pagination"]');
  await page.getByLabel('Show').selectOption('cancelled');
  await expect(page).toHaveURL(/\/account\/orders\?status=cancelled&perPage=5$/);
  await expect(rows(page)).toHaveCount(2);
  await expect(page.getByRole('navigation', { name: 'Pagination' })).toContainText('Total: 2');
});

test('an order’s page: its lines, delivery and address; Cancel asks with the Confirm dialog first @desktop', async ({ page }) => {
  await registerWithApi(page, phone(9000015200), 'Asha Verma');
  const [id] = await placeOrdersThroughApi(page, 1);
  await page.goto('/account/orders');
  await rows(page).first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${id}$`));
  await expect(page.locator('[data-status]').first()).toHaveText('Placed');
  await expect(page.getByRole('list', { name: 'Order progress' }).getByRole('listitem')).toHaveText(['Placed', 'Confirmed', 'Packed', 'Out for delivery', 'Delivered']);
  await expect(page.getByText('12, 4th Main')).toBeVisible();
  await awake(page, '[data-order]');

  // The dialog asks in this use's own words: the question is its title, and its buttons say what they do.
  const ordernumber = (await page.locator('[data-order]').getAttribute('data-order'))!;
  await page.getByRole('button', { name: 'Cancel order' }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel order ${ordernumber}?` });
  await expect(dialog).toContainText('Its items go back on the shelf');
  await expect(dialog.getByRole('button')).toHaveText(['×', 'Keep order', 'Cancel order']);
  await dialog.getByRole('button', { name: 'Keep order' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator('[data-status]').first()).toHaveText('Placed');
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await page.getByRole('dialog', { name: `Cancel order ${ordernumber}?` }).getByRole('button', { name: 'Cancel order' }).click();
  await expect(page.locator('[data-status]').first()).toHaveText('Cancelled');
  await expect(page.getByRole('button', { name: 'Cancel order' })).toHaveCount(0);
  await page.reload();
  await expect(page.locator('[data-status]').first()).toHaveText('Cancelled');
});

test('a tap on Cancel before the page has woken asks first, and cancels nothing until Confirm', async ({ page }) => {
  await registerWithApi(page, phone(9000015800), 'Asha Verma');
  const [id] = await placeOrdersThroughApi(page, 1);
  await page.goto(`/account/orders/${id}`);
  const release = await holdHydration(page, { reload: true });
  await page.getByRole('button', { name: 'Cancel order' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${id}\\?confirm=cancel$`));
  const state = await (await page.request.get(`/s/api/orders/${id}`)).json();
  const step = page.getByRole('region', { name: `Cancel order ${state.ordernumber}?` });
  await expect(step).toContainText('Its items go back on the shelf');
  expect(state.status).toBe('placed');
  release();
  await step.getByRole('link', { name: 'Keep order' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${id}$`));
  await expect(page.locator('[data-status]').first()).toHaveText('Placed');
});

test('the account page shows the latest orders with their status and the default address @desktop', async ({ page }) => {
  await registerWithApi(page, phone(9000015600), 'Asha Verma');
  await placeOrdersThroughApi(page, 4);
  await page.goto('/account');
  const latest = page.getByRole('region', { name: 'Latest orders' });
  await expect(latest.getByRole('listitem')).toHaveCount(3);
  await expect(latest.getByRole('listitem').first()).toContainText('Placed');
  await expect(page.getByRole('region', { name: 'Default address' })).toContainText('12, 4th Main');
});

test('Reorder puts the lines back in the cart and says which could not; the invoice adds up and prints without the shell', async ({ page }) => {
  test.setTimeout(60_000);
  await registerWithApi(page, phone(9000015700), 'Asha Verma');
  const [id] = await placeOrdersThroughApi(page, 1, 'razorpay');
  // Not paid yet: nothing was charged, so there is no invoice.
  await page.goto(`/account/orders/${id}`);
  await expect(page.locator('[data-payment]')).toHaveText('Not paid yet — pay online');
  await expect(page.getByRole('link', { name: 'Invoice' })).toHaveCount(0);
  expect((await page.goto(`/account/orders/${id}/invoice`))!.status()).toBe(404);
  await payOnProviderPage(page, id!);
  await page.goto(`/account/orders/${id}`);
  await expect(page.locator('[data-payment]')).toHaveText('Paid online');
  await awake(page, '[data-order]');
  await page.getByRole('button', { name: 'Reorder' }).click();
  await expect(page.locator('[data-reordered]')).toContainText('Added 1 item to your cart.');
  await expect(page.locator('[data-cart-badge]').filter({ visible: true })).toHaveText('1');
  await expect(page.locator('[data-cart-button]').filter({ visible: true })).toHaveAccessibleName('Cart, 1 item');

  await page.getByRole('link', { name: 'Invoice' }).click();
  await expect(page).toHaveURL(new RegExp(`/account/orders/${id}/invoice$`));
  // No GSTIN is configured for the browser tests' shop: a plain invoice, not a tax invoice.
  await expect(page.locator('[data-invoice] h1')).toHaveText('Invoice');
  await expect(page.locator('[data-invoice-gstin]')).toHaveCount(0);
  await expect(page.locator('[data-invoice-payment]')).toHaveText('Paid online');
  await expect(page.locator('[data-invoice-words]')).toHaveText(/^Rupees [A-Z][A-Za-z -]+ Only$/);
  await expect(page.getByText('Prices include GST')).toBeVisible();
  // Only the lines' table scrolls sideways on a phone, never the page.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  const total = await page.locator('[data-invoice-total]').textContent();
  const nets = await page.locator('[data-invoice] tbody tr td:last-child').allTextContents();
  const paise = (text: string) => Math.round(Number(text.replace(/[^\d.]/g, '')) * 100);
  const delivery = (await page.locator('[data-invoice] dl dd').nth(-2).textContent())!;
  // The lines' net amounts and the delivery charge add up to the total, to the paisa.
  expect(nets.reduce((sum, n) => sum + paise(n), 0) + (delivery === 'Free' ? 0 : paise(delivery))).toBe(paise(total!));
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('header[data-header-template]')).toBeHidden();
  await expect(page.locator('[data-invoice] h1')).toHaveText('Invoice');
});

test('another shopper’s order is a 404 @desktop', async ({ page, browser }) => {
  await registerWithApi(page, phone(9000015300), 'Asha Verma');
  const [id] = await placeOrdersThroughApi(page, 1);
  const other = await browser.newPage();
  await registerWithApi(other, phone(9000015400), 'Ravi Kumar');
  const answer = await other.goto(`/account/orders/${id}`);
  expect(answer!.status()).toBe(404);
  expect((await other.goto(`/account/orders/${id}/invoice`))!.status()).toBe(404);
  await other.close();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the list pages by links, and an order is cancelled by its plain form @desktop', async ({ page, browser }) => {
    // The orders are placed from a page with JavaScript, as the same shopper (the session cookie is shared).
    await registerWithApi(page, phone(9000015500), 'Asha Verma');
    const scripted = await browser.newContext({ storageState: await page.context().storageState() });
    const helper = await scripted.newPage();
    const ids = await placeOrdersThroughApi(helper, 11);
    await scripted.close();

    await page.goto('/account/orders');
    await expect(rows(page)).toHaveCount(10);
    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: '2', exact: true }).click();
    await expect(page).toHaveURL(/page=2$/);
    await expect(rows(page)).toHaveCount(1);
    await page.goto(`/account/orders/${ids[5]}`);
    const ordernumber = (await page.locator('[data-order]').getAttribute('data-order'))!;
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const step = page.getByRole('region', { name: `Cancel order ${ordernumber}?` });
    await expect(step).toContainText('Its items go back on the shelf');
    await step.getByRole('link', { name: 'Keep order' }).click();
    await expect(page.locator('[data-status]').first()).toHaveText('Placed');
    await page.getByRole('button', { name: 'Cancel order' }).click();
    await page.getByRole('region', { name: `Cancel order ${ordernumber}?` }).getByRole('button', { name: 'Cancel order' }).click();
    await expect(page).toHaveURL(new RegExp(`/account/orders/${ids[5]}$`));
    await expect(page.locator('[data-status]').first()).toHaveText('Cancelled');
  });
});
