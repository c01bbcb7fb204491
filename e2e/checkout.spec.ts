import { expect, test, type Page } from '@playwright/test';
import { register, registerWithApi } from './support/accounts';
import { addAddressAtCheckout, cartReadyForCheckout, ordersOf } from './support/checkout';
import { awake, holdHydration } from './support/islands';

/** Each test registers its own shopper, on a phone no other test uses (one apart per browser size). */
const phone = (base: number) => String(base + (test.info().project.name === 'phone' ? 1 : 0));

const placeOrder = (page: Page) => page.getByRole('button', { name: /^Place Order/ });

/** Signed up (through the API; `screens` goes through the sign-up screens, as the first test does), a cart, an address. */
async function readyAtCheckout(page: Page, base: number, { screens = false } = {}) {
  await (screens ? register : registerWithApi)(page, phone(base), 'Asha Verma');
  const total = await cartReadyForCheckout(page);
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await addAddressAtCheckout(page);
  await expect(page.getByRole('radio', { name: /Asha Verma/ })).toBeChecked();
  return total;
}

test('cash on delivery: add an address, see the delivery, choose the method, place the order, see it placed', async ({ page }) => {
  const total = await readyAtCheckout(page, 9000016100, { screens: true });
  await expect(page.locator('[data-delivery-window]').first()).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, 7:00 AM – 11:00 AM$/);
  await expect(placeOrder(page)).toBeDisabled();
  await expect(page.locator('[data-place-order-blocked]')).toHaveText('Choose a payment method');
  // Nothing on the page is wider than the screen (at 360 px the address form once pushed it to 388).
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await expect(page.locator('[data-place-order-blocked]')).toHaveCount(0);
  await page.getByLabel('Note for the delivery (optional)').fill('Ring twice');
  await placeOrder(page).click();

  await expect(page).toHaveURL(/\/order\/success\/AF-\d{6}$/);
  await expect(page.getByRole('heading', { name: 'Thank you! Your order is placed.' })).toBeVisible();
  const ordernumber = await page.locator('[data-ordernumber]').textContent();
  expect(page.url()).toContain(`/order/success/${ordernumber}`);
  await expect(page.locator('[data-order-total]')).toContainText(`₹${total.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
  await expect(page.getByText('12, 4th Main, Indiranagar')).toBeVisible();
  const { total: count, data } = await ordersOf(page);
  expect(count).toBe(1);
  expect(data[0]).toMatchObject({ ordernumber, status: 'placed', payment_method: 'cod' });
  // The cart was emptied by the order.
  await page.goto('/checkout');
  await expect(page.locator('[data-checkout-empty]')).toBeVisible();
});

test('what the shopper typed and chose before the page woke up is kept (a slow phone)', async ({ page }) => {
  await readyAtCheckout(page, 9000016900);
  const release = await holdHydration(page, { reload: true });
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  await page.getByLabel('Note for the delivery (optional)').fill('Leave with the guard');
  await page.getByText('Add a new address').click();
  const form = page.getByRole('form', { name: 'New address' });
  await form.getByLabel('Name').fill('Ravi Kumar');
  await form.getByLabel('Phone').fill('9123456780');
  await form.getByLabel('Address line 1').fill('7, MG Road');
  await form.getByLabel('Pincode').fill('560034');
  await form.getByLabel('City').fill('Bengaluru');
  await form.getByLabel('State').fill('Karnataka');
  // Awake means the address form's effects have run: it takes up the typed pincode and looks its place up. Astro
  // drops the island's `ssr` before React has hydrated all of it, and a tap in between posts the plain form.
  const lookedUp = page.waitForRequest((request) => request.url().includes('/s/api/check/pincode/560034'));
  release();
  await expect(page.locator('astro-island').filter({ has: page.locator('#place-order') })).not.toHaveAttribute('ssr', '');
  await lookedUp;
  await form.getByRole('button', { name: 'Save and deliver here' }).click();
  await expect(page.getByRole('radio', { name: /Ravi Kumar/ })).toBeChecked();
  await expect(page.getByRole('heading', { name: 'Your order to 560034' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Cash on Delivery/ })).toBeChecked();
  await expect(page.getByLabel('Note for the delivery (optional)')).toHaveValue('Leave with the guard');
  await expect(page).toHaveURL(/\/checkout$/);
});

test('an address no zone serves: no delivery charge is claimed and each line says why it cannot come @desktop', async ({ page }) => {
  await readyAtCheckout(page, 9000016800);
  await addAddressAtCheckout(page, '799001');
  await expect(page.getByRole('heading', { name: 'Your order to 799001' })).toBeVisible();
  await expect(page.locator('[data-checkout-delivery]')).toHaveText('not available to 799001');
  await expect(page.locator('[data-delivery-charge]')).toHaveText(['Delivery not available to 799001']);
  await expect(page.locator('[data-line-reason]')).toHaveText(['Sorry, we do not deliver to 799001 yet']);
  await expect(placeOrder(page)).toBeDisabled();
});

test('cash on delivery above its limit is still listed, not selectable, with the reason @desktop', async ({ page }) => {
  await readyAtCheckout(page, 9000017300);
  // More of the costliest packs until the cart is over ₹5,000.
  const total = await page.evaluate(async () => {
    const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
    const headers = { 'Content-Type': 'application/json', 'X-Origin': location.origin, 'X-XSRF-TOKEN': xsrf };
    const { data } = await (await fetch('/s/api/products?s=price_desc&perPage=24', { headers })).json();
    let cart = { total: 0 };
    for (const p of data.flatMap((product: { packs: { pack_id: number; warehouse_id: number; in_stock: boolean }[] }) => product.packs).filter((p: { in_stock: boolean }) => p.in_stock)) {
      if (cart.total > 5000) break;
      const added = await fetch('/s/api/cart/add', { method: 'POST', headers, body: JSON.stringify({ pack_id: p.pack_id, warehouse_id: p.warehouse_id, quantity: 2 }) });
      if (added.ok) cart = await added.json();
    }
    return cart.total;
  });
  expect(total).toBeGreaterThan(5000);
  await page.reload();
  await expect(page.getByRole('radio', { name: /Asha Verma/ })).toBeChecked();
  await expect(page.getByRole('radio', { name: /Cash on Delivery/ })).toBeDisabled();
  await expect(page.locator('[data-payment-unavailable="cod"]')).toHaveText('Cash on delivery is available for orders up to ₹5,000; please pay online');
  await page.getByRole('radio', { name: /UPI, Cards/ }).check();
  await expect(page.locator('[data-place-order-blocked]')).toHaveCount(0);
});

test('a double click on Place Order makes one order @desktop', async ({ page }) => {
  await readyAtCheckout(page, 9000016200);
  await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
  const creates: string[] = [];
  page.on('request', (r) => r.url().endsWith('/s/api/order/create') && creates.push(r.headers()['idempotency-key'] ?? ''));
  await placeOrder(page).dblclick();
  await expect(page).toHaveURL(/\/order\/success\//);
  expect((await ordersOf(page)).total).toBe(1);
  expect(new Set(creates).size).toBe(1);
});

for (const provider of [
  { code: 'razorpay', method: /UPI, Cards, Netbanking and Wallets/, succeed: 'Succeed', fail: 'Fail', phones: [9000016300, 9000016400] },
  { code: 'stripe', method: /Credit or Debit Card/, succeed: 'Succeed', fail: 'Fail (card declined)', phones: [9000016500, 9000016600] },
] as const) {
  test(`${provider.code} (simulated): a payment that succeeds shows the order placed @desktop`, async ({ page }) => {
    test.setTimeout(60_000);
    const total = await readyAtCheckout(page, provider.phones[0]);
    await page.getByRole('radio', { name: provider.method }).check();
    await placeOrder(page).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/${provider.code}/\\d+$`));
    await expect(page.locator('[data-pay-amount]')).toContainText(`₹${total.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`);
    await page.locator('[data-pay]').click();
    await page.getByRole('button', { name: provider.succeed, exact: true }).first().click();
    await expect(page).toHaveURL(/\/order\/success\/AF-\d{6}$/);
    await expect(page.getByRole('heading', { name: 'Thank you! Your order is placed.' })).toBeVisible();
    expect((await ordersOf(page)).data[0]).toMatchObject({ status: 'placed', payment_method: provider.code });

    // Cancelled after paying: the dialog says the money comes back, and the order shows the refund.
    const amount = `₹${total.toLocaleString('en-IN', { minimumFractionDigits: 2 })}`;
    await page.goto('/account/orders');
    await page.getByRole('list', { name: 'Your orders' }).getByRole('listitem').first().getByRole('link').click();
    await awake(page, '[data-order]');
    await page.getByRole('button', { name: 'Cancel order' }).click();
    const dialog = page.getByRole('dialog', { name: /^Cancel order AF-\d{6}\?$/ });
    await expect(dialog).toContainText(`${amount} is refunded to your original payment method`);
    await dialog.getByRole('button', { name: 'Cancel order' }).click();
    await expect(page.locator('[data-status]').first()).toHaveText('Cancelled');
    await page.reload();
    await expect(page.locator('[data-refund]')).toContainText(`Refunded ${amount}`);
    // It was charged, so its invoice stays, marked cancelled with the refund.
    await expect(page.locator('[data-payment]')).toHaveText('Paid online · refunded');
    await page.getByRole('link', { name: 'Invoice' }).click();
    await expect(page.locator('[data-invoice-cancelled]')).toContainText('Cancelled');
    await expect(page.locator('[data-invoice-cancelled]')).toContainText(`Refunded ${amount}`);
  });

  test(`${provider.code} (simulated): a failed payment is retried and then succeeds @desktop`, async ({ page }) => {
    await readyAtCheckout(page, provider.phones[1]);
    await page.getByRole('radio', { name: provider.method }).check();
    await placeOrder(page).click();
    await page.locator('[data-pay]').click();
    await page.getByRole('button', { name: provider.fail, exact: true }).first().click();
    await expect(page).toHaveURL(/\/checkout\/confirm\/\d+/);
    await expect(page.getByRole('alert').filter({ hasText: 'did not go through' })).toBeVisible();
    expect((await ordersOf(page)).data[0]).toMatchObject({ status: 'payment_failed' });
    await page.getByRole('button', { name: /^Try again:/ }).click();
    await expect(page).toHaveURL(new RegExp(`/checkout/${provider.code}/\\d+$`));
    await page.locator('[data-pay]').click();
    await page.getByRole('button', { name: provider.succeed, exact: true }).first().click();
    await expect(page).toHaveURL(/\/order\/success\/AF-\d{6}$/);
    const { total, data } = await ordersOf(page);
    expect(total).toBe(1);
    expect(data[0]).toMatchObject({ status: 'placed', payment_method: provider.code });
  });
}

