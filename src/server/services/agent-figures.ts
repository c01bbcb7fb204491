/**
 * A sales agent's figures (docs/sales-agents.md): the summary of a period against the one before, daily sales for the chart,
 * and the top packs and customers. All sums are SQL aggregates over the agent's orders, read through the
 * covering index orders_agent (website_id, agent_id, created_at, status, total_paise, delivery_charge_paise,
 * user_id); the JS here only turns paise into rupees and fills the days without orders.
 *
 * Counted orders: orders.agent_id = the agent, on this website, created in the period (India's calendar days),
 * status placed, confirmed, packed, out_for_delivery or delivered. Cancellations: the agent's orders created in
 * the period and cancelled. Waiting for or failed payment: neither.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AgentSales, AgentSummary, AgentTop, PeriodQuery } from '../../contract';
import { indiaDayStart } from '../../lib/india-time';
import { toRupees } from '../../lib/money';
import type { Dialect } from '../db';
import type { Database, OrderStatus } from '../db/schema';
import type { AgentScope } from './agent-customers';

type DB = Kysely<Database>;

/** The statuses whose orders count in revenue, commission and the top lists. */
export const COUNTED_STATUSES: readonly OrderStatus[] = ['placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered'];

const DAY_MS = 86_400_000;

/** A period of India's calendar days and the ISO UTC instants it spans: [start, end). */
interface Period {
  from: string;
  to: string;
  days: number;
  start: string;
  end: string;
}

