/**
 * `npm run seed -- --orders N`: N more orders over the last 365 days, for the dashboard at scale. Half are the
 * demo agent's (the benchmark's worst case), a quarter are four generated agents' on the first website, the
 * rest customers' own orders and a generated agent's on the second website, so the agent index must pick one
 * agent's rows out of many. Customers (about one per 40 orders) are generated with an address each; batched
 * multi-row inserts, a transaction per 10,000 orders.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Db } from '../index';
import type { AddressTable, Database, UserTable } from '../schema';
import { insertOrders, loadAreas, loadPacks, numberOrders, type OrderPlan } from './agent-orders';
import { random } from './catalogue';
import { BULK_AGENTS, BULK_PINCODES, DEMO_AGENT_PHONE, FIRST_NAMES, LAST_NAMES, STREETS } from './agents-data';
import { planOrder, seedCoupon } from './agents';

type DB = Kysely<Database>;
const DAY = 86_400_000;
const CHUNK = 10_000;

interface Customer {
  userId: number;
  websiteId: number;
  /** Index into the agents, or -1 when nobody's. */
  agent: number;
  assignedAt: number;
  address: Selectable<AddressTable>;
}

export interface BulkResult {
  orders: number;
  lines: number;
  customers: number;
  agents: number;
  demoAgentOrders: number;
}

