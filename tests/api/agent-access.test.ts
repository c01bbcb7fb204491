/**
 * Who may make the agent's read calls: every /agent path answers 401 signed out and 403 to a shopper; an agent
 * sees only their own customers and those customers' orders (another agent's, or nobody's, are 404, as are
 * ids that do not exist), on this website only; bad input is a 400 that says what is wrong.
 */
import { beforeAll, expect, it } from 'vitest';
import { AgentCustomerList, AgentOrderList } from '../../src/contract';
import { assignCustomer } from '../../src/server/services/agent-customers';
import { describeApi, HOME, signedIn, type TestShop, type Visitor } from './shop';

const suffix = String(process.pid % 10_000).padStart(4, '0');
let seq = 0;

async function user(shop: TestShop, name: string, agent = false) {
  seq += 1;
  const phone = `8${suffix}${String(seq).padStart(5, '0')}`;
  const { id } = await shop.deps.db.kysely
    .insertInto('users')
    .values({ name, email: `access${phone}@example.com`, phone, created_at: '2026-01-01T00:00:00.000Z', ...(agent ? { is_sales_agent: 1 } : {}) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, phone };
}

/** An order of a customer (placed by an agent when given), on a website; amounts in paise. */
async function order(shop: TestShop, customer: number, agent: number | null, websiteId = 1) {
  seq += 1;
  const at = '2026-03-10T06:00:00.000Z';
  const { id } = await shop.deps.db.kysely
    .insertInto('orders')
    .values({
      website_id: websiteId, user_id: customer, agent_id: agent, ordernumber: `AGA-${suffix}-${seq}`, status: 'placed', payment_method: 'cod',
      payment_provider: null, payment_ref: null, amount_paise: 10_000, discount_paise: 0, delivery_charge_paise: 0, total_paise: 10_000,
      offercode: null, coupon_id: null, note: null, address_id: null, address_json: JSON.stringify(HOME), idempotency_key: `aga-${seq}`,
      request_hash: 'x', expires_at: null, created_at: at, updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

const PERIOD = 'from=2026-03-01&to=2026-03-31';
const NO_SUCH_ID = 2_000_000_000;

describeApi('agent access: roles and assignments on every agent call', (shop) => {
  const f = {} as Record<'mine' | 'theirs' | 'nobodys' | 'otherSite' | 'myOrder' | 'theirOrder' | 'nobodysOrder' | 'otherSiteOrder', number>;
  let agentA: Visitor;
  let agentAPhone: string;

  /** Every read call of the agent, with ids of this agent's own customer and order. */
  const paths = () => [
    `/agent/summary?${PERIOD}`,
    `/agent/sales?${PERIOD}`,
    `/agent/top?${PERIOD}`,
    '/agent/customers',
    `/agent/customers/${f.mine}`,
    '/agent/orders',
    `/agent/orders/${f.myOrder}`,
  ];

  beforeAll(async () => {
    const s = shop();
    const db = s.deps.db.kysely;
    const a = await user(s, 'Access Agent A', true);
    const b = await user(s, 'Access Agent B', true);
    f.mine = (await user(s, 'Mine')).id;
    f.theirs = (await user(s, 'Theirs')).id;
    f.nobodys = (await user(s, 'Nobodys')).id;
    f.otherSite = (await user(s, 'Other Site')).id;
    await assignCustomer(db, 1, a.id, f.mine);
    await assignCustomer(db, 1, b.id, f.theirs);
    await assignCustomer(db, 2, a.id, f.otherSite); // agent A's, but on the other website
    f.myOrder = await order(s, f.mine, a.id);
    f.theirOrder = await order(s, f.theirs, b.id);
    f.nobodysOrder = await order(s, f.nobodys, null);
    f.otherSiteOrder = await order(s, f.otherSite, a.id, 2);
    agentAPhone = a.phone;
    agentA = await signedIn(s, a.phone);
  });

  it('answers every agent call 401 to a signed-out visitor and 403 to a shopper, and 200 to agents', async () => {
    const visitor = await shop().visitor().start();
    const shopper = await signedIn(shop(), '9876500001');
    const seededAgent = await signedIn(shop(), '9876500002');
    for (const path of paths()) {
      expect((await visitor.get(path)).status, path).toBe(401);
      const refused = await shopper.get(path);
      expect([refused.status, (await refused.json()).message], path).toEqual([403, 'This is for sales agents only']);
      expect((await agentA.get(path)).status, path).toBe(200);
    }
    // The seeded agent's own lists and figures answer (whatever the demo seeds for them).
    for (const path of paths().filter((p) => !/\/\d+$/.test(p))) expect((await seededAgent.get(path)).status, path).toBe(200);
  });

  it("answers 404 for another agent's customer or order, nobody's, another website's and ids that do not exist", async () => {
    for (const id of [f.theirs, f.nobodys, f.otherSite, NO_SUCH_ID]) {
      const r = await agentA.get(`/agent/customers/${id}`);
      expect([r.status, (await r.json()).message], `customer ${id}`).toEqual([404, 'No such customer of yours']);
    }
    for (const id of [f.theirOrder, f.nobodysOrder, f.otherSiteOrder, NO_SUCH_ID]) {
      const r = await agentA.get(`/agent/orders/${id}`);
      expect([r.status, (await r.json()).message], `order ${id}`).toEqual([404, 'No such order of your customers']);
    }
    // Nor do the lists show them, even asked by customer.
    const customers = AgentCustomerList.parse(await (await agentA.get('/agent/customers')).json());
    expect(customers.data.map((c) => c.id)).toEqual([f.mine]);
    const orders = AgentOrderList.parse(await (await agentA.get('/agent/orders')).json());
    expect(orders.data.map((o) => o.id)).toEqual([f.myOrder]);
    for (const id of [f.theirs, f.nobodys, f.otherSite]) {
      expect(AgentOrderList.parse(await (await agentA.get(`/agent/orders?customer_id=${id}`)).json()), `orders of ${id}`).toEqual({ data: [], meta: { total: 0 } });
    }
    // Figures count only this website's orders: the other website's order of agent A is not here.
    const summary = await (await agentA.get(`/agent/summary?${PERIOD}`)).json();
    expect(summary.figures.orders.value).toBe(1);
  });

  it("stops showing a customer and their orders as soon as they are assigned to another agent, on this website and not the other", async () => {
    const s = shop();
    const moved = (await user(s, 'Moved')).id;
    const a = (await s.deps.db.kysely.selectFrom('users').select('id').where('phone', '=', agentAPhone).executeTakeFirstOrThrow()).id;
    const b = (await s.deps.db.kysely.selectFrom('users').select('id').where('name', '=', 'Access Agent B').executeTakeFirstOrThrow()).id;
    await assignCustomer(s.deps.db.kysely, 1, a, moved);
    const movedOrder = await order(s, moved, null);
    expect((await agentA.get(`/agent/customers/${moved}`)).status).toBe(200);
    expect((await agentA.get(`/agent/orders/${movedOrder}`)).status).toBe(200);
    await assignCustomer(s.deps.db.kysely, 1, b, moved);
    expect((await agentA.get(`/agent/customers/${moved}`)).status).toBe(404);
    expect((await agentA.get(`/agent/orders/${movedOrder}`)).status).toBe(404);
    // On another website's host the agent sees that website's customers only.
    const onSite2 = await signedIn(s, agentAPhone, 'shop2.localhost');
    expect((await onSite2.get(`/agent/customers/${f.otherSite}`)).status).toBe(200);
    expect((await onSite2.get(`/agent/orders/${f.otherSiteOrder}`)).status).toBe(200);
    expect((await onSite2.get(`/agent/customers/${f.mine}`)).status).toBe(404);
    expect((await onSite2.get(`/agent/orders/${f.myOrder}`)).status).toBe(404);
  });

  it('publishes the read calls in the OpenAPI document, tagged agent, with their query parameters and answers', async () => {
    const doc = await (await shop().visitor().get('/openapi.json')).json();
    const read = ['/agent/summary', '/agent/sales', '/agent/top', '/agent/customers', '/agent/customers/{id}', '/agent/orders', '/agent/orders/{id}'];
    for (const path of read) expect(doc.paths[`/s/api${path}`]?.get?.tags, path).toEqual(['agent']);
    const query = (path: string) => doc.paths[`/s/api${path}`].get.parameters.map((p: { name: string }) => p.name);
    expect(query('/agent/top')).toEqual(expect.arrayContaining(['from', 'to', 'limit']));
    expect(query('/agent/customers')).toEqual(expect.arrayContaining(['q', 'page', 'perPage']));
    expect(query('/agent/orders')).toEqual(expect.arrayContaining(['status', 'customer_id', 'page', 'perPage']));
    expect(doc.paths['/s/api/agent/summary'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/AgentSummary' });
    expect(doc.paths['/s/api/agent/orders/{id}'].get.responses['200'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/AgentOrder' });
  });

  it('answers bad input 400 with a message that says what is wrong, never 500', async () => {
    const cases: [string, RegExp][] = [
      ['/agent/summary', /from must be a date as YYYY-MM-DD/],
      ['/agent/summary?from=2026-03-01', /to must be a date as YYYY-MM-DD/],
      ['/agent/summary?from=2026-02-30&to=2026-03-01', /from is not a real date/],
      ['/agent/summary?from=01-03-2026&to=2026-03-01', /from must be a date as YYYY-MM-DD/],
      ['/agent/sales?from=2026-03-02&to=2026-03-01', /from must not be after to/],
      ['/agent/sales?from=2025-01-01&to=2026-03-01', /A period is at most 366 days/],
      ['/agent/top?from=2026-03-01&to=2026-03-02&limit=0', /limit/],
      ['/agent/top?from=2026-03-01&to=2026-03-02&limit=21', /limit/],
      ['/agent/top?from=2026-03-01&to=2026-03-02&limit=abc', /limit must be a whole number from 1 to 20/],
      ['/agent/customers?page=0', /page/i],
      ['/agent/customers?perPage=1000', /perPage|per page/i],
      [`/agent/customers?q=${'x'.repeat(81)}`, /Search is too long/],
      ['/agent/customers/abc', /^ID must be a number$/],
      ['/agent/customers/-1', /^ID must be more than 0$/],
      ['/agent/orders?status=lost', /status must be one of pending_payment/],
      ['/agent/orders?customer_id=x', /^Customer ID must be a number$/],
      ['/agent/orders/0', /^ID must be more than 0$/],
      ['/agent/orders/99999999999', /No such id/],
    ];
    for (const [path, message] of cases) {
      const r = await agentA.get(path);
      const body = await r.json();
      expect(r.status, `${path}: ${JSON.stringify(body)}`).toBe(400);
      expect(body.message, path).toMatch(message);
    }
    // A leap year's 366 days is a period; the last day of February is a date.
    expect((await agentA.get('/agent/sales?from=2028-01-01&to=2028-12-31')).status).toBe(200);
    expect((await agentA.get('/agent/summary?from=2028-02-29&to=2028-02-29')).status).toBe(200);
  });
});
