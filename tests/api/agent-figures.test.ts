/**
 * The agent's figures, customers and orders against a fixture of orders inserted with known amounts, statuses
 * and times around India's midnight (18:30 UTC), for an agent of this suite's own: every expected figure below
 * is summed by hand from the fixture.
 */
import { beforeAll, expect, it } from 'vitest';
import { AgentCustomer, AgentCustomerList, AgentOrder, AgentOrderList, AgentSales, AgentSummary, AgentTop } from '../../src/contract';
import type { OrderStatus } from '../../src/server/db/schema';
import { assignCustomer } from '../../src/server/services/agent-customers';
import { describeApi, HOME, signedIn, type TestShop, type Visitor } from './shop';

const suffix = String(process.pid % 10_000).padStart(4, '0');
let phones = 0;
const phone = (lead: string) => `${lead}${suffix}${String((phones += 1)).padStart(5, '0')}`;

/** A user of this suite (an agent when `agentBps` is given). */
async function user(shop: TestShop, name: string, agentBps?: number) {
  const p = phone('6');
  const { id } = await shop.deps.db.kysely
    .insertInto('users')
    .values({ name, email: `u${p}@example.com`, phone: p, created_at: '2026-01-01T00:00:00.000Z', ...(agentBps === undefined ? {} : { is_sales_agent: 1, commission_bps: agentBps }) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, name, phone: p };
}

type Line = { pack: number; quantity: number; amount: number; discount?: number };
interface OrderSpec {
  key: string;
  customer: number;
  agent: number | null;
  status: OrderStatus;
  total: number;
  delivery?: number;
  at: string;
  website?: number;
  provider?: string;
  lines?: Line[];
}

let orderSeq = 0;
/** Inserts an order (and its lines) as checkout would have stored it; amounts in paise. */
async function insertOrder(shop: TestShop, o: OrderSpec): Promise<number> {
  const db = shop.deps.db.kysely;
  orderSeq += 1;
  const delivery = o.delivery ?? 0;
  const { id } = await db
    .insertInto('orders')
    .values({
      website_id: o.website ?? 1,
      user_id: o.customer,
      agent_id: o.agent,
      ordernumber: `AGF-${suffix}-${orderSeq}`,
      status: o.status,
      payment_method: o.provider ?? 'cod',
      payment_provider: o.provider ?? null,
      payment_ref: null,
      amount_paise: o.total - delivery,
      discount_paise: 0,
      delivery_charge_paise: delivery,
      total_paise: o.total,
      offercode: null,
      coupon_id: null,
      note: null,
      address_id: null,
      address_json: JSON.stringify({ ...HOME, type: 'home' }),
      idempotency_key: `agf-${orderSeq}`,
      request_hash: 'x',
      expires_at: o.status === 'pending_payment' ? '2099-01-01T00:00:00.000Z' : null, // never swept while the suite runs
      created_at: o.at,
      updated_at: o.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [position, l] of (o.lines ?? []).entries()) {
    await db
      .insertInto('order_lines')
      .values({
        order_id: id,
        position,
        pack_id: l.pack,
        slug: `pack-${l.pack}`,
        image: '/x.webp',
        name: `Pack ${l.pack}`,
        pack: '1 kg',
        quantity: l.quantity,
        price_paise: l.amount / l.quantity,
        act_price_paise: l.amount / l.quantity,
        amount_paise: l.amount,
        discount_paise: l.discount ?? 0,
        warehouse_id: 1,
        delivery_charge_id: null,
        del_date: null,
        del_start_time: null,
        del_end_time: null,
      })
      .execute();
  }
  return id;
}

const P1 = 990_001;
const P2 = 990_002;
const P3 = 990_003;

describeApi('agent figures: sums over a fixture of orders, in India\'s days', (shop) => {
  let agent: Visitor;
  const ids: Record<string, number> = {};
  const who: Record<string, { id: number; name: string; phone: string }> = {};

  beforeAll(async () => {
    const s = shop();
    const a = await user(s, 'Agent Figures', 250); // 2.5%
    const b = await user(s, 'Agent Other', 200);
    // Names whose A–Z order differs from a byte order ('arjun' sorts first, not last).
    who.c1 = await user(s, 'Zoya Khan');
    who.c2 = await user(s, 'arjun Mehta');
    who.c3 = await user(s, 'Bela Iyer');
    who.c5 = await user(s, 'Dev Patel');
    who.c6 = await user(s, 'Chetan Rao');
    who.c4 = await user(s, 'Other Agent Customer');
    const db = s.deps.db.kysely;
    await assignCustomer(db, 1, a.id, who.c1.id, new Date('2026-03-20T00:00:00.000Z')); // long before: new in neither period
    await assignCustomer(db, 1, a.id, who.c2.id, new Date('2026-03-31T18:30:00.000Z')); // Apr 1, 00:00 IST: this period
    await assignCustomer(db, 1, a.id, who.c3.id, new Date('2026-03-28T18:30:00.000Z')); // Mar 29, 00:00 IST: previous
    await assignCustomer(db, 1, a.id, who.c6.id, new Date('2026-03-31T18:29:59.999Z')); // Mar 31, 23:59 IST: previous
    await assignCustomer(db, 1, a.id, who.c5.id, new Date('2026-04-03T18:30:00.000Z')); // Apr 4 IST: neither
    await assignCustomer(db, 1, b.id, who.c4.id, new Date('2026-03-01T00:00:00.000Z'));

    const A = a.id;
    const orders: OrderSpec[] = [
      // This period, Apr 1–3 IST = [2026-03-31T18:30Z, 2026-04-03T18:30Z).
      { key: 'o1', customer: who.c1.id, agent: A, status: 'delivered', total: 100_050, delivery: 5_000, at: '2026-03-31T18:30:00.000Z', lines: [{ pack: P1, quantity: 2, amount: 60_000 }, { pack: P2, quantity: 1, amount: 35_050 }] },
      { key: 'o3', customer: who.c2.id, agent: A, status: 'confirmed', total: 50_025, delivery: 2_500, at: '2026-04-03T18:29:59.999Z', lines: [{ pack: P3, quantity: 5, amount: 47_525 }] },
      { key: 'o8', customer: who.c2.id, agent: A, status: 'out_for_delivery', total: 12_075, delivery: 1_990, at: '2026-04-01T05:00:00.000Z', lines: [{ pack: P1, quantity: 1, amount: 11_085, discount: 1_000 }] },
      { key: 'o5', customer: who.c1.id, agent: A, status: 'cancelled', total: 70_000, at: '2026-04-02T06:00:00.000Z', lines: [{ pack: P2, quantity: 10, amount: 70_000 }] },
      { key: 'o6', customer: who.c3.id, agent: A, status: 'pending_payment', total: 30_000, at: '2026-04-01T10:00:00.000Z', provider: 'razorpay', lines: [{ pack: P2, quantity: 10, amount: 30_000 }] },
      { key: 'o7', customer: who.c3.id, agent: A, status: 'payment_failed', total: 45_000, at: '2026-04-01T11:00:00.000Z', provider: 'stripe' },
      { key: 'o11', customer: who.c1.id, agent: null, status: 'delivered', total: 500_000, at: '2026-04-02T07:00:00.000Z', lines: [{ pack: P2, quantity: 50, amount: 500_000 }] },
      { key: 'o12', customer: who.c4.id, agent: b.id, status: 'delivered', total: 900_000, at: '2026-04-02T08:00:00.000Z' },
      { key: 'o15', customer: who.c1.id, agent: A, status: 'delivered', total: 800_000, at: '2026-04-02T09:00:00.000Z', website: 2 },
      // Just after: Apr 4, 00:00 IST.
      { key: 'o4', customer: who.c2.id, agent: A, status: 'packed', total: 9_999, at: '2026-04-03T18:30:00.000Z' },
      // Previous period, Mar 29–31 IST = [2026-03-28T18:30Z, 2026-03-31T18:30Z).
      { key: 'o2', customer: who.c1.id, agent: A, status: 'placed', total: 23_400, at: '2026-03-31T18:29:59.999Z' },
      { key: 'o9', customer: who.c3.id, agent: A, status: 'delivered', total: 8_000, at: '2026-03-29T03:00:00.000Z' },
      { key: 'o10', customer: who.c3.id, agent: A, status: 'cancelled', total: 6_000, at: '2026-03-30T12:00:00.000Z' },
      { key: 'o14', customer: who.c2.id, agent: A, status: 'cancelled', total: 6_000, at: '2026-03-31T18:29:59.999Z' },
      // Just before: Mar 28, 23:59 IST.
      { key: 'o13', customer: who.c1.id, agent: A, status: 'placed', total: 5_555, at: '2026-03-28T18:29:59.999Z' },
    ];
    for (const o of orders) ids[o.key] = await insertOrder(s, o);
    agent = await signedIn(s, a.phone);
  });

  const json = async (path: string) => {
    const r = await agent.get(path);
    expect(r.status, `${path}: ${await r.clone().text()}`).toBe(200);
    return r.json();
  };

  it('sums the period and the previous one by hand: revenue, average, commission (half up), new customers, cancellations', async () => {
    const summary = AgentSummary.parse(await json('/agent/summary?from=2026-04-01&to=2026-04-03'));
    expect(summary.period).toEqual({ from: '2026-04-01', to: '2026-04-03', days: 3 });
    expect(summary.previous).toEqual({ from: '2026-03-29', to: '2026-03-31', days: 3 });
    expect(summary.commission_rate).toBe(2.5);
    expect(summary.figures).toEqual({
      // o1 + o3 + o8 (o5 cancelled, o6 waiting, o7 failed, o11 self-placed, o12 another agent's, o15 another website, o4 after)
      orders: { value: 3, previous: 2 },
      // 1000.50 + 500.25 + 120.75; previous o2 + o9: 234.00 + 80.00
      revenue: { value: 1621.5, previous: 314 },
      // 1621.50 / 3 = 540.50; 314 / 2 = 157
      average_order_value: { value: 540.5, previous: 157 },
      // 2.5% of (950.50 + 475.25 + 100.85) = 1526.60 → 38.165 → 38.17 (half up); previous 2.5% of 314.00 = 7.85
      commission: { value: 38.17, previous: 7.85 },
      // c2 (at Apr 1 00:00 IST); previous c3 (Mar 29 00:00 IST) and c6 (Mar 31 23:59 IST)
      new_customers: { value: 1, previous: 2 },
      // o5; previous o10 and o14
      cancellations: { value: 1, previous: 2 },
    });
  });

  it('gives a one-day period the day before as its previous period, and zeros where nothing happened', async () => {
    const summary = AgentSummary.parse(await json('/agent/summary?from=2026-04-02&to=2026-04-02'));
    expect(summary.previous).toEqual({ from: '2026-04-01', to: '2026-04-01', days: 1 });
    expect(summary.figures).toEqual({
      orders: { value: 0, previous: 2 },
      revenue: { value: 0, previous: 1121.25 },
      average_order_value: { value: 0, previous: 560.63 }, // 1121.25 / 2 = 560.625 → 560.63
      commission: { value: 0, previous: 26.28 }, // 2.5% of (950.50 + 100.85) = 26.28375
      new_customers: { value: 0, previous: 1 },
      cancellations: { value: 1, previous: 0 },
    });
  });

  it("answers every day of the period, in India's days, with zeros on days without counted orders", async () => {
    const sales = AgentSales.parse(await json('/agent/sales?from=2026-03-29&to=2026-04-04'));
    expect(sales.period).toEqual({ from: '2026-03-29', to: '2026-04-04', days: 7 });
    expect(sales.days).toEqual([
      { date: '2026-03-29', orders: 1, revenue: 80 },
      { date: '2026-03-30', orders: 0, revenue: 0 },
      { date: '2026-03-31', orders: 1, revenue: 234 },
      { date: '2026-04-01', orders: 2, revenue: 1121.25 },
      { date: '2026-04-02', orders: 0, revenue: 0 },
      { date: '2026-04-03', orders: 1, revenue: 500.25 },
      { date: '2026-04-04', orders: 1, revenue: 99.99 },
    ]);
  });

  it('ranks packs by revenue net of discounts and customers by what they spent, over counted orders only', async () => {
    const top = AgentTop.parse(await json('/agent/top?from=2026-04-01&to=2026-04-03'));
    expect(top.products.map((p) => [p.pack_id, p.quantity, p.revenue])).toEqual([
      [P1, 3, 700.85], // 600.00 + (110.85 − 10.00)
      [P3, 5, 475.25],
      [P2, 1, 350.5], // not o5's 10 (cancelled), o6's (waiting) or o11's (self-placed)
    ]);
    expect(top.products[0]).toMatchObject({ slug: `pack-${P1}`, name: `Pack ${P1}`, pack: '1 kg' });
    expect(top.customers).toEqual([
      { id: who.c1!.id, name: 'Zoya Khan', phone: who.c1!.phone, orders: 1, revenue: 1000.5 },
      { id: who.c2!.id, name: 'arjun Mehta', phone: who.c2!.phone, orders: 2, revenue: 621 },
    ]);
    const two = AgentTop.parse(await json('/agent/top?from=2026-04-01&to=2026-04-03&limit=1'));
    // The one best by revenue, not by quantity (P3 sold more packs) nor by orders (arjun placed more).
    expect([two.products.map((p) => p.pack_id), two.customers.map((c) => c.id)]).toEqual([[P1], [who.c1!.id]]);
  });

  it('lists the agent\'s customers A–Z with their orders and revenue through the agent, and finds them by name or phone', async () => {
    const list = AgentCustomerList.parse(await json('/agent/customers'));
    expect(list.meta.total).toBe(5);
    expect(list.data.map((c) => [c.name, c.orders, c.revenue, c.last_order_at])).toEqual([
      ['arjun Mehta', 3, 720.99, '2026-04-03T18:30:00.000Z'], // o3 + o4 + o8 (o14 cancelled)
      ['Bela Iyer', 1, 80, '2026-03-29T03:00:00.000Z'], // o9
      ['Chetan Rao', 0, 0, null],
      ['Dev Patel', 0, 0, null],
      ['Zoya Khan', 3, 1290.05, '2026-03-31T18:30:00.000Z'], // o1 + o2 + o13 (not o11, self-placed, nor o15 on another website)
    ]);
    expect(list.data[0]).toMatchObject({ id: who.c2!.id, phone: who.c2!.phone, assigned_at: '2026-03-31T18:30:00.000Z' });
    const page2 = AgentCustomerList.parse(await json('/agent/customers?perPage=2&page=2'));
    expect([page2.meta.total, page2.data.map((c) => c.name)]).toEqual([5, ['Chetan Rao', 'Dev Patel']]);
    const names = async (q: string) => AgentCustomerList.parse(await json(`/agent/customers?q=${encodeURIComponent(q)}`)).data.map((c) => c.name);
    expect(await names('ARJUN')).toEqual(['arjun Mehta']);
    expect(await names('rao')).toEqual(['Chetan Rao']);
    expect(await names(who.c3!.phone.slice(-7))).toEqual(['Bela Iyer']);
    expect(await names(`${who.c3!.phone.slice(0, 5)} ${who.c3!.phone.slice(5)}`)).toEqual(['Bela Iyer']);
    expect(await names('Other Agent')).toEqual([]); // another agent's customer
    expect(await names('%')).toEqual([]); // a wildcard is a character
    const one = AgentCustomer.parse(await json(`/agent/customers/${who.c1!.id}`));
    expect(one).toEqual({ ...who.c1, email: expect.any(String), assigned_at: '2026-03-20T00:00:00.000Z', all_orders: 5, orders: 3, revenue: 1290.05, last_order_at: '2026-03-31T18:30:00.000Z' });
  });

  it("counts a customer's orders as their order list does: every order of theirs on this website, in any status, whoever placed it", async () => {
    const list = AgentCustomerList.parse(await json('/agent/customers'));
    // Zoya: o1, o2, o5 (cancelled), o11 (her own), o13 (before the period), not o15 (another website).
    expect(list.data.map((c) => [c.name, c.all_orders])).toEqual([['arjun Mehta', 4], ['Bela Iyer', 4], ['Chetan Rao', 0], ['Dev Patel', 0], ['Zoya Khan', 5]]);
    for (const c of list.data) {
      const theirs = AgentOrderList.parse(await json(`/agent/orders?customer_id=${c.id}&perPage=50`));
      expect(c.all_orders, c.name).toBe(theirs.meta.total);
      expect(AgentCustomer.parse(await json(`/agent/customers/${c.id}`)).all_orders).toBe(theirs.meta.total);
    }
  });

  it("lists the customers' orders newest first, the agent's and their own, by status or customer", async () => {
    const list = AgentOrderList.parse(await json('/agent/orders?perPage=50'));
    const newestFirst = ['o4', 'o3', 'o11', 'o5', 'o7', 'o6', 'o8', 'o1', 'o14', 'o2', 'o10', 'o9', 'o13'];
    expect(list.data.map((o) => o.id)).toEqual(newestFirst.map((k) => ids[k]));
    expect(list.meta.total).toBe(13);
    const byId = new Map(list.data.map((o) => [o.id, o]));
    expect(byId.get(ids.o11!)).toMatchObject({ placed_by_agent: false, customer: { id: who.c1!.id, name: 'Zoya Khan', phone: who.c1!.phone }, total: 5000 });
    expect(byId.get(ids.o1!)).toMatchObject({ placed_by_agent: true, quantity: 3, total: 1000.5, delivery_charge: 50, status: 'delivered' });
    const page = AgentOrderList.parse(await json('/agent/orders?perPage=3&page=2'));
    expect(page.data.map((o) => o.id)).toEqual(newestFirst.slice(3, 6).map((k) => ids[k]));
    const cancelled = AgentOrderList.parse(await json('/agent/orders?status=cancelled'));
    expect(cancelled.data.map((o) => o.id)).toEqual(['o5', 'o14', 'o10'].map((k) => ids[k]));
    const bela = AgentOrderList.parse(await json(`/agent/orders?customer_id=${who.c3!.id}`));
    expect(bela.data.map((o) => o.id)).toEqual(['o7', 'o6', 'o10', 'o9'].map((k) => ids[k]));
    const others = AgentOrderList.parse(await json(`/agent/orders?customer_id=${who.c4!.id}`));
    expect(others).toEqual({ data: [], meta: { total: 0 } });
  });

  it("shows one order as its owner sees it, with whose it is and, while it waits for payment, the customer's payment link", async () => {
    const o1 = AgentOrder.parse(await json(`/agent/orders/${ids.o1}`));
    expect(o1).toMatchObject({ id: ids.o1, status: 'delivered', total: 1000.5, placed_by_agent: true, payment_link: null, customer: { id: who.c1!.id, name: 'Zoya Khan' } });
    expect(o1.items.map((i) => [i.pack_id, i.quantity, i.amount])).toEqual([[P1, 2, 600], [P2, 1, 350.5]]);
    expect(o1.address.line1).toBe(HOME.line1);
    const waiting = AgentOrder.parse(await json(`/agent/orders/${ids.o6}`));
    expect(waiting.payment_link).toBe(`http://localhost/checkout/razorpay/${ids.o6}`);
    const failed = AgentOrder.parse(await json(`/agent/orders/${ids.o7}`));
    expect([failed.payment_link, failed.can_retry]).toEqual([null, true]);
    const own = AgentOrder.parse(await json(`/agent/orders/${ids.o11}`));
    expect(own.placed_by_agent).toBe(false);
    for (const key of ['o12', 'o15']) expect((await agent.get(`/agent/orders/${ids[key]}`)).status, key).toBe(404);
  });
});