export async function seedBulkOrders(db: Db, count: number, options: { now?: Date; log?: (line: string) => void } = {}): Promise<BulkResult> {
  const k = db.kysely;
  const now = (options.now ?? new Date()).getTime();
  const rand = random(100_000 + count);
  const sites = (await k.selectFrom('websites').select('id').orderBy('id').limit(2).execute()).map((s) => s.id);
  const demoAgent = await k.selectFrom('users').select('id').where('phone', '=', DEMO_AGENT_PHONE).executeTakeFirst();
  if (!demoAgent) throw new Error('seed --orders needs the demo agent: seed the demo users first');
  // A run on a shop that already has bulk orders goes on numbering its people.
  const runId = Number((await k.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  const agents = await k.transaction().execute(async (trx) => [
    { id: demoAgent.id, websiteId: sites[0]! },
    ...(await addAgents(trx, sites, runId)),
  ]);
  const customerCount = Math.max(60, Math.round(count / 40));
  const customers = await k.transaction().execute((trx) => addCustomers(trx, customerCount, agents, sites, runId, now, rand));
  // The demo agent's own demo customers take orders too (after their assignment).
  for (const a of await k.selectFrom('agent_customers').innerJoin('addresses', 'addresses.user_id', 'agent_customers.customer_id').selectAll('addresses').select('agent_customers.assigned_at').where('agent_customers.agent_id', '=', demoAgent.id).where('addresses.is_default', '=', 1).execute()) {
    const { assigned_at, ...address } = a;
    customers.push({ userId: address.user_id, websiteId: sites[0]!, agent: 0, assignedAt: Date.parse(assigned_at), address });
  }
  const pools = agents.map((_, i) => customers.filter((c) => c.agent === i));
  const own = sites.map((id) => customers.filter((c) => c.websiteId === id));
  const ctx = { now, rand, packs: await loadPacks(k), areas: await loadAreas(k, customers.map((c) => c.address.pincode)), coupon: await seedCoupon(k) };

  const plans: OrderPlan[] = [];
  for (let n = 0; n < count; n++) {
    const r = rand();
    // 50% the demo agent, 25% the other agents of the first website, 7% the second website's agent, 18% customers' own.
    const agent = r < 0.5 ? 0 : r < 0.75 ? 1 + Math.floor(rand() * 4) : r < 0.82 ? 5 : -1;
    const pool = agent >= 0 ? pools[agent]! : own[rand() < 0.85 ? 0 : 1]!;
    const c = pool[Math.floor(rand() * pool.length)]!;
    const from = Math.max(now - 365 * DAY, agent >= 0 ? c.assignedAt + 3_600_000 : now - 365 * DAY);
    const at = from + Math.floor(rand() * (now - 600_000 - from));
    plans.push(planOrder({ websiteId: c.websiteId, userId: c.userId, agentId: agent >= 0 ? agents[agent]!.id : null, at, address: c.address, key: `bulk-${runId}-${n}` }, ctx));
  }
  await numberOrders(k, plans);
  let lines = 0;
  for (let i = 0; i < plans.length; i += CHUNK) {
    lines += await k.transaction().execute((trx) => insertOrders(trx, plans.slice(i, i + CHUNK), ctx.areas, now));
    options.log?.(`  ${Math.min(i + CHUNK, plans.length)} of ${count} orders`);
  }
  return { orders: count, lines, customers: customerCount, agents: agents.length - 1, demoAgentOrders: plans.filter((p) => p.agentId === demoAgent.id).length };
}

const nameOf = (n: number) => `${FIRST_NAMES[n % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(n / FIRST_NAMES.length) % LAST_NAMES.length]}`;

async function addAgents(db: DB, sites: number[], runId: number) {
  const at = new Date().toISOString();
  const rows = await db
    .insertInto('users')
    .values(
      BULK_AGENTS.map((a, i) => ({
        name: a.name, email: `agent${runId}.${i + 1}@example.com`, phone: `98765${String(20000 + runId * 10 + i + 1).slice(-5)}`,
        is_sales_agent: 1, commission_bps: a.bps, phone_verified: 1, created_at: at,
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r, i) => ({ id: r.id, websiteId: sites[BULK_AGENTS[i]!.website] ?? sites[0]! }));
}

/**
 * Customers with a default address each: 30% the demo agent's, 10% each of the other four agents of the first
 * website, 12% the second website's agent's, the rest nobody's. Most were assigned before the year the orders cover.
 */
async function addCustomers(db: DB, count: number, agents: { id: number; websiteId: number }[], sites: number[], runId: number, now: number, rand: () => number): Promise<Customer[]> {
  const share = (n: number) => (n < 0.3 * count ? 0 : n < 0.7 * count ? 1 + Math.floor((n - 0.3 * count) / (0.1 * count)) : n < 0.82 * count ? 5 : -1);
  const out: Customer[] = [];
  for (let start = 0; start < count; start += 1000) {
    const size = Math.min(1000, count - start);
    const people = Array.from({ length: size }, (_, j) => {
      const n = start + j;
      const agent = share(n);
      const websiteId = agent >= 0 ? agents[agent]!.websiteId : sites[n % 7 === 0 ? 1 : 0] ?? sites[0]!;
      const joined = now - (366 + Math.floor(rand() * 700)) * DAY;
      const assignedAt = rand() < 0.7 ? now - (366 + Math.floor(rand() * 300)) * DAY : now - Math.floor(rand() * 365 * DAY);
      return { n, agent, websiteId, joined, assignedAt: Math.max(joined, assignedAt), name: nameOf(n * 7 + runId), phone: `6${String(runId * 1_000_000 + n).padStart(9, '0').slice(-9)}` };
    });
    const users: Insertable<UserTable>[] = people.map((p) => ({ name: p.name, email: `customer${runId}.${p.n}@example.com`, phone: p.phone, phone_verified: 1, created_at: new Date(p.joined).toISOString() }));
    const ids = await db.insertInto('users').values(users).returning(['id', 'phone']).execute();
    const idOf = new Map(ids.map((r) => [r.phone, r.id]));
    const addresses = await db
      .insertInto('addresses')
      .values(
        people.map((p) => {
          const pins = BULK_PINCODES[p.websiteId === sites[0] ? 0 : 1];
          const pincode = pins[p.n % pins.length]!;
          const [city, state] = pincode.startsWith('56') ? ['Bengaluru', 'Karnataka'] : ['Mumbai', 'Maharashtra'];
          const at = new Date(p.joined).toISOString();
          return {
            user_id: idOf.get(p.phone)!, website_id: p.websiteId, name: p.name, phone: p.phone, pincode, line1: `${1 + (p.n % 240)}, ${STREETS[p.n % STREETS.length]}`, line2: null,
            landmark: null, city, state, type: 'home' as const, is_default: 1, created_at: at, updated_at: at,
          };
        }),
      )
      .returningAll()
      .execute();
    const addressOf = new Map(addresses.map((a) => [a.user_id, a]));
    const assigned = people.filter((p) => p.agent >= 0);
    if (assigned.length) {
      await db
        .insertInto('agent_customers')
        .values(assigned.map((p) => ({ website_id: p.websiteId, customer_id: idOf.get(p.phone)!, agent_id: agents[p.agent]!.id, assigned_at: new Date(p.assignedAt).toISOString() })))
        .execute();
    }
    for (const p of people) {
      const userId = idOf.get(p.phone)!;
      out.push({ userId, websiteId: p.websiteId, agent: p.agent, assignedAt: p.assignedAt, address: addressOf.get(userId)! });
    }
  }
  return out;
}
