/**
 * When an order has an invoice, on both backends: only for what was charged — an order paid online, or a cash on
 * delivery order once delivered. A cancelled order that was charged keeps its invoice, marked cancelled, with
 * its refund. Never-charged orders (waiting for or failed payment, cancelled unpaid, cash on delivery not yet
 * delivered) have none: a 404 that says why. The title is 'Tax Invoice' only when the shop has a GSTIN
 * (SHOP_GSTIN, printed on it), otherwise 'Invoice'.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { Invoice } from '../../src/contract';
import { PaymentStarted } from '../../src/contract/payment';
import { ConfigError, readConfig } from '../../src/server/config';
import type { ProviderName } from '../../src/server/orders/payments/providers';
import { advanceOrder } from '../../src/server/orders/lifecycle';
import { orderKit, type Shopper } from './order-kit';
import { press } from './payment-kit';
import { describeApi, type TestShop } from './shop';

/** A GSTIN with a right check character (Karnataka, 29). */
const GSTIN = '29AAGCB7383J1Z4';

describe('SHOP_GSTIN', () => {
  it('is read in capitals, and a value that is not a GSTIN (form or check character) refuses to start', () => {
    expect(readConfig({}).shopGstin).toBeNull();
    expect(readConfig({ SHOP_GSTIN: ` ${GSTIN.toLowerCase()} ` }).shopGstin).toBe(GSTIN);
    expect(() => readConfig({ SHOP_GSTIN: '29AAGCB7383J1Z5' })).toThrow(ConfigError);
    expect(() => readConfig({ SHOP_GSTIN: 'GST-12345' })).toThrow(ConfigError);
  });
});

describeApi('invoices only for what was charged', (shop) => {
  const { freshPack, shopper, add, placed, detail } = orderKit(shop);
  afterEach(() => {
    shop().deps.config.shopGstin = null;
  });

  const invoiceOf = (v: Shopper, id: number) => v.get(`/orders/${id}/invoice`);
  async function noInvoice(v: Shopper, id: number, ordernumber: string) {
    const r = await invoiceOf(v, id);
    expect([r.status, (await r.json()).message]).toEqual([404, `Order ${ordernumber} has no invoice: nothing has been charged for it`]);
    expect((await detail(v, id)).has_invoice).toBe(false);
  }
  async function anInvoice(v: Shopper, id: number): Promise<Invoice> {
    const r = await invoiceOf(v, id);
    expect(r.status, await r.clone().text()).toBe(200);
    expect((await detail(v, id)).has_invoice).toBe(true);
    return Invoice.parse(await r.json());
  }
  /** An order of one pack, to be paid `payment`. */
  async function ordered(payment: 'cod' | ProviderName) {
    const v = await shopper();
    await add(v, await freshPack(15_000), 2);
    return { v, order: await placed(v, payment) };
  }
  async function pay(v: Shopper, provider: ProviderName, id: number, button: 'succeed' | 'fail' = 'succeed') {
    const started = PaymentStarted.parse(await (await v.post(`/payments/${provider}/start`, { order_id: id })).json());
    await press(shop(), started.hosted_url!, button);
  }

  it('none while an online payment waits, after it failed, or when the unpaid order was cancelled', async () => {
    const { v, order } = await ordered('razorpay');
    await noInvoice(v, order.id, order.ordernumber);
    await pay(v, 'razorpay', order.id, 'fail');
    expect((await detail(v, order.id)).status).toBe('payment_failed');
    await noInvoice(v, order.id, order.ordernumber);

    const unpaid = await ordered('stripe');
    expect((await unpaid.v.post(`/order/cancel/${unpaid.order.id}`, {})).status).toBe(200);
    await noInvoice(unpaid.v, unpaid.order.id, unpaid.order.ordernumber);
  });

  it('cash on delivery: none until delivered (and none when cancelled), then one, paid on delivery', async () => {
    const { v, order } = await ordered('cod');
    await noInvoice(v, order.id, order.ordernumber);
    for (const to of ['confirmed', 'packed', 'out_for_delivery'] as const) {
      expect(await advanceOrder(shop().deps, order.id, to)).toBe(true);
      await noInvoice(v, order.id, order.ordernumber);
    }
    expect(await advanceOrder(shop().deps, order.id, 'delivered')).toBe(true);
    expect(await anInvoice(v, order.id)).toMatchObject({ status: 'delivered', payment_method: 'cod', payment: 'Cash on Delivery, paid on delivery', cancelled: false, refund: null });

    const dropped = await ordered('cod');
    expect((await dropped.v.post(`/order/cancel/${dropped.order.id}`, {})).status).toBe(200);
    await noInvoice(dropped.v, dropped.order.id, dropped.order.ordernumber);
  });

  for (const provider of ['razorpay', 'stripe'] as const) {
    it(`${provider}: paid online has one; cancelled after paying, it is marked cancelled and shows the refund`, async () => {
      const { v, order } = await ordered(provider);
      await pay(v, provider, order.id);
      const paid = await anInvoice(v, order.id);
      expect(paid).toMatchObject({ ordernumber: order.ordernumber, status: 'placed', payment: 'Paid online', cancelled: false, refund: null, total: order.total });

      expect((await v.post(`/order/cancel/${order.id}`, {})).status).toBe(200);
      const cancelled = await anInvoice(v, order.id);
      const refund = (await detail(v, order.id)).refund;
      expect(refund).toMatchObject({ amount: order.total, status: 'processed' });
      expect(cancelled).toMatchObject({ status: 'cancelled', payment: 'Paid online', cancelled: true, refund, total: order.total });
    });
  }

  it("is a 'Tax Invoice' with the shop's GSTIN printed only when SHOP_GSTIN is set, else an 'Invoice' without one", async () => {
    const { v, order } = await ordered('razorpay');
    await pay(v, 'razorpay', order.id);
    expect(await anInvoice(v, order.id)).toMatchObject({ title: 'Invoice', gstin: null });
    shop().deps.config.shopGstin = GSTIN;
    expect(await anInvoice(v, order.id)).toMatchObject({ title: 'Tax Invoice', gstin: GSTIN });
  });
});
