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
