/**
 * Ordering for a customer (docs/sales-agents.md): a sales agent builds a cart for an assigned customer, picks or adds an
 * address, and places the order (cash on delivery, or a payment link the customer pays), on both backends.
 */
import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { Address, AddressList, AgentOrder, AgentOrderList, AgentOrderPlaced, AgentSummary, Cart, MAX_ADDRESSES, OrderList } from '../../src/contract';
import { toPaise } from '../../src/lib/to-paise';
import { assignCustomer } from '../../src/server/services/agent-customers';
import { AGENT_PAYMENT_LINK_TTL_MINUTES, expireUnpaidOrders } from '../../src/server/orders/lifecycle';
import { purgeExpiredSessions } from '../../src/server/services/sessions';
import { orderKit, type Pack } from './order-kit';
import { describeApi, HOME, newShopper, signedIn, type Visitor } from './shop';

const AGENT_PHONE = '9876500002';
const SHOPPER_PHONE = '9876500001';

describeApi('ordering for a customer: the agent’s cart, addresses and order', (shop) => {
  const kit = orderKit(shop);
  const { db, freshPack, stockOf, orderCount, shopper } = kit;
  let agent: Visitor & { userId: number };
  let websiteId: number;

  beforeAll(async () => {
    const row = await db().selectFrom('users').select('id').where('phone', '=', AGENT_PHONE).executeTakeFirstOrThrow();
    agent = Object.assign(await signedIn(shop(), AGENT_PHONE), { userId: row.id });
    websiteId = (await db().selectFrom('website_domains').select('website_id').where('host', '=', 'localhost').executeTakeFirstOrThrow()).website_id;
  });

  /** A new shopper with an address at a pincode, assigned to an agent (the seeded one by default). */
  async function customer(pincode = '560001', agentId = agent.userId) {
    const c = await shopper(pincode);
    await assignCustomer(db(), websiteId, agentId, c.userId);
    return c;
  }
  /** Another sales agent: a new account with the agent flag. */
  async function otherAgent() {
    const v = await newShopper(shop());
    await db().updateTable('users').set({ is_sales_agent: 1 }).where('id', '=', v.userId).execute();
    return v;
  }
  const path = (customerId: number, rest = '') => `/agent/customers/${customerId}${rest}`;
  const cartOf = async (v: Visitor, customerId: number, addressId?: number) => {
    const r = await v.get(path(customerId, `/cart${addressId ? `?address_id=${addressId}` : ''}`));
    expect(r.status, await r.clone().text()).toBe(200);
    return Cart.parse(await r.json());
  };
  const addFor = async (v: Visitor, customerId: number, p: Pack, quantity?: number) => {
    const r = await v.post(path(customerId, '/cart/add'), { pack_id: p.id, warehouse_id: p.warehouse_id, quantity });
    expect(r.status, await r.clone().text()).toBe(200);
    return Cart.parse(await r.json());
  };
  const order = (v: Visitor, customerId: number, body: Record<string, unknown>, key: string | null = randomUUID()) =>
    v.post(path(customerId, '/order'), body, { headers: key === null ? {} : { 'Idempotency-Key': key } });
  const ownCart = async (v: Visitor) => Cart.parse(await (await v.get('/cart')).json()).items.map((i) => [i.pack_id, i.quantity]);
  const agentCartRows = (agentId: number, customerId: number) =>
    db().selectFrom('carts').select(['id', 'session_id', 'user_id']).where('agent_id', '=', agentId).where('customer_id', '=', customerId).execute();
  const orderRow = (id: number) => db().selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('answers 401 signed out and 403 to a shopper on every call, and 404 for a customer of another agent, changing nothing', async () => {
    const c = await customer();
    const p = await freshPack(10_000);
    const calls = (v: Visitor, id: number) => [
      v.get(path(id, '/cart')),
      v.get(path(id, `/cart?address_id=${c.address.id}`)),
      v.post(path(id, '/cart/add'), { pack_id: p.id, warehouse_id: p.warehouse_id }),
      v.post(path(id, '/cart/remove'), { pack_id: p.id }),
      v.get(path(id, '/addresses')),
      v.post(path(id, '/addresses'), { ...HOME, line1: 'Sneaky street' }),
      order(v, id, { address_id: c.address.id, payment: 'cod' }),
    ];
    const statuses = async (v: Visitor, id: number) => (await Promise.all(calls(v, id))).map((r) => r.status);
    expect(await statuses(await shop().visitor().start(), c.userId)).toEqual(Array(7).fill(401));
    expect(await statuses(await signedIn(shop(), SHOPPER_PHONE), c.userId)).toEqual(Array(7).fill(403));
    // The customer themself is no agent either.
    expect(await statuses(c, c.userId)).toEqual(Array(7).fill(403));

    const rival = await otherAgent();
    expect(await statuses(rival, c.userId)).toEqual(Array(7).fill(404));
    // Nobody's customer, and an id that is no user at all, answer the same.
    const nobodys = await shopper();
    expect(await statuses(agent, nobodys.userId)).toEqual(Array(7).fill(404));
    expect(await statuses(agent, 2_000_000_000)).toEqual(Array(7).fill(404));
    expect(await agentCartRows(rival.userId, c.userId)).toEqual([]);
    expect(AddressList.parse(await (await c.get('/addresses')).json()).data.map((a) => a.id)).toEqual([c.address.id]);
    expect(await orderCount(c.userId)).toBe(0);
    expect(await stockOf(p.id)).toBe(50);
    // The rival's own calls work for their own customer.
    const theirs = await customer('560001', rival.userId);
    expect((await addFor(rival, theirs.userId, p, 2)).quantity).toBe(2);
  });

  it('builds the cart for the customer in a cart of its own: the agent’s own cart and the customer’s stay untouched', async () => {
    const c = await customer();
    const [mine, theirs, forThem] = [await freshPack(10_000), await freshPack(10_000), await freshPack(10_000)];
    await kit.add(agent, mine, 1);
    await kit.add(c, theirs, 3);
    const agentBefore = await ownCart(agent);

    expect((await addFor(agent, c.userId, forThem)).items.map((i) => [i.pack_id, i.quantity])).toEqual([[forThem.id, 1]]);
    expect((await addFor(agent, c.userId, forThem)).quantity).toBe(2);
    expect((await addFor(agent, c.userId, forThem, 5)).quantity).toBe(5);
    const removed = await agent.post(path(c.userId, '/cart/remove'), { pack_id: forThem.id });
    expect(Cart.parse(await removed.json()).quantity).toBe(4);
    expect((await agent.post(path(c.userId, '/cart/remove'), { pack_id: mine.id })).status).toBe(404);

    expect(await ownCart(agent)).toEqual(agentBefore);
    expect(await ownCart(c)).toEqual([[theirs.id, 3]]);
    expect((await cartOf(agent, c.userId)).items.map((i) => [i.pack_id, i.quantity])).toEqual([[forThem.id, 4]]);
    // One row for the pair, of neither a session nor a user.
    expect(await agentCartRows(agent.userId, c.userId)).toEqual([{ id: expect.any(Number), session_id: null, user_id: null }]);
    // A quantity over the pack's limit is refused, and the refusal says the limit (the page then sets the line to it).
    await db().updateTable('packs').set({ max_per_order: 10 }).where('id', '=', forThem.id).execute();
    const over = await agent.post(path(c.userId, '/cart/add'), { pack_id: forThem.id, warehouse_id: forThem.warehouse_id, quantity: 25 });
    expect([over.status, await over.json()]).toEqual([400, { message: 'You can add at most 10 of this item', max_quantity: 10 }]);
    expect((await addFor(agent, c.userId, forThem, 10)).quantity).toBe(10);
  });

  it('prices the cart for one of the customer’s addresses; another user’s address is a 404; bad input a 400', async () => {
    const c = await customer('600001');
    const p = await freshPack(25_000);
    await addFor(agent, c.userId, p, 1);
    // Without an address, not the agent's own pincode: the agent is not where the customer is.
    expect((await agent.get('/check/pincode/560001')).status).toBe(200);
    expect(Cart.parse(await (await agent.get('/cart')).json()).pincode).toBe('560001');
    expect(await cartOf(agent, c.userId)).toMatchObject({ pincode: null, serviceable: false, deliveryMessage: 'Please select your delivery pincode' });
    const priced = await cartOf(agent, c.userId, c.address.id);
    expect(priced).toMatchObject({ pincode: '600001', serviceable: true, delivery_charge: 50 });
    expect(priced.paymentMethods.map((m) => m.code)).toEqual(['razorpay', 'stripe']);
    // Adding with an address answers the cart priced for it too.
    expect((Cart.parse(await (await agent.post(path(c.userId, `/cart/add?address_id=${c.address.id}`), { pack_id: p.id, warehouse_id: p.warehouse_id })).json())).pincode).toBe('600001');

    const other = await customer();
    for (const address of [other.address.id, 2_000_000_000]) {
      expect((await agent.get(path(c.userId, `/cart?address_id=${address}`))).status).toBe(404);
    }
    for (const bad of [path(c.userId, '/cart?address_id=abc'), path(c.userId, '/cart?address_id=-1'), '/agent/customers/abc/cart', '/agent/customers/0/cart', '/agent/customers/99999999999/cart']) {
      const r = await agent.get(bad);
      expect(r.status, bad).toBe(400);
    }
    expect((await agent.post(path(c.userId, '/cart/add'), { pack_id: p.id })).status).toBe(400);
    expect((await agent.post(path(c.userId, '/cart/add'), 'not json{')).status).toBe(400);
    expect((await agent.post(path(c.userId, '/cart/add'), { pack_id: p.id, warehouse_id: p.warehouse_id, quantity: 999 })).status).toBe(400);
    expect((await cartOf(agent, c.userId)).quantity).toBe(2);
  });

  it('places a cash-on-delivery order that is the customer’s and the agent’s: same key, same order; the carts as they should be', async () => {
    const c = await customer();
    const [p, theirs, mine] = [await freshPack(10_000), await freshPack(10_000), await freshPack(10_000)];
    await kit.add(c, theirs, 2);
    await kit.add(agent, mine, 1);
    const agentBefore = await ownCart(agent);
    await addFor(agent, c.userId, p, 3);
    const quoted = await cartOf(agent, c.userId, c.address.id);

    const key = randomUUID();
    const body = { address_id: c.address.id, payment: 'cod', note: 'Call before coming' };
    // From a Hindi page too, the agent's order is in English (its messages are): the dashboard speaks English.
    const first = await agent.post(path(c.userId, '/order'), body, { headers: { 'Idempotency-Key': key, 'accept-language': 'hi-IN' } });
    expect(first.status, await first.clone().text()).toBe(201);
    const placed = AgentOrderPlaced.parse(await first.json());
    expect(placed).toMatchObject({ status: 'placed', payment_link: null, total: quoted.total });
    expect(placed.ordernumber).toMatch(/^AF-\d{6}$/);
    const again = await order(agent, c.userId, body, key);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(placed);
    expect((await order(agent, c.userId, { ...body, note: 'Another' }, key)).status).toBe(422);

    const row = await orderRow(placed.id);
    expect(row).toMatchObject({ user_id: c.userId, agent_id: agent.userId, status: 'placed', payment_method: 'cod', note: 'Call before coming', expires_at: null, locale: 'en' });
    expect(row.total_paise).toBe(toPaise(quoted.total));
    expect(await stockOf(p.id)).toBe(47);
    // In the customer's account, as any order of theirs.
    const list = OrderList.parse(await (await c.get('/orders')).json());
    expect(list.data.map((o) => [o.id, o.status])).toEqual([[placed.id, 'placed']]);
    expect(await (await c.get(`/orders/${placed.id}`)).json()).toMatchObject({ id: placed.id, note: 'Call before coming', address: { ...HOME, pincode: '560001' } });
    // The agent sees no such order among their own (it is not the agent's as a shopper).
    expect(OrderList.parse(await (await agent.get('/orders')).json()).data.map((o) => o.id)).not.toContain(placed.id);
    // The (agent, customer) cart is empty; the customer's and the agent's own are as they were.
    expect((await cartOf(agent, c.userId)).items).toEqual([]);
    expect(await ownCart(c)).toEqual([[theirs.id, 2]]);
    expect(await ownCart(agent)).toEqual(agentBefore);
  });

  it('sends a payment link: the order waits a day for the customer, who alone can pay it', async () => {
    const c = await customer();
    const p = await freshPack(10_000);
    await addFor(agent, c.userId, p, 2);
    const before = Date.now();
    const r = await order(agent, c.userId, { address_id: c.address.id, payment: 'razorpay' });
    expect(r.status, await r.clone().text()).toBe(201);
    const placed = AgentOrderPlaced.parse(await r.json());
    expect(placed).toMatchObject({ status: 'pending_payment', payment_link: `http://localhost/checkout/razorpay/${placed.id}` });
    const row = await orderRow(placed.id);
    expect(row).toMatchObject({ user_id: c.userId, agent_id: agent.userId, payment_provider: 'razorpay' });
    const ttl = Date.parse(row.expires_at!) - before;
    expect(AGENT_PAYMENT_LINK_TTL_MINUTES).toBe(24 * 60);
    expect(ttl).toBeGreaterThanOrEqual(24 * 3_600_000 - 60_000);
    expect(ttl).toBeLessThanOrEqual(24 * 3_600_000 + 60_000);
    // Stock is held while the link waits.
    expect(await stockOf(p.id)).toBe(48);
    expect((await cartOf(agent, c.userId)).items).toEqual([]);
    // The agent cannot pay it (not theirs); the customer can.
    expect((await agent.post('/payments/razorpay/start', { order_id: placed.id })).status).toBe(404);
    const started = await c.post('/payments/razorpay/start', { order_id: placed.id });
    expect(started.status, await started.clone().text()).toBe(200);
    expect(await started.json()).toMatchObject({ order_id: placed.id, ordernumber: placed.ordernumber });
    expect(OrderList.parse(await (await c.get('/orders?status=pending_payment')).json()).data.map((o) => o.id)).toEqual([placed.id]);

    // Stripe too; forwarded headers count only from a trusted proxy (the storefront's, in front of the API).
    const forwarded = { 'Idempotency-Key': randomUUID(), 'X-Forwarded-Host': 'localhost', 'X-Forwarded-Proto': 'https' };
    await addFor(agent, c.userId, p, 1);
    const stripe = AgentOrderPlaced.parse(await (await agent.post(path(c.userId, '/order'), { address_id: c.address.id, payment: 'stripe' }, { headers: forwarded })).json());
    expect(stripe.payment_link).toBe(`http://localhost/checkout/stripe/${stripe.id}`);
    const config = shop().deps.config;
    config.trustProxy = true;
    try {
      await addFor(agent, c.userId, p, 1);
      const proxied = await agent.post(path(c.userId, '/order'), { address_id: c.address.id, payment: 'stripe' }, { headers: { ...forwarded, 'Idempotency-Key': randomUUID() } });
      expect(proxied.status, await proxied.clone().text()).toBe(201);
      expect(AgentOrderPlaced.parse(await proxied.json()).payment_link).toMatch(/^https:\/\/localhost\/checkout\/stripe\/\d+$/);
    } finally {
      config.trustProxy = false;
    }
  });

  it('refuses what checkout refuses, with the reason, and a refusal changes nothing: stock, cart, orders', async () => {
    const c = await customer('600001');
    const p = await freshPack(25_000);
    const refusal = async (response: Response) => [response.status, (await response.json()).message];
    const body = { address_id: c.address.id, payment: 'cod' };
    expect(await refusal(await order(agent, c.userId, body))).toEqual([409, 'Your cart is empty']);
    await addFor(agent, c.userId, p, 2);
    const cartBefore = await cartOf(agent, c.userId, c.address.id);

    // No cash on delivery to this zone: the same refusal as checkout's.
    const [status, message] = await refusal(await order(agent, c.userId, body));
    expect(status).toBe(422);
    expect(message).toMatch(/cash on delivery/i);
    expect(await refusal(await order(agent, c.userId, body, null))).toEqual([400, 'The Idempotency-Key header is required: send one key per order attempt']);
    expect((await order(agent, c.userId, body, 'x'.repeat(101))).status).toBe(400);
    expect(await refusal(await order(agent, c.userId, { ...body, payment: 'cheque' }))).toEqual([400, 'Unknown payment method; choose one of cod, razorpay, stripe']);
    expect((await order(agent, c.userId, { payment: 'cod' })).status).toBe(400);
    expect((await order(agent, c.userId, { ...body, note: 'n'.repeat(501) })).status).toBe(400);
    // Another user's address, or none: 404.
    const other = await customer();
    expect((await order(agent, c.userId, { ...body, address_id: other.address.id })).status).toBe(404);
    expect((await order(agent, c.userId, { ...body, address_id: 2_000_000_000 })).status).toBe(404);
    // Out of stock since it was added: 422 with the line.
    await db().updateTable('packs').set({ stock: 1 }).where('id', '=', p.id).execute();
    const short = await order(agent, c.userId, { ...body, payment: 'razorpay' });
    expect(short.status).toBe(422);
    expect((await short.json()).lines).toEqual([{ pack_id: p.id, message: 'Only 1 left in stock, please reduce the quantity' }]);
    await db().updateTable('packs').set({ stock: 50 }).where('id', '=', p.id).execute();

    expect(await orderCount(c.userId)).toBe(0);
    expect(await stockOf(p.id)).toBe(50);
    expect(await cartOf(agent, c.userId, c.address.id)).toEqual(cartBefore);
  });

  it('does not replay the customer’s own checkout for an agent using the same key', async () => {
    const c = await customer();
    const p = await freshPack(10_000);
    await kit.add(c, p, 1);
    const key = randomUUID();
    const own = await kit.create(c, { address_id: c.address.id, payment: 'cod' }, key);
    expect(own.status).toBe(201);
    await addFor(agent, c.userId, p, 1);
    const r = await order(agent, c.userId, { address_id: c.address.id, payment: 'cod' }, key);
    expect(r.status).toBe(422);
    expect(await orderCount(c.userId)).toBe(1);
    expect((await cartOf(agent, c.userId)).quantity).toBe(1);
  });

  it('prices coupons for the customer: a first-order coupon applies to a new customer, not to one who has ordered', async () => {
    const code = `AGENTFIRST${shop().backend.toUpperCase()}`;
    await db().insertInto('coupons').values({ code, kind: 'flat', value: 5_000, max_discount_paise: null, starts_at: null, ends_at: null, usage_limit: null, per_user_limit: null, first_order_only: 1, category_id: null, brand_id: null }).execute();
    // An agent who has never ordered as a shopper, so the coupon would apply if the agent were the one priced.
    const fresh = await otherAgent();
    const c = await customer('560001', fresh.userId);
    const p = await freshPack(20_000);
    const withCoupon = async () => {
      await addFor(fresh, c.userId, p, 1);
      const [cart] = await agentCartRows(fresh.userId, c.userId);
      await db().updateTable('carts').set({ offercode: code }).where('id', '=', cart!.id).execute();
      return cartOf(fresh, c.userId, c.address.id);
    };
    expect(await withCoupon()).toMatchObject({ offercode: code, discount: 50, message: null });
    const placed = await order(fresh, c.userId, { address_id: c.address.id, payment: 'cod' });
    expect(placed.status, await placed.clone().text()).toBe(201);
    expect(await orderRow(AgentOrderPlaced.parse(await placed.json()).id)).toMatchObject({ offercode: code, discount_paise: 5_000 });

    const refused = await withCoupon();
    expect(refused).toMatchObject({ discount: 0, message: `${code}: This coupon is for your first order only` });
    const again = await order(fresh, c.userId, { address_id: c.address.id, payment: 'cod' });
    expect(again.status).toBe(409);
    expect(await orderCount(c.userId)).toBe(1);
  });

  it('lists and adds the customer’s addresses with the rules of their own address book', async () => {
    const c = await customer();
    const list = async () => AddressList.parse(await (await agent.get(path(c.userId, '/addresses'))).json()).data;
    expect((await list()).map((a) => a.id)).toEqual([c.address.id]);
    const r = await agent.post(path(c.userId, '/addresses'), { ...HOME, pincode: '560002', line1: '7, Brigade Road', is_default: true });
    expect(r.status, await r.clone().text()).toBe(201);
    const added = Address.parse(await r.json());
    expect(added).toMatchObject({ pincode: '560002', line1: '7, Brigade Road', is_default: true });
    // The customer's own, in their account; the agent's address book is untouched.
    expect(AddressList.parse(await (await c.get('/addresses')).json()).data.map((a) => [a.id, a.is_default])).toEqual([[added.id, true], [c.address.id, false]]);
    expect((await list()).map((a) => a.id)).toEqual([added.id, c.address.id]);
    expect(await db().selectFrom('addresses').select('id').where('user_id', '=', agent.userId).where('line1', '=', '7, Brigade Road').execute()).toEqual([]);
    // The cart can be priced for it at once.
    expect((await cartOf(agent, c.userId, added.id)).pincode).toBe('560002');

    const bad = await agent.post(path(c.userId, '/addresses'), { ...HOME, pincode: '12345' });
    expect(bad.status).toBe(400);
    expect((await agent.post(path(c.userId, '/addresses'), {})).status).toBe(400);
    const rows = Array.from({ length: MAX_ADDRESSES - 2 }, (_, i) => ({ user_id: c.userId, website_id: websiteId, ...HOME, type: 'home' as const, line1: `House ${i}`, is_default: 0, created_at: new Date().toISOString(), updated_at: new Date().toISOString() }));
    await db().insertInto('addresses').values(rows).execute();
    const full = await agent.post(path(c.userId, '/addresses'), HOME);
    expect(full.status).toBe(409);
    expect((await list()).length).toBe(MAX_ADDRESSES);
  });

  it('keeps the agent’s carts when sessions expire: they belong to neither a session nor a user', async () => {
    const rival = await otherAgent();
    const c = await customer('560001', rival.userId);
    const p = await freshPack(10_000);
    await addFor(rival, c.userId, p, 2);
    // The agent's sessions expire and the sweeper removes them (and any cart of theirs, by cascade).
    await db().updateTable('sessions').set({ expires_at: new Date(0).toISOString() }).where('user_id', '=', rival.userId).execute();
    expect(await purgeExpiredSessions(db())).toBeGreaterThanOrEqual(1);
    expect(await db().selectFrom('sessions').select('id').where('user_id', '=', rival.userId).execute()).toEqual([]);
    const [cart] = await agentCartRows(rival.userId, c.userId);
    expect(cart).toBeDefined();
    const items = await db().selectFrom('cart_items').select(['pack_id', 'quantity']).where('cart_id', '=', cart!.id).execute();
    expect(items).toEqual([{ pack_id: p.id, quantity: 2 }]);
  });
  it('makes one order from parallel places with one key', async () => {
    const c = await customer();
    const p = await freshPack(10_000);
    await addFor(agent, c.userId, p, 2);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 6 }, () => order(agent, c.userId, { address_id: c.address.id, payment: 'cod' }, key)));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set((await Promise.all(answers.map((r) => r.text()))).map((b) => b)).size).toBe(1);
    expect(await orderCount(c.userId)).toBe(1);
    expect(await stockOf(p.id)).toBe(48);
  });

  it('keeps a payment link payable for a day while a checkout’s payment window is minutes; then its stock returns', async () => {
    const c = await customer();
    const [linked, own] = [await freshPack(10_000), await freshPack(10_000)];
    await addFor(agent, c.userId, linked, 2);
    const link = AgentOrderPlaced.parse(await (await order(agent, c.userId, { address_id: c.address.id, payment: 'stripe' })).json());
    await kit.add(c, own, 1);
    const checkout = await kit.placed(c, 'stripe');
    expect([await stockOf(linked.id), await stockOf(own.id)]).toEqual([48, 49]);

    await expireUnpaidOrders(shop().deps, new Date(Date.now() + 2 * 3_600_000));
    expect([await kit.statusOf(link.id), await kit.statusOf(checkout.id)]).toEqual(['pending_payment', 'payment_failed']);
    expect([await stockOf(linked.id), await stockOf(own.id)]).toEqual([48, 50]);
    await expireUnpaidOrders(shop().deps, new Date(Date.now() + 25 * 3_600_000));
    expect(await kit.statusOf(link.id)).toBe('payment_failed');
    expect(await stockOf(linked.id)).toBe(50);
  });

  it('counts the order in the agent’s figures for today once placed (cash on delivery), not while its link waits', async () => {
    const fresh = await otherAgent();
    const c = await customer('560001', fresh.userId);
    const p = await freshPack(10_000);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(new Date());
    const figures = async () => AgentSummary.parse(await (await fresh.get(`/agent/summary?from=${today}&to=${today}`)).json()).figures;
    expect((await figures()).orders.value).toBe(0);

    await addFor(fresh, c.userId, p, 2);
    const cod = AgentOrderPlaced.parse(await (await order(fresh, c.userId, { address_id: c.address.id, payment: 'cod' })).json());
    await addFor(fresh, c.userId, p, 1);
    const link = AgentOrderPlaced.parse(await (await order(fresh, c.userId, { address_id: c.address.id, payment: 'razorpay' })).json());
    const after = await figures();
    expect(after.orders.value).toBe(1);
    expect(after.revenue.value).toBe(cod.total);

    // The agent's order list and detail know both as theirs, with the same link while it waits.
    const listed = AgentOrderList.parse(await (await fresh.get(`/agent/orders?customer_id=${c.userId}`)).json());
    expect(listed.data.map((o) => [o.id, o.status, o.placed_by_agent])).toEqual([[link.id, 'pending_payment', true], [cod.id, 'placed', true]]);
    expect(AgentOrder.parse(await (await fresh.get(`/agent/orders/${link.id}`)).json()).payment_link).toBe(link.payment_link);
    // The seeded agent sees neither: not their customer's.
    expect((await agent.get(`/agent/orders/${link.id}`)).status).toBe(404);
  });

  it('publishes the calls in the OpenAPI document', async () => {
    const doc = await (await shop().visitor().get('/openapi.json')).json();
    const methods = (path: string) => Object.keys(doc.paths[`/s/api/agent/customers/{id}${path}`] ?? {}).sort();
    expect(methods('/cart')).toEqual(['get']);
    for (const path of ['/cart/add', '/cart/remove', '/order']) expect(methods(path), path).toEqual(['post']);
    expect(methods('/addresses')).toEqual(['get', 'post']);
    const place = doc.paths['/s/api/agent/customers/{id}/order'].post;
    expect(place.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'idempotency-key', in: 'header' }), expect.objectContaining({ name: 'id', in: 'path' })]));
    expect(Object.keys(place.responses).sort()).toEqual(['200', '201', '400', '401', '403', '404', '409', '422']);
    expect(place.responses['201'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/AgentOrderPlaced' });
  });
});