test('leaving the provider’s page without paying says so at once and offers to pay now @desktop', async ({ page }) => {
  await readyAtCheckout(page, 9000017000);
  await page.getByRole('radio', { name: /UPI, Cards, Netbanking and Wallets/ }).check();
  await placeOrder(page).click();
  await page.locator('[data-pay]').click();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\/confirm\/\d+\?cancelled=1$/);
  await expect(page.getByText('You left the payment page before paying.')).toBeVisible();
  // As after a failure: the same way again, the other ways, and cancelling the order.
  await expect(page.getByRole('button', { name: 'Credit or debit card (Stripe)' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cash on Delivery' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel order' })).toBeVisible();
  await page.getByRole('link', { name: 'Pay now' }).click();
  await page.locator('[data-pay]').click();
  await page.getByRole('button', { name: 'Succeed', exact: true }).first().click();
  await expect(page).toHaveURL(/\/order\/success\/AF-\d{6}$/);
});

test('two tabs pay one payment; paying the old page after paying again is refunded and the order says why @desktop', async ({ page, context }) => {
  // Two payments, a failure and a retry through the pages: three times the usual time.
  test.slow();
  await readyAtCheckout(page, 9000021100);
  await page.getByRole('radio', { name: /UPI, Cards, Netbanking and Wallets/ }).check();
  await placeOrder(page).click();
  await expect(page).toHaveURL(/\/checkout\/razorpay\/\d+$/);
  // A second tab opens the same payment page at the same moment as a reload of the first: one payment, one link.
  const other = await context.newPage();
  await Promise.all([page.reload(), other.goto(page.url())]);
  const first = await page.locator('[data-pay]').getAttribute('href');
  expect(await other.locator('[data-pay]').getAttribute('href')).toBe(first);
  // That payment fails; the shopper pays again (a new payment) and succeeds.
  await page.locator('[data-pay]').click();
  await page.getByRole('button', { name: 'Fail', exact: true }).first().click();
  await page.getByRole('button', { name: /^Try again:/ }).click();
  await expect(page).toHaveURL(/\/checkout\/razorpay\/\d+$/);
  expect(await page.locator('[data-pay]').getAttribute('href')).not.toBe(first);
  await page.locator('[data-pay]').click();
  await page.getByRole('button', { name: 'Succeed', exact: true }).first().click();
  await expect(page).toHaveURL(/\/order\/success\/AF-\d{6}$/);
  const ordernumber = await page.locator('[data-ordernumber]').textContent();
  // The other tab still shows the first payment's page, which still takes money: that money goes back.
  await other.locator('[data-pay]').click();
  await other.getByRole('button', { name: 'Succeed', exact: true }).first().click();
  await expect(other).toHaveURL(/\/order\/success\/AF-\d{6}$/);
  expect((await ordersOf(page)).total).toBe(1);
  await page.goto('/account/orders');
  await page.getByRole('list', { name: 'Your orders' }).getByRole('listitem').first().getByRole('link').click();
  await expect(page.locator('[data-refund]')).toContainText(`Your payment could not be accepted (Order ${ordernumber} was already paid). Refunded`);
});