const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The period from..to (both included, YYYY-MM-DD in India's time). */
function periodOf(from: string, to: string): Period {
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  const startMs = indiaDayStart(from);
  return { from, to, days, start: new Date(startMs).toISOString(), end: new Date(startMs + days * DAY_MS).toISOString() };
}

/** The period of the same length just before. */
function previousPeriod(p: Period): Period {
  const fromMs = Date.parse(p.from);
  return periodOf(dayOf(fromMs - p.days * DAY_MS), dayOf(fromMs - DAY_MS));
}

const publicPeriod = ({ from, to, days }: Period) => ({ from, to, days });
const num = (v: unknown) => Number(v ?? 0);

/** The agent's orders on this website created in [start, end). */
const agentOrders = (db: DB, scope: AgentScope, start: string, end: string) =>
  db
    .selectFrom('orders')
    .where('orders.website_id', '=', scope.websiteId)
    .where('orders.agent_id', '=', scope.agentId)
    .where('orders.created_at', '>=', start)
    .where('orders.created_at', '<', end);

/** Commission in paise: the rate (basis points) on the goods' value, rounded half up to a whole paisa. */
const commissionPaise = (goodsPaise: number, bps: number) => Math.floor((goodsPaise * bps + 5_000) / 10_000);

/** GET /agent/summary: the six figures of the period and of the previous one, in one pass over each table. */
export async function agentSummary(db: DB, scope: AgentScope, commissionBps: number, query: PeriodQuery): Promise<AgentSummary> {
  const period = periodOf(query.from, query.to);
  const previous = previousPeriod(period);
  const counted = sql.join(COUNTED_STATUSES.map((s) => sql.lit(s)));
  // One range scan of the index over both periods; each sum picks its period and statuses.
  const sumIf = (inPeriod: boolean, when: RawBuilder<unknown>, value: RawBuilder<unknown>) =>
    sql<string | number | null>`sum(case when orders.created_at ${sql.raw(inPeriod ? '>=' : '<')} ${period.start} and ${when} then ${value} else 0 end)`;
  const isCounted = sql`orders.status in (${counted})`;
  const isCancelled = sql`orders.status = ${sql.lit('cancelled')}`;
  const figures = await agentOrders(db, scope, previous.start, period.end)
    .select([
      sumIf(true, isCounted, sql`1`).as('orders'),
      sumIf(false, isCounted, sql`1`).as('prev_orders'),
      sumIf(true, isCounted, sql`orders.total_paise`).as('revenue'),
      sumIf(false, isCounted, sql`orders.total_paise`).as('prev_revenue'),
      sumIf(true, isCounted, sql`orders.total_paise - orders.delivery_charge_paise`).as('goods'),
      sumIf(false, isCounted, sql`orders.total_paise - orders.delivery_charge_paise`).as('prev_goods'),
      sumIf(true, isCancelled, sql`1`).as('cancelled'),
      sumIf(false, isCancelled, sql`1`).as('prev_cancelled'),
    ])
    .executeTakeFirstOrThrow();
  const customers = await db
    .selectFrom('agent_customers')
    .where('website_id', '=', scope.websiteId)
    .where('agent_id', '=', scope.agentId)
    .where('assigned_at', '>=', previous.start)
    .where('assigned_at', '<', period.end)
    .select([
      sql<string | number | null>`sum(case when assigned_at >= ${period.start} then 1 else 0 end)`.as('now'),
      sql<string | number | null>`sum(case when assigned_at < ${period.start} then 1 else 0 end)`.as('before'),
    ])
    .executeTakeFirstOrThrow();

  const orders = { value: num(figures.orders), previous: num(figures.prev_orders) };
  const revenue = { value: num(figures.revenue), previous: num(figures.prev_revenue) };
  const average = (paise: number, n: number) => (n ? toRupees(Math.round(paise / n)) : 0);
  return {
    period: publicPeriod(period),
    previous: publicPeriod(previous),
    commission_rate: commissionBps / 100,
    figures: {
      orders,
      revenue: { value: toRupees(revenue.value), previous: toRupees(revenue.previous) },
      average_order_value: { value: average(revenue.value, orders.value), previous: average(revenue.previous, orders.previous) },
      commission: {
        value: toRupees(commissionPaise(num(figures.goods), commissionBps)),
        previous: toRupees(commissionPaise(num(figures.prev_goods), commissionBps)),
      },
      new_customers: { value: num(customers.now), previous: num(customers.before) },
      cancellations: { value: num(figures.cancelled), previous: num(figures.prev_cancelled) },
    },
  };
}

/**
 * The India calendar day of orders.created_at (ISO UTC text), as YYYY-MM-DD, in each dialect. SQLite knows no
 * time zones: it adds India's offset, which never changes (India keeps no daylight saving).
 */
const indiaDay = (dialect: Dialect) =>
  dialect === 'sqlite'
    ? sql<string>`date(orders.created_at, '+330 minutes')`
    : sql<string>`to_char(orders.created_at::timestamptz at time zone 'Asia/Kolkata', 'YYYY-MM-DD')`;

/** GET /agent/sales: counted orders and revenue per India day, every day of the period (zeros included). */
export async function agentSales(db: DB, dialect: Dialect, scope: AgentScope, query: PeriodQuery): Promise<AgentSales> {
  const period = periodOf(query.from, query.to);
  const day = indiaDay(dialect);
  const rows = await agentOrders(db, scope, period.start, period.end)
    .where('orders.status', 'in', COUNTED_STATUSES)
    .select([day.as('day'), (eb) => eb.fn.countAll<string | number>().as('orders'), (eb) => eb.fn.sum<string | number>('orders.total_paise').as('revenue')])
    .groupBy(day)
    .execute();
  const byDay = new Map(rows.map((r) => [r.day, r]));
  const firstMs = Date.parse(period.from);
  const days = Array.from({ length: period.days }, (_, i) => {
    const date = dayOf(firstMs + i * DAY_MS);
    const row = byDay.get(date);
    return { date, orders: num(row?.orders), revenue: toRupees(num(row?.revenue)) };
  });
  return { period: publicPeriod(period), days };
}

/**
 * GET /agent/top: the packs that brought the most revenue (line amount less its share of the coupon discount)
 * and the customers who spent the most, over the period's counted orders; ties by quantity or orders, then id.
 */
export async function agentTop(db: DB, scope: AgentScope, query: PeriodQuery & { limit: number }): Promise<AgentTop> {
  const period = periodOf(query.from, query.to);
  const counted = () => agentOrders(db, scope, period.start, period.end).where('orders.status', 'in', COUNTED_STATUSES);
  // Sums per pack first (order id → pack, quantity, amounts: what an index on order_lines can cover), then the
  // names of only the top packs, from each one's latest line: the pack as it was last sold.
  const lineRevenue = sql<string | number>`sum(order_lines.amount_paise - order_lines.discount_paise)`;
  const lineQuantity = sql<string | number>`sum(order_lines.quantity)`;
  const sums = counted()
    .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
    .select((eb) => ['order_lines.pack_id', lineQuantity.as('quantity'), lineRevenue.as('revenue'), eb.fn.max('order_lines.id').as('last_line')])
    .groupBy('order_lines.pack_id')
    .orderBy(lineRevenue, 'desc')
    .orderBy(lineQuantity, 'desc')
    .orderBy('order_lines.pack_id')
    .limit(query.limit);
  const products = await db
    .selectFrom(sums.as('top'))
    .innerJoin('order_lines as line', 'line.id', 'top.last_line')
    .select(['top.pack_id', 'top.quantity', 'top.revenue', 'line.slug', 'line.name', 'line.pack'])
    .orderBy('top.revenue', 'desc')
    .orderBy('top.quantity', 'desc')
    .orderBy('top.pack_id')
    .execute();
  const spent = sql<string | number>`sum(orders.total_paise)`;
  const customers = await counted()
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select((eb) => ['users.id', 'users.name', 'users.phone', eb.fn.countAll<string | number>().as('orders'), spent.as('revenue')])
    .groupBy(['users.id', 'users.name', 'users.phone'])
    .orderBy(spent, 'desc')
    .orderBy(sql`count(*)`, 'desc')
    .orderBy('users.id')
    .limit(query.limit)
    .execute();
  return {
    products: products.map((p) => ({ pack_id: p.pack_id, slug: p.slug, name: p.name, pack: p.pack, quantity: num(p.quantity), revenue: toRupees(num(p.revenue)) })),
    customers: customers.map((c) => ({ id: c.id, name: c.name, phone: c.phone, orders: num(c.orders), revenue: toRupees(num(c.revenue)) })),
  };
}
