import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { Address, Cart, OrderCreated, OrderList } from '../../src/contract';
import { toPaise } from '../../src/lib/to-paise';
import { orderKit } from './order-kit';
import { describeApi, HOME } from './shop';

describeApi('placing orders: re-pricing, refusals, idempotency', (shop) => {
  const { db, freshPack, stockOf, orderCount, shopper, add, create, placed, detail, cartFor } = orderKit(shop);

  it('charges the price of today, not the price when the item was added, and records the order as the cart showed it', async () => {
    const v = await shopper();
    const p = await freshPack(6000);
    await add(v, p, 2);
    const newPrice = p.price_paise + 1234;
    await db().updateTable('packs').set({ price_paise: newPrice }).where('id', '=', p.id).execute();
    const quoted = await cartFor(v, v.address.id);
    expect(toPaise(quoted.amount)).toBe(newPrice * 2);

    const created = await placed(v, 'cod', { note: 'Ring the bell' });
    expect(created.ordernumber).toMatch(/^AF-\d{6}$/);
    expect(created.payOptions).toBeNull();
    expect(created.total).toBe(quoted.total);
    const order = await detail(v, created.id);
    expect(order).toMatchObject({ status: 'placed', payment_method: 'cod', payment_provider: null, note: 'Ring the bell', quantity: 2, can_cancel: true, can_retry: false });
    expect(order.items).toEqual([expect.objectContaining({ pack_id: p.id, quantity: 2, price: newPrice / 100, amount: (newPrice * 2) / 100 })]);
    expect(toPaise(order.total)).toBe(toPaise(order.amount) - toPaise(order.discount) + toPaise(order.delivery_charge));
    expect(order.grouped_items.reduce((s, g) => s + toPaise(g.delivery_charge), 0)).toBe(toPaise(order.delivery_charge));
    expect(order.items[0]!.del_date).toBe(quoted.items[0]!.del_date);
    expect(order.address).toEqual({ ...HOME, pincode: '560001' });
    // Stock is taken, the cart is empty, and the address can change without changing the order.
    expect(await stockOf(p.id)).toBe(48);
    expect((await cartFor(v, v.address.id)).items).toEqual([]);
    await v.request(`/addresses/${v.address.id}`, { method: 'DELETE' });
    expect((await detail(v, created.id)).address.line1).toBe(HOME.line1);
  });

  it('numbers orders per website, one after another', async () => {
    const v = await shopper();
    const p = await freshPack(10_000);
    const numbers: string[] = [];
    for (let i = 0; i < 2; i++) {
      await add(v, p, 1);
      numbers.push((await placed(v)).ordernumber);
    }
    const [a, b] = numbers.map((n) => Number(n.slice(3)));
    expect(b).toBe(a! + 1);
  });

  it('refuses each bad order with its reason, and changes nothing', async () => {
    const v = await shopper();
    const p = await freshPack(20_000);
    const body = { address_id: v.address.id, payment: 'cod' };
    const refusal = async (response: Response) => [response.status, (await response.json()).message];

    expect(await refusal(await create(v, body))).toEqual([409, 'Your cart is empty']);
    await add(v, p, 1);
    expect(await refusal(await create(v, body, null))).toEqual([400, 'The Idempotency-Key header is required: send one key per checkout attempt']);
    expect(await refusal(await create(v, body, 'x'.repeat(101)))).toEqual([400, 'The Idempotency-Key header must be 1 to 100 visible characters']);
    expect(await refusal(await create(v, { ...body, payment: 'cheque' }))).toEqual([400, 'Unknown payment method; choose one of cod, razorpay, stripe']);
    expect((await create(v, { payment: 'cod' })).status).toBe(400);
    expect(await refusal(await create(v, { ...body, address_id: 99_999_999 }))).toEqual([404, 'Address not found']);
    const other = await shopper();
    expect(await refusal(await create(v, { ...body, address_id: other.address.id }))).toEqual([404, 'Address not found']);
    const agartala = Address.parse(await (await v.post('/addresses', { ...HOME, pincode: '799001' })).json());
    expect(await refusal(await create(v, { ...body, address_id: agartala.id }))).toEqual([422, 'Sorry, we do not deliver to 799001 yet']);
    expect(await refusal(await create(v, { ...body, offercode: 'DIWALI100' }))).toEqual([422, 'DIWALI100: This coupon has expired']);
    expect(await refusal(await create(v, { ...body, offercode: 'NOPE' }))).toEqual([422, 'NOPE: This coupon no longer exists']);
    const chennai = Address.parse(await (await v.post('/addresses', { ...HOME, pincode: '600001' })).json());
    expect(await refusal(await create(v, { ...body, address_id: chennai.id }))).toEqual([422, 'Cash on delivery is not available at this address; please pay online']);

    await db().updateTable('packs').set({ stock: 0 }).where('id', '=', p.id).execute();
    const outOfStock = await create(v, body);
    expect(outOfStock.status).toBe(422);
    expect(await outOfStock.json()).toEqual({ message: 'Some items in your cart cannot be ordered', lines: [{ pack_id: p.id, message: 'This item is out of stock' }] });
    await db().updateTable('packs').set({ stock: 50 }).where('id', '=', p.id).execute();

    const guest = await shop().visitor().start();
    expect((await create(guest, body)).status).toBe(401);
    expect(await orderCount(v.userId)).toBe(0);
    expect(await stockOf(p.id)).toBe(50);
    expect((await cartFor(v, v.address.id)).items.map((i) => i.pack_id)).toEqual([p.id]);
  });

  it('refuses an order below the minimum order value', async () => {
    const v = await shopper();
    const cheap = await freshPack();
    expect(cheap.price_paise).toBeLessThan(9900);
    await add(v, cheap, 1);
    const r = await create(v, { address_id: v.address.id, payment: 'razorpay' });
    expect(r.status).toBe(422);
    expect((await r.json()).message).toMatch(/^The minimum order to 560001 is ₹99; please add ₹[\d.,]+ more$/);
    expect(await orderCount(v.userId)).toBe(0);
  });

  it('offers cash on delivery up to the set order value, and refuses it above', async () => {
    const v = await shopper();
    const p = await freshPack(10_000);
    await db().updateTable('packs').set({ price_paise: 300_000 }).where('id', '=', p.id).execute();
    await add(v, p, 1);
    const under = await cartFor(v, v.address.id);
    expect(under.paymentMethods.map((m) => m.code)).toEqual(['cod', 'razorpay', 'stripe']);
    expect(under.unavailablePaymentMethods).toEqual([]);
    await add(v, p, 2);
    const over = await cartFor(v, v.address.id);
    expect(over.paymentMethods.map((m) => m.code)).toEqual(['razorpay', 'stripe']);
    // Still listed, not selectable, with the reason.
    expect(over.unavailablePaymentMethods).toEqual([
      { code: 'cod', name: 'Cash on Delivery', description: 'Pay in cash or UPI when your order arrives', reason: 'Cash on delivery is available for orders up to ₹5,000; please pay online' },
    ]);
    const r = await create(v, { address_id: v.address.id, payment: 'cod' });
    expect(r.status).toBe(422);
    expect((await r.json()).message).toBe('Cash on delivery is available for orders up to ₹5,000; please pay online');
    expect(await orderCount(v.userId)).toBe(0);
  });

  it('judges free delivery on the goods before the coupon, so a coupon never raises the total: cart, checkout and order alike', async () => {
    const v = await shopper();
    const p = await freshPack(10_000);
    await db().updateTable('packs').set({ price_paise: 49_900 }).where('id', '=', p.id).execute();
    await add(v, p, 1);
    expect((await v.get('/check/pincode/560001')).status).toBe(200);
    const applied = await v.post('/apply/coupon', { code: 'NAMASTE20' });
    expect(applied.status).toBe(200);
    const sums = { amount: 499, discount: 20, delivery_charge: 0, total: 479 };
    expect(Cart.parse(await applied.json())).toMatchObject({ ...sums, deliveryMessage: 'Free delivery' });
    expect(Cart.parse(await (await v.get('/cart')).json())).toMatchObject(sums);
    const quoted = await cartFor(v, v.address.id);
    expect(quoted).toMatchObject(sums);
    expect(quoted.grouped_items.map((g) => g.delivery_charge)).toEqual([0]);
    const created = await placed(v, 'cod', { offercode: 'NAMASTE20' });
    expect(created.total).toBe(479);
    expect(await detail(v, created.id)).toMatchObject({ ...sums, offercode: 'NAMASTE20' });
  });

  it('prices the cart for a chosen address: its zone, charges and payment methods; another user’s address is a 404', async () => {
    const v = await shopper('600001');
    const p = await freshPack(25_000);
    await add(v, p, 1);
    const extended = await cartFor(v, v.address.id);
    expect(extended).toMatchObject({ pincode: '600001', serviceable: true, delivery_charge: 50 });
    expect(extended.paymentMethods.map((m) => m.code)).toEqual(['razorpay', 'stripe']);
    expect(extended.unavailablePaymentMethods).toEqual([expect.objectContaining({ code: 'cod', reason: 'Cash on delivery is not available at this address; please pay online' })]);
    expect(extended.grouped_items[0]).toMatchObject({ delivery_charge: 50, del_start_time: '7:00 AM' });
    const other = await shopper();
    expect((await v.get(`/cart?address_id=${other.address.id}`)).status).toBe(404);
    expect((await (await shop().visitor().start()).get(`/cart?address_id=${v.address.id}`)).status).toBe(401);
  });

  it('says beside each line why it cannot be delivered to an address no zone serves, and claims no delivery charge', async () => {
    const v = await shopper('799001');
    const p = await freshPack(10_000);
    await add(v, p, 1);
    const c = await cartFor(v, v.address.id);
    expect(c).toMatchObject({ pincode: '799001', serviceable: false, amount: 0, delivery_charge: 0, total: 0, delivery_info: [], deliveryMessage: 'Sorry, we do not deliver to 799001 yet' });
    expect(c.items).toEqual([expect.objectContaining({ pack_id: p.id, valid: false, message: 'Sorry, we do not deliver to 799001 yet' })]);
  });

  it('answers the same order for the same key, and refuses the key for another request', async () => {
    const v = await shopper();
    const p = await freshPack(10_000);
    await add(v, p, 1);
    const key = randomUUID();
    const body = { address_id: v.address.id, payment: 'razorpay' };
    const first = await create(v, body, key);
    expect(first.status).toBe(201);
    const created = OrderCreated.parse(await first.json());
    expect(created.payOptions).toEqual({ provider: 'razorpay', id: String(created.id) });
    const again = await create(v, body, key);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(created);
    const changed = await create(v, { ...body, payment: 'stripe' }, key);
    expect(changed.status).toBe(422);
    expect(await orderCount(v.userId)).toBe(1);
    expect(await stockOf(p.id)).toBe(49);
  });

  it('makes one order from ten parallel creates with one key', async () => {
    const v = await shopper();
    const p = await freshPack(10_000);
    await add(v, p, 3);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => create(v, { address_id: v.address.id, payment: 'cod' }, key)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 200, 200, 201]);
    const bodies = await Promise.all(answers.map((r) => r.json()));
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    expect(await orderCount(v.userId)).toBe(1);
    expect(await stockOf(p.id)).toBe(47);
  });

  it('makes one order from two tabs with two keys and one cart; the other is told the cart is empty', async () => {
    const v = await shopper();
    const p = await freshPack(10_000);
    await add(v, p, 2);
    const answers = await Promise.all([create(v, { address_id: v.address.id, payment: 'cod' }), create(v, { address_id: v.address.id, payment: 'cod' })]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await answers.find((r) => r.status === 409)!.json()).message).toBe('Your cart is empty');
    expect(await orderCount(v.userId)).toBe(1);
    expect(await stockOf(p.id)).toBe(48);
  });

  it('never sells more than the stock when shoppers race for the last items', async () => {
    const p = await freshPack(10_000, 3);
    const shoppers = await Promise.all(Array.from({ length: 5 }, () => shopper()));
    for (const s of shoppers) await add(s, p, 1);
    const answers = await Promise.all(shoppers.map((s) => create(s, { address_id: s.address.id, payment: 'cod' })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual([422, 422]);
    expect((await refused[0]!.json()).lines).toEqual([{ pack_id: p.id, message: 'This item is out of stock' }]);
    expect(await stockOf(p.id)).toBe(0);
  });

  it('lists the shopper’s own orders, newest first, paged and by status', async () => {
    const v = await shopper();
    const p = await freshPack(10_000);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      await add(v, p, 1);
      ids.push((await placed(v, i === 0 ? 'razorpay' : 'cod')).id);
    }
    const page = OrderList.parse(await (await v.get('/orders?page=1&perPage=2')).json());
    expect(page.meta.total).toBe(3);
    expect(page.data.map((o) => o.id)).toEqual([ids[2], ids[1]]);
    expect(OrderList.parse(await (await v.get('/orders?page=2&perPage=2')).json()).data.map((o) => o.id)).toEqual([ids[0]]);
    const pending = OrderList.parse(await (await v.get('/orders?status=pending_payment')).json());
    expect(pending).toEqual({ data: [expect.objectContaining({ id: ids[0], status: 'pending_payment', quantity: 1 })], meta: { total: 1 } });
    expect((await v.get('/orders?perPage=1000')).status).toBe(400);
    expect((await v.get('/orders?status=lost')).status).toBe(400);
    expect((await v.get('/orders/abc')).status).toBe(400);
    expect(OrderList.parse(await (await (await shopper()).get('/orders')).json())).toEqual({ data: [], meta: { total: 0 } });
    expect((await (await shop().visitor().start()).get('/orders')).status).toBe(401);
  });
});

