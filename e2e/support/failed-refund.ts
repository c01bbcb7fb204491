import { expect, type Page } from '@playwright/test';
import { openDatabase } from '../../src/server/db';
import { simulatorKeys } from '../../src/server/demo/payment-simulators/common';

/** The browser tests' server's secret: SESSION_SECRET when set, else the one it keeps in its database. */
async function serverSecret(): Promise<string> {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  const db = await openDatabase(process.env.E2E_DATABASE_URL ?? 'file:./data/e2e.sqlite');
  try {
    return (await db.kysely.selectFrom('app_secrets').select('value').where('name', '=', 'session').executeTakeFirstOrThrow()).value;
  } finally {
    await db.close();
  }
}

/** A call from the page, with its cookies and anti-forgery token, as the islands make them. */
function postFromPage(page: Page, path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  return page.evaluate(
    async ([p, b]) => {
      const xsrf = decodeURIComponent(/XSRF-TOKEN=([^;]+)/.exec(document.cookie)?.[1] ?? '');
      const answer = await fetch(`/s/api${p}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Origin': location.origin, 'X-XSRF-TOKEN': xsrf }, body: JSON.stringify(b) });
      return { status: answer.status, body: await answer.json() };
    },
    [path, body] as const,
  );
}

/**
 * A refund that fails for good, as one does when the money already went back another way: the order's payment
 * (paid online through the Razorpay simulator) is refunded in full on the provider's side, as from its dashboard
 * (the simulator's REST API, with its keys), and then staff refund part of the order through the back office.
 * The provider refuses it, and the shop keeps it as failed: a refund that needs a hand. `page` is signed in as
 * staff with order:manage, on a page of the shop. Resolves to the refund's id.
 */
export async function failedRefund(page: Page, orderId: number): Promise<number> {
  const order = await (await page.request.get(`/s/api/bos/orders/${orderId}`)).json();
  expect(order.payment).toMatchObject({ provider: 'razorpay', state: 'paid' });
  const keys = simulatorKeys(await serverSecret()).razorpay;
  const authorization = `Basic ${Buffer.from(`${keys.keyId}:${keys.keySecret}`).toString('base64')}`;
  const payments = await (await page.request.get(`/s/api/sim/razorpay/v1/orders/${order.payment.reference}/payments`, { headers: { authorization } })).json();
  for (const payment of payments.items as { id: string; amount: number; captured: boolean }[]) {
    if (!payment.captured) continue;
    const refunded = await page.request.post(`/s/api/sim/razorpay/v1/payments/${payment.id}/refund`, { headers: { authorization }, data: { amount: payment.amount } });
    expect(refunded.status(), await refunded.text()).toBe(200);
  }
  const staff = await postFromPage(page, `/bos/orders/${orderId}/refunds`, { amount_paise: 100, reason: 'Damaged in transit' });
  expect(staff.status, JSON.stringify(staff.body)).toBe(201);
  expect(staff.body).toMatchObject({ status: 'failed' });
  return staff.body.id as number;
}
