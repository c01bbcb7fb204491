/**
 * What payment tests share: pressing the simulators' hosted pages as a browser without JavaScript would, the
 * simulators' REST API with their keys, and the money check every payment suite ends with: for every order,
 * what the providers captured for it, less what the shop refunds, is what the order kept.
 */
import { beforeAll, expect } from 'vitest';
import { paymentDb, type ProviderName } from '../../src/server/orders/payments/providers';
import { simulatorKeys } from '../../src/server/demo/payment-simulators/common';
import type { TestShop } from './shop';

/** A page as a browser reaches it: redirects (303 after a form post) are followed; answers the last response and its URL. */
export async function browse(shop: TestShop, url: URL, init: RequestInit = {}): Promise<{ response: Response; url: URL }> {
  let response = await shop.app.fetch(new Request(url, init));
  let at = url;
  for (let hops = 0; response.status >= 301 && response.status <= 303 && hops < 5; hops += 1) {
    at = new URL(response.headers.get('location')!, at);
    // Where the shop sends the browser back to is a page of the site, not of the API: stop there.
    if (!at.pathname.startsWith('/s/api/')) break;
    response = await shop.app.fetch(new Request(at));
  }
  return { response, url: at };
}

/** Posts the form of a simulator page holding a button with this value, as the browser would; answers where it redirects. */
export async function submit(shop: TestShop, html: string, button: string): Promise<URL> {
  const form = [...html.matchAll(/<form method="post" action="([^"]+)">(.*?)<\/form>/gs)].find((f) => f[2]!.includes(`value="${button}"`))!;
  const fields = new URLSearchParams([...form[2]!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&')]));
  fields.set('action', button);
  const answer = await shop.app.fetch(new Request(new URL(form[1]!, 'http://localhost'), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: fields }));
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get('location')!, 'http://localhost');
}

/** Opens a hosted payment page and presses one of its buttons; answers the URL the browser is sent back to. */
export async function press(shop: TestShop, hostedUrl: string, button: 'succeed' | 'fail' | 'cancel'): Promise<URL> {
  const page = await shop.app.fetch(new Request(new URL(hostedUrl, 'http://localhost')));
  expect(page.status).toBe(200);
  return submit(shop, await page.text(), button);
}

/** A call to a simulator's REST API with its keys, as the provider's dashboard or curl would. */
export function simCall(shop: TestShop, provider: ProviderName, path: string, init: RequestInit = {}) {
  const keys = simulatorKeys(shop.deps.secret);
  const authorization = provider === 'razorpay' ? `Basic ${Buffer.from(`${keys.razorpay.keyId}:${keys.razorpay.keySecret}`).toString('base64')}` : `Bearer ${keys.stripe.secretKey}`;
  return shop.app.fetch(new Request(`http://localhost/s/api/sim/${provider}${path}`, { ...init, headers: { authorization, ...Object.fromEntries(new Headers(init.headers)) } }));
}

interface SimRazorpay {
  order: { id: string; notes: Record<string, string> };
  payments: { id: string; amount: number; captured: boolean }[];
}
interface SimIntent {
  id: string;
  status: string;
  amount_received: number;
  metadata: Record<string, string>;
}

/** Every payment a provider's simulator holds for the shop's order, and what it captured (Razorpay orders' captured payments, Stripe's succeeded intents). */
export async function providerPayments(shop: TestShop, orderId: number): Promise<{ provider: ProviderName; ref: string; capturedPaise: number }[]> {
  const rows = await paymentDb(shop.deps.db.kysely).selectFrom('payment_simulations').select(['provider', 'id', 'data_json']).execute();
  const found: { provider: ProviderName; ref: string; capturedPaise: number }[] = [];
  for (const row of rows) {
    if (row.provider === 'razorpay' && row.id.startsWith('order_')) {
      const rec = JSON.parse(row.data_json) as SimRazorpay;
      if (rec.order.notes.order_id !== String(orderId)) continue;
      found.push({ provider: 'razorpay', ref: rec.order.id, capturedPaise: rec.payments.filter((p) => p.captured).reduce((sum, p) => sum + p.amount, 0) });
    }
    if (row.provider === 'stripe' && row.id.startsWith('pi_')) {
      const intent = JSON.parse(row.data_json) as SimIntent;
      if (intent.metadata.order_id !== String(orderId)) continue;
      found.push({ provider: 'stripe', ref: intent.id, capturedPaise: intent.status === 'succeeded' ? intent.amount_received : 0 });
    }
  }
  return found;
}

const PAID = new Set(['placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered']);

/**
 * The shop's money invariant, over every order the suite made (the demo's seeded orders carry made-up
 * payments): what the providers captured for it, less what the shop refunds (its refund rows, pending or
 * processed), equals what the order kept — its total (less part refunds) when it is paid online and live, nothing when it is
 * cancelled, failed, waiting or paid on delivery. Call it in the suite's body; run what it answers last.
 */
export function moneyKept(shop: () => TestShop): () => Promise<void> {
  let firstId = 0;
  beforeAll(async () => {
    const row = await shop().deps.db.kysely.selectFrom('orders').select((eb) => eb.fn.max('id').as('id')).executeTakeFirst();
    firstId = Number(row?.id ?? 0) + 1;
  });
  return async () => {
    const db = shop().deps.db.kysely;
    const orders = await db.selectFrom('orders').select(['id', 'ordernumber', 'status', 'total_paise', 'payment_provider', 'payment_ref']).where('id', '>=', firstId).orderBy('id').execute();
    const refunds = await db.selectFrom('refunds').select(['order_id', 'amount_paise', 'status', 'kind']).where('status', '!=', 'failed').execute();
    const seen = [];
    const expected = [];
    for (const order of orders) {
      const captured = (await providerPayments(shop(), order.id)).reduce((sum, p) => sum + p.capturedPaise, 0);
      const refunded = refunds.filter((r) => r.order_id === order.id).reduce((sum, r) => sum + r.amount_paise, 0);
      // Staff may give part of a live order back (part refunds): it keeps the rest.
      const partRefunded = refunds.filter((r) => r.order_id === order.id && r.kind === 'part').reduce((sum, r) => sum + r.amount_paise, 0);
      const kept = PAID.has(order.status) && order.payment_provider && order.payment_ref ? order.total_paise - partRefunded : 0;
      seen.push({ order: order.ordernumber, status: order.status, capturedLessRefunded: captured - refunded });
      expected.push({ order: order.ordernumber, status: order.status, capturedLessRefunded: kept });
    }
    expect(orders.length).toBeGreaterThan(0);
    expect(seen).toEqual(expected);
  };
}