describeApi('the address and order calls in the OpenAPI document', (shop) => {
  it('publishes every call, with the Idempotency-Key header of order/create and the refusal shape', async () => {
    const doc = await (await shop().visitor().get('/openapi.json')).json();
    const methods = (path: string) => Object.keys(doc.paths[path] ?? {}).sort();
    expect(methods('/s/api/addresses')).toEqual(['get', 'post']);
    expect(methods('/s/api/addresses/{id}')).toEqual(['delete', 'put']);
    expect(methods('/s/api/orders')).toEqual(['get']);
    expect(methods('/s/api/orders/{id}')).toEqual(['get']);
    expect(methods('/s/api/orders/{id}/retry')).toEqual(['post']);
    expect(methods('/s/api/order/cancel/{id}')).toEqual(['post']);
    const create = doc.paths['/s/api/order/create'].post;
    // The call refuses to run without the key (400), so the document says it is required, and why.
    expect(create.parameters).toEqual([expect.objectContaining({ name: 'idempotency-key', in: 'header', required: true })]);
    expect(create.parameters[0].description ?? create.parameters[0].schema.description).toMatch(/^Required: .*twice/);
    const agentOrder = doc.paths['/s/api/agent/customers/{id}/order'].post;
    expect(agentOrder.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'idempotency-key', in: 'header', required: true })]));
    expect(create.responses['422'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/OrderRefusal' });
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Address', 'AddressBody', 'Order', 'OrderList', 'OrderCreated', 'OrderCreateBody']));
  });
});
