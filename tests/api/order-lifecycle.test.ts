import { expect, it } from 'vitest';
import { Order } from '../../src/contract';
import { toPaise } from '../../src/lib/to-paise';
import { advanceOrder, expireUnpaidOrders } from '../../src/server/orders/lifecycle';
import { applyCapture, findOrderForPayment, markPaymentFailed, setPaymentRef } from '../../src/server/orders/payments/captures';
import { orderKit } from './order-kit';
import { describeApi } from './shop';

describeApi('after an order: cancel, payment, failure, retry, expiry; stock follows, statuses only move forward', (shop) => {
  const { db, freshPack, stockOf, statusOf, shopper, add, placed, detail } = orderKit(shop);
  /** The provider captured the order's total for it (what becomes of it: paid, already, refunded, ignored). */
  const markOrderPaid = async (_deps: unknown, orderId: number, provider: string, paymentRef: string) => {
    const total = (await db().selectFrom('orders').select('total_paise').where('id', '=', orderId).executeTakeFirst())?.total_paise ?? 100;
    return (await applyCapture(shop().deps, orderId, { provider, paymentRef, amountPaise: total, currency: 'INR' })).result;
  };

  it('gives stock back on cancel; cancels only its owner’s order, only before packing', async () => {
    const v = await shopper();
    const p = await freshPack(10_000);
    await add(v, p, 4);
    const created = await placed(v);
    expect(await stockOf(p.id)).toBe(46);
    const stranger = await shopper();
    expect((await stranger.post(`/order/cancel/${created.id}`, {})).status).toBe(404);
    expect((await stranger.get(`/orders/${created.id}`)).status).toBe(404);
    const cancelled = await v.post(`/order/cancel/${created.id}`, {});
    expect(cancelled.status).toBe(200);
    expect(await cancelled.json()).toEqual({ message: `Order ${created.ordernumber} has been cancelled` });
    expect(await stockOf(p.id)).toBe(50);
    const twice = await v.post(`/order/cancel/${created.id}`, {});
    expect(twice.status).toBe(409);
    expect(await stockOf(p.id)).toBe(50);
    // Asked in Hindi, the cancel answers in Hindi.
    await add(v, p, 1);
    const again = await placed(v);
    const hindi = await v.post(`/order/cancel/${again.id}`, {}, { headers: { 'accept-language': 'hi-IN' } });
    expect(await hindi.json()).toEqual({ message: `ऑर्डर ${again.ordernumber} रद्द कर दिया गया है` });
    expect(await stockOf(p.id)).toBe(50);

    await add(v, p, 1);
    const packed = await placed(v);
    expect(await advanceOrder(shop().deps, packed.id, 'confirmed')).toBe(true);
    expect((await detail(v, packed.id)).can_cancel).toBe(true);
    expect(await advanceOrder(shop().deps, packed.id, 'packed')).toBe(true);
    const late = await v.post(`/order/cancel/${packed.id}`, {});
    expect(late.status).toBe(409);
    expect((await late.json()).message).toBe(`Order ${packed.ordernumber} is packed and can no longer be cancelled`);
    expect(await statusOf(packed.id)).toBe('packed');
    expect(await stockOf(p.id)).toBe(49);
  });

  it('takes stock for an unpaid order, gives it back when the payment fails, takes it again when it is paid late', async () => {
    const v = await shopper();
    const p = await freshPack(10_000);
    await add(v, p, 5);
    const created = await placed(v, 'stripe');
    expect(await statusOf(created.id)).toBe('pending_payment');
    expect(await stockOf(p.id)).toBe(45);
    expect(await setPaymentRef(shop().deps, created.id, 'stripe', 'pi_1')).toBe(true);
    expect(await findOrderForPayment(shop().deps, created.id)).toEqual({
      id: created.id, websiteId: expect.any(Number), userId: v.userId, ordernumber: created.ordernumber, status: 'pending_payment',
      totalPaise: toPaise(created.total), paymentMethod: 'stripe', paymentProvider: 'stripe', paymentRef: 'pi_1',
    });
    expect(await markPaymentFailed(shop().deps, created.id, 'razorpay', 'x')).toBe('ignored');
    expect(await markPaymentFailed(shop().deps, created.id, 'stripe', 'pi_1')).toBe('failed');
    expect(await statusOf(created.id)).toBe('payment_failed');
    expect(await stockOf(p.id)).toBe(50);
    expect(await markPaymentFailed(shop().deps, created.id, 'stripe', 'pi_1')).toBe('ignored');
    expect(await stockOf(p.id)).toBe(50);
    expect((await detail(v, created.id)).can_retry).toBe(true);
    expect(await markOrderPaid(shop().deps, created.id, 'stripe', 'pi_1')).toBe('paid');
    expect(await statusOf(created.id)).toBe('placed');
    expect(await stockOf(p.id)).toBe(45);
    expect(await markOrderPaid(shop().deps, created.id, 'stripe', 'pi_1')).toBe('already');
    // A late failure never un-pays a paid order.
    expect(await markPaymentFailed(shop().deps, created.id, 'stripe', 'pi_1')).toBe('ignored');
    expect(await statusOf(created.id)).toBe('placed');
  });

  it('leaves a failed order failed when it is paid late but its goods have gone, and refuses a retry with the reason', async () => {
    const v = await shopper();
    const p = await freshPack(10_000);
    await add(v, p, 2);
    const created = await placed(v, 'razorpay');
    expect(await markPaymentFailed(shop().deps, created.id, 'razorpay', 'pay_1')).toBe('failed');
    await db().updateTable('packs').set({ stock: 1 }).where('id', '=', p.id).execute();
    // The payment cannot place it: it is refunded, with the reason.
    expect(await markOrderPaid(shop().deps, created.id, 'razorpay', 'pay_1')).toBe('refunded');
    expect(await db().selectFrom('refunds').select(['payment_ref', 'reason']).where('order_id', '=', created.id).execute()).toEqual([{ payment_ref: 'pay_1', reason: 'Some items of this order are no longer in stock' }]);
    expect(await statusOf(created.id)).toBe('payment_failed');
    expect(await stockOf(p.id)).toBe(1);
    const retry = await v.post(`/orders/${created.id}/retry`, { payment: 'razorpay' });
    expect(retry.status).toBe(422);
    expect((await retry.json()).lines).toEqual([{ pack_id: p.id, message: 'Only 1 left in stock, please reduce the quantity' }]);
    expect(await statusOf(created.id)).toBe('payment_failed');
  });

  it('refuses to retry with cash on delivery where the zone does not take it', async () => {
    const v = await shopper('600001');
    const p = await freshPack(25_000);
    await add(v, p, 1);
    const created = await placed(v, 'stripe');
    expect(await markPaymentFailed(shop().deps, created.id, 'stripe', 'pi_1')).toBe('failed');
    const cod = await v.post(`/orders/${created.id}/retry`, { payment: 'cod' });
    expect(cod.status).toBe(422);
    expect((await cod.json()).message).toBe('Cash on delivery is not available at this address; please pay online');
    expect(await statusOf(created.id)).toBe('payment_failed');
    expect(await stockOf(p.id)).toBe(50);
  });

  it('lets a failed payment be retried online or with cash on delivery, taking the stock again', async () => {
    const v = await shopper();
    const p = await freshPack(10_000);
    await add(v, p, 2);
    const created = await placed(v, 'razorpay');
    expect(await markPaymentFailed(shop().deps, created.id, 'razorpay', 'pay_1')).toBe('failed');
    const online = await v.post(`/orders/${created.id}/retry`, { payment: 'stripe' });
    expect(online.status).toBe(200);
    expect(await online.json()).toEqual({ ...created, payOptions: { provider: 'stripe', id: String(created.id) } });
    expect(await statusOf(created.id)).toBe('pending_payment');
    expect(await stockOf(p.id)).toBe(48);
    expect(await markPaymentFailed(shop().deps, created.id, 'stripe', 'pi_2')).toBe('failed');
    const stranger = await shopper();
    expect((await stranger.post(`/orders/${created.id}/retry`, { payment: 'cod' })).status).toBe(404);
    const cod = await v.post(`/orders/${created.id}/retry`, { payment: 'cod' });
    expect(cod.status).toBe(200);
    expect((await cod.json()).payOptions).toBeNull();
    expect(await detail(v, created.id)).toMatchObject({ status: 'placed', payment_method: 'cod', payment_provider: null });
    expect(await stockOf(p.id)).toBe(48);
  });

  it('fails unpaid orders past their payment time and gives their stock back (the sweeper)', async () => {
    const v = await shopper();
    const p = await freshPack(10_000);
    await add(v, p, 3);
    const created = await placed(v, 'razorpay');
    const { expires_at } = Order.parse(await detail(v, created.id));
    const ttl = new Date(expires_at!).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(29 * 60_000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000);
    expect(await expireUnpaidOrders(shop().deps, new Date())).toBe(0);
    expect(await stockOf(p.id)).toBe(47);
    expect(await expireUnpaidOrders(shop().deps, new Date(Date.now() + 31 * 60_000))).toBeGreaterThanOrEqual(1);
    expect(await statusOf(created.id)).toBe('payment_failed');
    expect(await stockOf(p.id)).toBe(50);
  });

  it('never moves a status backwards', async () => {
    const deps = shop().deps;
    const v = await shopper();
    const p = await freshPack(10_000);
    await add(v, p, 1);
    const cancelled = await placed(v, 'razorpay');
    expect((await v.post(`/order/cancel/${cancelled.id}`, {})).status).toBe(200);
    expect(await markOrderPaid(deps, cancelled.id, 'razorpay', 'pay_late')).toBe('refunded');
    expect(await markPaymentFailed(deps, cancelled.id, 'razorpay', 'pay_late')).toBe('ignored');
    expect(await setPaymentRef(deps, cancelled.id, 'razorpay', 'order_x')).toBe(false);
    expect(await statusOf(cancelled.id)).toBe('cancelled');

    await add(v, p, 1);
    const cod = await placed(v, 'cod');
    expect(await markOrderPaid(deps, cod.id, 'razorpay', 'pay_1')).toBe('refunded');
    expect(await markPaymentFailed(deps, cod.id, 'razorpay', 'pay_1')).toBe('ignored');
    for (const to of ['confirmed', 'packed', 'out_for_delivery', 'delivered'] as const) expect(await advanceOrder(deps, cod.id, to)).toBe(true);
    expect(await advanceOrder(deps, cod.id, 'packed')).toBe(false);
    expect(await advanceOrder(deps, cod.id, 'delivered')).toBe(false);
    expect((await v.post(`/order/cancel/${cod.id}`, {})).status).toBe(409);
    expect(await statusOf(cod.id)).toBe('delivered');
    expect(await markOrderPaid(deps, 99_999_999, 'razorpay', 'pay_1')).toBe('ignored');
  });

});
