/**
 * An order waiting for its online payment (the shopper left the provider's page) may be paid another way, as a
 * failed one may: another provider (a new payment window) or cash on delivery where allowed. It keeps the goods
 * and the coupon it already holds (taken once, not again); the same provider keeps the payment it has.
 */
import { expect, it } from 'vitest';
import { OrderCreated } from '../../src/contract';
import { PaymentStarted } from '../../src/contract/payment';
import { orderKit } from './order-kit';
import { describeApi } from './shop';

describeApi('paying a waiting order another way', (shop) => {
  const { db, freshPack, shopper, add, placed, detail, stockOf, statusOf } = orderKit(shop);
  const refOf = async (id: number) => (await db().selectFrom('orders').select(['payment_provider', 'payment_ref']).where('id', '=', id).executeTakeFirstOrThrow());

  it('switches to another provider, keeping its goods taken once; the same provider keeps its payment', async () => {
    const v = await shopper();
    const p = await freshPack(10_000);
    await add(v, p, 2);
    const created = await placed(v, 'razorpay');
    const started = PaymentStarted.parse(await (await v.post('/payments/razorpay/start', { order_id: created.id })).json());
    expect(await stockOf(p.id)).toBe(48);

    const same = await v.post(`/orders/${created.id}/retry`, { payment: 'razorpay' });
    expect(same.status, await same.clone().text()).toBe(200);
    expect(OrderCreated.parse(await same.json()).payOptions).toEqual({ provider: 'razorpay', id: String(created.id) });
    expect(await refOf(created.id)).toEqual({ payment_provider: 'razorpay', payment_ref: started.provider === 'razorpay' ? started.checkout.order_id : null });

    const stripe = await v.post(`/orders/${created.id}/retry`, { payment: 'stripe' });
    expect(stripe.status, await stripe.clone().text()).toBe(200);
    expect(OrderCreated.parse(await stripe.json())).toEqual({ ...created, payOptions: { provider: 'stripe', id: String(created.id) } });
    expect(await detail(v, created.id)).toMatchObject({ status: 'pending_payment', payment_method: 'stripe', payment_provider: 'stripe' });
    expect((await refOf(created.id)).payment_ref).toBeNull();
    expect(await stockOf(p.id)).toBe(48);
  });

  it('switches to cash on delivery: placed at once, goods and one-use coupon kept (not counted twice)', async () => {
    const v = await shopper();
    const p = await freshPack(60_000, 1000);
    await add(v, p, 1);
    expect((await v.post('/apply/coupon', { code: 'LASTONE' })).status).toBe(200);
    const created = await placed(v, 'stripe');
    const stock = await stockOf(p.id);

    const cod = await v.post(`/orders/${created.id}/retry`, { payment: 'cod' });
    expect(cod.status, await cod.clone().text()).toBe(200);
    expect(OrderCreated.parse(await cod.json()).payOptions).toBeNull();
    expect(await detail(v, created.id)).toMatchObject({ status: 'placed', payment_method: 'cod', payment_provider: null, offercode: 'LASTONE' });
    expect(await stockOf(p.id)).toBe(stock);

    // Placed, it can no longer be switched.
    const again = await v.post(`/orders/${created.id}/retry`, { payment: 'razorpay' });
    expect(again.status).toBe(409);
    expect(await statusOf(created.id)).toBe('placed');
  });

  it('refuses cash on delivery where the zone does not take it, and changes nothing', async () => {
    const v = await shopper('600001');
    const p = await freshPack(25_000);
    await add(v, p, 1);
    const created = await placed(v, 'razorpay');
    const cod = await v.post(`/orders/${created.id}/retry`, { payment: 'cod' });
    expect(cod.status).toBe(422);
    expect((await cod.json()).message).toBe('Cash on delivery is not available at this address; please pay online');
    expect(await detail(v, created.id)).toMatchObject({ status: 'pending_payment', payment_method: 'razorpay' });
  });
});
