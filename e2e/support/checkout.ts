import { expect, type Page } from '@playwright/test';

/**
 * Fills the signed-in shopper's cart past the zone's minimum order and sets a delivered pincode, through the API
 * as the islands call it (from the page, with its cookies and anti-forgery token). Resolves to the cart's total.
 */
export async function cartReadyForCheckout(page: Page, pincode = '560001'): Promise<number> {
  await page.goto('/products');
  return page.evaluate(async (pin) => {
    const headers = () => {
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      return { 'Content-Type': 'application/json', 'X-Origin': location.origin, 'X-XSRF-TOKEN': xsrf };
    };
    await fetch('/s/api/cookie', { headers: { 'X-Origin': location.origin } });
    const { data } = await (await fetch('/s/api/products?s=price_desc', { headers: headers() })).json();
    const pack = data.flatMap((p: { packs: { pack_id: number; warehouse_id: number; in_stock: boolean; price: number }[] }) => p.packs).find((p: { in_stock: boolean; price: number }) => p.in_stock && p.price >= 150 && p.price <= 1000);
    await fetch('/s/api/cart/add', { method: 'POST', headers: headers(), body: JSON.stringify({ pack_id: pack.pack_id, warehouse_id: pack.warehouse_id }) });
    const checked = await fetch(`/s/api/check/pincode/${pin}`, { headers: headers() });
    if (!checked.ok) throw new Error(`pincode ${pin}: ${await checked.text()}`);
    const cart = await (await fetch('/s/api/cart', { headers: headers() })).json();
    return cart.total as number;
  }, pincode);
}

/** Adds an address through the checkout's own form ('Add a new address'). */
export async function addAddressAtCheckout(page: Page, pincode = '560001') {
  const form = page.getByRole('form', { name: 'New address' });
  if (!(await form.isVisible())) await page.getByText('Add a new address').click();
  // A form that just saved an address empties itself once the answer is in: typing before that is wiped.
  await expect(form.getByLabel('Pincode')).toHaveValue('');
  await form.getByLabel('Name').fill('Asha Verma');
  await form.getByLabel('Phone').fill('9876512345');
  await form.getByLabel('Address line 1').fill('12, 4th Main, Indiranagar');
  await form.getByLabel('Pincode').fill(pincode);
  await form.getByLabel('City').fill('Bengaluru');
  await form.getByLabel('State').fill('Karnataka');
  await form.getByRole('button', { name: 'Save and deliver here' }).click();
}

/** The signed-in shopper's orders, as the API lists them. */
export async function ordersOf(page: Page): Promise<{ total: number; data: { ordernumber: string; status: string; payment_method: string }[] }> {
  const answer = await page.request.get('/s/api/orders?perPage=50');
  expect(answer.ok()).toBe(true);
  const body = await answer.json();
  return { total: body.meta.total, data: body.data };
}

/**
 * Places `count` orders for the signed-in shopper through the API (an address, then for each order a pack in the
 * cart and order/create with its own key), as a shopper with a history would have them: cash on delivery, or
 * online (`payment`: then each waits for its payment). Resolves to the orders' ids, oldest first.
 */
export async function placeOrdersThroughApi(page: Page, count: number, payment: 'cod' | 'razorpay' | 'stripe' = 'cod'): Promise<number[]> {
  await page.goto('/products');
  return page.evaluate(async ([n, method]) => {
    const headers = () => {
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      return { 'Content-Type': 'application/json', 'X-Origin': location.origin, 'X-XSRF-TOKEN': xsrf };
    };
    const post = (path: string, body: unknown, extra: Record<string, string> = {}) =>
      fetch(`/s/api${path}`, { method: 'POST', headers: { ...headers(), ...extra }, body: JSON.stringify(body) }).then((r) => r.json());
    await fetch('/s/api/cookie', { headers: { 'X-Origin': location.origin } });
    const address = await post('/addresses', { name: 'Asha Verma', phone: '9876512345', pincode: '560001', line1: '12, 4th Main', city: 'Bengaluru', state: 'Karnataka' });
    if (!address.id) throw new Error(`address: ${JSON.stringify(address)}`);
    const { data } = await (await fetch('/s/api/products?s=price_desc&perPage=48', { headers: headers() })).json();
    const packs = data.flatMap((p: { packs: { pack_id: number; warehouse_id: number; in_stock: boolean; price: number }[] }) => p.packs).filter((p: { in_stock: boolean; price: number }) => p.in_stock && p.price >= 120 && p.price <= 900);
    const ids: number[] = [];
    for (let i = 0; i < n; i++) {
      const pack = packs[i % packs.length];
      await post('/cart/add', { pack_id: pack.pack_id, warehouse_id: pack.warehouse_id });
      const order = await post('/order/create', { address_id: address.id, payment: method }, { 'Idempotency-Key': `seed-${Date.now()}-${i}` });
      if (!order.id) throw new Error(`order ${i}: ${JSON.stringify(order)}`);
      ids.push(order.id);
    }
    return ids;
  }, [count, payment] as const);
}

/**
 * Pays an order waiting for its online payment on the provider's (simulated) page, as a shopper does: its pay
 * page, the provider's page, then `Succeed`, `Fail` or `Cancel`. Ends on the page the provider returns to.
 */
export async function payOnProviderPage(page: Page, id: number, provider: 'razorpay' | 'stripe' = 'razorpay', button: 'Succeed' | 'Cancel' = 'Succeed') {
  await page.goto(`/checkout/${provider}/${id}`);
  await page.locator('[data-pay]').click();
  await page.getByRole('button', { name: button, exact: true }).first().click();
  await expect(page).toHaveURL(button === 'Succeed' ? /\/order\/success\/[A-Z]+-\d+$/ : new RegExp(`/checkout/confirm/${id}\\?cancelled=1$`));
}

/** Cancels an order of the signed-in shopper through the API. */
export async function cancelThroughApi(page: Page, id: number) {
  const status = await page.evaluate(async (orderId) => {
    const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
    const answer = await fetch(`/s/api/order/cancel/${orderId}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Origin': location.origin, 'X-XSRF-TOKEN': xsrf }, body: '{}' });
    return answer.status;
  }, id);
  expect(status).toBe(200);
}