test('the UPI collect request page survives a reload, and approving it pays @desktop', async ({ page }) => {
  await readyAtCheckout(page, 9000021200);
  await page.getByRole('radio', { name: /UPI, Cards, Netbanking and Wallets/ }).check();
  await placeOrder(page).click();
  await page.locator('[data-pay]').click();
  await page.getByLabel('Your UPI ID').fill('asha@okicici');
  await page.getByRole('button', { name: 'Send collect request' }).click();
  await expect(page.getByRole('heading', { name: 'Collect request sent' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Collect request sent' })).toBeVisible();
  await expect(page.getByText('asha@okicici')).toBeVisible();
  await page.getByRole('button', { name: 'Approve in UPI app' }).click();
  await expect(page).toHaveURL(/\/order\/success\/AF-\d{6}$/);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('cash on delivery works with plain form posts, and a second post of the same page makes no second order', async ({ page }) => {
    await register(page, phone(9000016700), 'Asha Verma');
    // The cart and the pincode through their own no-JavaScript forms: add to cart, and the pincode dialog.
    await page.goto('/products?s=price_desc');
    await page.getByRole('button', { name: 'Add to Cart' }).nth(2).click();
    // The post answers with the page again: wait for it, or the next tap lands on the page being left.
    await expect(page.locator('[data-cart-badge]').filter({ visible: true })).toHaveText('1');
    await page.locator('[data-pincode-button]').filter({ visible: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Change Location' });
    await dialog.getByLabel('Pincode').fill('560001');
    await dialog.getByRole('button', { name: 'Check' }).click();

    await page.goto('/checkout');
    await addAddressAtCheckout(page);
    await expect(page).toHaveURL(/\/checkout\?address_id=\d+$/);
    await expect(page.getByRole('radio', { name: /Asha Verma/ })).toBeChecked();
    await page.getByRole('radio', { name: /Cash on Delivery/ }).check();
    const form = await page.locator('#place-order').evaluate((f: HTMLFormElement) => {
      const data = new FormData(f);
      return Object.fromEntries([...data.entries()].map(([k, v]) => [k, String(v)]));
    });
    await placeOrder(page).click();
    await expect(page).toHaveURL(/\/order\/success\/AF-\d{6}$/);
    const ordernumber = await page.locator('[data-ordernumber]').textContent();

    // The same page posted again (a double tap, a resend): the same key answers the same order.
    const again = await page.request.post('/checkout/place', { form, maxRedirects: 0, headers: { origin: new URL(page.url()).origin } });
    expect(again.status()).toBe(303);
    expect(again.headers().location).toBe(`/order/success/${ordernumber}`);
    expect((await ordersOf(page)).total).toBe(1);
  });
});
