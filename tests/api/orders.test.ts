import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { Address, Cart, Order, OrderCreated, OrderList } from '../../src/contract';
import { toPaise } from '../../src/lib/money';
import { advanceOrder, expireUnpaidOrders, findOrderForPayment, markOrderPaid, markPaymentFailed, setPaymentRef } from '../../src/server/services/orders';
import { describeApi, HOME, newShopper, signedIn, type Visitor } from './shop';

type Pack = { id: number; warehouse_id: number; price_paise: number };

describeApi('orders: create, read, cancel, pay, fail, expire', (shop) => {
  const db = () => shop().deps.db.kysely;
  const taken = new Set<number>([0]);
  /** A Bengaluru pack no other test uses, with a known stock; the cheapest at or above a price. */
  async function freshPack(minPaise = 0, stock = 50): Promise<Pack> {
    const p = await db()
      .selectFrom('packs as pk')
      .innerJoin('warehouses as w', 'w.id', 'pk.warehouse_id')
      .innerJoin('products as p', 'p.id', 'pk.product_id')
      .select(['pk.id', 'pk.warehouse_id', 'pk.price_paise'])
      .where('w.code', '=', 'BLR')
      .where('p.is_active', '=', 1)
      .where('pk.price_paise', '>=', minPaise)
      .where('pk.id', 'not in', [...taken])
      .orderBy('pk.price_paise')
      .orderBy('pk.id')
      .executeTakeFirstOrThrow();
    taken.add(p.id);
    await db().updateTable('packs').set({ stock, max_per_order: 20 }).where('id', '=', p.id).execute();
    return p;
  }
  const stockOf = async (id: number) => (await db().selectFrom('packs').select('stock').where('id', '=', id).executeTakeFirstOrThrow()).stock;
  const orderCount = async (userId: number) => Number((await db().selectFrom('orders').select((eb) => eb.fn.countAll().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow()).n);
  const statusOf = async (id: number) => (await db().selectFrom('orders').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  /** A new shopper with a saved address at a pincode. */
  async function shopper(pincode = '560001') {
    const v = await newShopper(shop());
    const address = Address.parse(await (await v.post('/addresses', { ...HOME, pincode })).json());
    return Object.assign(v, { address });
  }
  async function add(v: Visitor, p: Pack, quantity = 1) {
    const r = await v.post('/cart/add', { pack_id: p.id, warehouse_id: p.warehouse_id, quantity });
    expect(r.status, await r.clone().text()).toBe(200);
  }
  const create = (v: Visitor, body: Record<string, unknown>, key: string | null = randomUUID()) =>
    v.post('/order/create', body, { headers: key === null ? {} : { 'Idempotency-Key': key } });
  /** Places an order and answers what it created, checking it was created. */
  async function placed(v: Visitor & { address: Address }, payment = 'cod', extra: Record<string, unknown> = {}) {
    const r = await create(v, { address_id: v.address.id, payment, ...extra });
    expect(r.status, await r.clone().text()).toBe(201);
    return OrderCreated.parse(await r.json());
  }
  const detail = async (v: Visitor, id: number) => Order.parse(await (await v.get(`/orders/${id}`)).json());
  const cartFor = async (v: Visitor, addressId: number) => Cart.parse(await (await v.get(`/cart?address_id=${addressId}&groupby_delivery=true`)).json());

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
    expect((await cartFor(v, v.address.id)).paymentMethods.map((m) => m.code)).toEqual(['cod', 'razorpay', 'stripe']);
    await add(v, p, 2);
    expect((await cartFor(v, v.address.id)).paymentMethods.map((m) => m.code)).toEqual(['razorpay', 'stripe']);
    const r = await create(v, { address_id: v.address.id, payment: 'cod' });
    expect(r.status).toBe(422);
    expect((await r.json()).message).toBe('Cash on delivery is available for orders up to ₹5,000; please pay online');
    expect(await orderCount(v.userId)).toBe(0);
  });

  it('prices the cart for a chosen address: its zone, charges and payment methods; another user’s address is a 404', async () => {
    const v = await shopper('600001');
    const p = await freshPack(25_000);
    await add(v, p, 1);
    const extended = await cartFor(v, v.address.id);
    expect(extended).toMatchObject({ pincode: '600001', serviceable: true, delivery_charge: 50 });
    expect(extended.paymentMethods.map((m) => m.code)).toEqual(['razorpay', 'stripe']);
    expect(extended.grouped_items[0]).toMatchObject({ delivery_charge: 50, del_start_time: '7:00 AM' });
    const other = await shopper();
    expect((await v.get(`/cart?address_id=${other.address.id}`)).status).toBe(404);
    expect((await (await shop().visitor().start()).get(`/cart?address_id=${v.address.id}`)).status).toBe(401);
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
    expect(await markOrderPaid(shop().deps, created.id, 'razorpay', 'pay_1')).toBe('ignored');
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
    const early = await v.post(`/orders/${created.id}/retry`, { payment: 'cod' });
    expect(early.status).toBe(409);
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
    expect(await markOrderPaid(deps, cancelled.id, 'razorpay', 'pay_late')).toBe('ignored');
    expect(await markPaymentFailed(deps, cancelled.id, 'razorpay', 'pay_late')).toBe('ignored');
    expect(await setPaymentRef(deps, cancelled.id, 'razorpay', 'order_x')).toBe(false);
    expect(await statusOf(cancelled.id)).toBe('cancelled');

    await add(v, p, 1);
    const cod = await placed(v, 'cod');
    expect(await markOrderPaid(deps, cod.id, 'razorpay', 'pay_1')).toBe('ignored');
    expect(await markPaymentFailed(deps, cod.id, 'razorpay', 'pay_1')).toBe('ignored');
    for (const to of ['confirmed', 'packed', 'out_for_delivery', 'delivered'] as const) expect(await advanceOrder(deps, cod.id, to)).toBe(true);
    expect(await advanceOrder(deps, cod.id, 'packed')).toBe(false);
    expect(await advanceOrder(deps, cod.id, 'delivered')).toBe(false);
    expect((await v.post(`/order/cancel/${cod.id}`, {})).status).toBe(409);
    expect(await statusOf(cod.id)).toBe('delivered');
    expect(await markOrderPaid(deps, 99_999_999, 'razorpay', 'pay_1')).toBe('ignored');
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

describeApi('coupons counted by orders', (shop) => {
  const db = () => shop().deps.db.kysely;
  async function shopper(host = 'localhost') {
    const v = await newShopper(shop(), host);
    const address = Address.parse(await (await v.post('/addresses', { ...HOME, pincode: '560001' })).json());
    return Object.assign(v, { address });
  }
  let pack: Pack;
  async function ready(v: Visitor, code: string) {
    pack ??= await db()
      .selectFrom('packs as pk')
      .innerJoin('warehouses as w', 'w.id', 'pk.warehouse_id')
      .select(['pk.id', 'pk.warehouse_id', 'pk.price_paise'])
      .where('w.code', '=', 'BLR')
      .where('pk.price_paise', '>=', 60_000)
      .orderBy('pk.id')
      .executeTakeFirstOrThrow();
    await db().updateTable('packs').set({ stock: 1000, max_per_order: 20 }).where('id', '=', pack.id).execute();
    expect((await v.post('/cart/add', { pack_id: pack.id, warehouse_id: pack.warehouse_id, quantity: 1 })).status).toBe(200);
    const applied = await v.post('/apply/coupon', { code });
    return applied.status;
  }
  const create = (v: Visitor & { address: Address }, payment = 'cod') =>
    v.post('/order/create', { address_id: v.address.id, payment }, { headers: { 'Idempotency-Key': randomUUID() } });

  it('gives a coupon with one use to the first order; the next shopper is refused until that order is cancelled', async () => {
    const [a, b] = [await shopper(), await shopper()];
    expect(await ready(a, 'LASTONE')).toBe(200);
    expect(await ready(b, 'LASTONE')).toBe(200);
    const first = await create(a);
    expect(first.status).toBe(201);
    const order = Order.parse(await (await a.get(`/orders/${(await first.json()).id}`)).json());
    expect(order).toMatchObject({ offercode: 'LASTONE', discount: 75 });
    expect(order.items.reduce((s, i) => s + toPaise(i.discount), 0)).toBe(7500);
    const second = await create(b);
    expect(second.status).toBe(409);
    expect((await second.json()).message).toBe('LASTONE: This coupon has been fully used');
    expect((await b.post('/apply/coupon', { code: 'LASTONE' })).status).toBe(409);
    expect((await a.post(`/order/cancel/${order.id}`, {})).status).toBe(200);
    expect((await create(b)).status).toBe(201);
  });

  it('lets exactly one of two orders racing for the last use of a coupon have it', async () => {
    await db().updateTable('coupons').set({ usage_limit: 1 }).where('code', '=', 'NAMASTE20').execute();
    const [a, b] = [await shopper(), await shopper()];
    expect(await ready(a, 'NAMASTE20')).toBe(200);
    expect(await ready(b, 'NAMASTE20')).toBe(200);
    const answers = await Promise.all([create(a), create(b)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('holds a once-per-customer coupon to one order, across websites', async () => {
    const here = await shopper();
    expect(await ready(here, 'SAVE10')).toBe(200);
    const phone = (await db().selectFrom('users').select('phone').where('id', '=', here.userId).executeTakeFirstOrThrow()).phone;
    const there = await signedIn(shop(), phone, 'shop2.localhost');
    const address = Address.parse(await (await there.post('/addresses', { ...HOME, pincode: '560001' })).json());
    expect(await ready(there, 'SAVE10')).toBe(200);
    expect((await create(here)).status).toBe(201);
    const again = await create(Object.assign(there, { address }));
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('SAVE10: You have already used this coupon');
  });

  it('gives a first-order coupon only to a shopper with no order yet', async () => {
    const v = await shopper();
    expect(await ready(v, 'WELCOME50')).toBe(200);
    expect((await create(v)).status).toBe(201);
    expect(await ready(v, 'WELCOME50')).toBe(409);
    const r = await v.post('/order/create', { address_id: v.address.id, payment: 'cod', offercode: 'WELCOME50' }, { headers: { 'Idempotency-Key': randomUUID() } });
    expect(r.status).toBe(409);
    expect((await r.json()).message).toBe('WELCOME50: This coupon is for your first order only');
  });
});
