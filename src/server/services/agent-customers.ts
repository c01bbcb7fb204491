/**
 * The agent's customers: who is assigned to whom. Every agent call about a customer's data goes through
 * assignedCustomer first, so a customer of another agent (or nobody's) answers 404, never their data.
 */
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { AgentCustomer, AgentCustomerList, AgentCustomerQuery, AgentOrder, AgentOrderList, AgentOrderQuery } from '../../contract';
import { toRupees } from '../../lib/money';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { toOrderSummary } from '../map';
import { COUNTED_STATUSES } from './agent-figures';
import { orderDetail } from '../orders/history';

type DB = Kysely<Database>;

export interface AgentScope {
  websiteId: number;
  agentId: number;
}

/** The assigned customer's user row, or a 404 that says nothing of whether the customer exists. */
export async function assignedCustomer(db: DB, scope: AgentScope, customerId: number) {
  const row = await db
    .selectFrom('agent_customers')
    .innerJoin('users', 'users.id', 'agent_customers.customer_id')
    .select(['users.id', 'users.name', 'users.phone', 'users.email', 'agent_customers.assigned_at'])
    .where('agent_customers.website_id', '=', scope.websiteId)
    .where('agent_customers.agent_id', '=', scope.agentId)
    .where('agent_customers.customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'No such customer of yours');
  return row;
}

/** Assigns a customer to an agent on a website (the demo seed, the demo's dev call and tests; staff use PUT /s/api/bos/customers/{id}/agent, services/people.ts). */
export async function assignCustomer(db: DB, websiteId: number, agentId: number, customerId: number, at = new Date()) {
  await db
    .insertInto('agent_customers')
    .values({ website_id: websiteId, agent_id: agentId, customer_id: customerId, assigned_at: at.toISOString() })
    .onConflict((oc) => oc.columns(['website_id', 'customer_id']).doUpdateSet({ agent_id: agentId, assigned_at: at.toISOString() }))
    .execute();
}

/** A LIKE pattern matching `text` anywhere, with LIKE's wildcards in it taken literally (escape '\'). */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/**
 * Per customer: all their orders on this website (as their order list counts them), and the orders the agent
 * placed for them since their assignment that count in the figures (COUNTED_STATUSES), their total and the
 * latest one's time: two grouped queries for a page of customers.
 */
async function customerFigures(db: DB, scope: AgentScope, customerIds: number[]) {
  if (!customerIds.length) return new Map<number, Figures>();
  // Every order of theirs on this website, as their order list (listAgentOrders) counts them.
  const all = await db
    .selectFrom('orders')
    .where('orders.website_id', '=', scope.websiteId)
    .where('orders.user_id', 'in', customerIds)
    .select((eb) => ['orders.user_id', eb.fn.countAll<string | number>().as('orders')])
    .groupBy('orders.user_id')
    .execute();
  const allOrders = new Map(all.map((r) => [r.user_id, Number(r.orders)]));
  const rows = await db
    .selectFrom('orders')
    .innerJoin('agent_customers as ac', (join) => join.onRef('ac.customer_id', '=', 'orders.user_id').onRef('ac.website_id', '=', 'orders.website_id'))
    .where('orders.website_id', '=', scope.websiteId)
    .where('orders.agent_id', '=', scope.agentId)
    .where('ac.agent_id', '=', scope.agentId)
    .where('orders.user_id', 'in', customerIds)
    .where('orders.status', 'in', COUNTED_STATUSES)
    .whereRef('orders.created_at', '>=', 'ac.assigned_at')
    .select((eb) => [
      'orders.user_id',
      eb.fn.countAll<string | number>().as('orders'),
      eb.fn.sum<string | number>('orders.total_paise').as('revenue'),
      eb.fn.max('orders.created_at').as('last_order_at'),
    ])
    .groupBy('orders.user_id')
    .execute();
  const sold = new Map(rows.map((r) => [r.user_id, r]));
  return new Map(
    customerIds.map((id) => {
      const r = sold.get(id);
      return [id, { all_orders: allOrders.get(id) ?? 0, orders: Number(r?.orders ?? 0), revenue_paise: Number(r?.revenue ?? 0), last_order_at: r?.last_order_at ?? null }];
    }),
  );
}

/** A customer's figures: all their orders, and the agent's counted orders, revenue and latest one. */
type Figures = { all_orders: number; orders: number; revenue_paise: number; last_order_at: string | null };

type CustomerRow = { id: number; name: string; phone: string; email: string; assigned_at: string };
const toAgentCustomer = (row: CustomerRow, figures?: Figures): AgentCustomer => ({
  ...row,
  all_orders: figures?.all_orders ?? 0,
  orders: figures?.orders ?? 0,
  revenue: toRupees(figures?.revenue_paise ?? 0),
  last_order_at: figures?.last_order_at ?? null,
});

/** GET /agent/customers: the agent's customers by name (A–Z); q matches the name (any case) or the phone's digits. */
export async function listAgentCustomers(db: DB, scope: AgentScope, query: AgentCustomerQuery): Promise<AgentCustomerList> {
  let base = db
    .selectFrom('agent_customers')
    .innerJoin('users', 'users.id', 'agent_customers.customer_id')
    .where('agent_customers.website_id', '=', scope.websiteId)
    .where('agent_customers.agent_id', '=', scope.agentId);
  const q = query.q?.trim();
  if (q) {
    const digits = q.replace(/\D/g, '');
    base = base.where((eb) =>
      eb.or([
        sql<SqlBool>`lower(users.name) like ${containing(q.toLowerCase())} escape '\\'`,
        ...(digits ? [sql<SqlBool>`users.phone like ${containing(digits)} escape '\\'`] : []),
      ]),
    );
  }
  const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['users.id', 'users.name', 'users.phone', 'users.email', 'agent_customers.assigned_at'])
    .orderBy(sql`lower(users.name)`)
    .orderBy('users.id')
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute();
  const figures = await customerFigures(db, scope, rows.map((r) => r.id));
  return { data: rows.map((r) => toAgentCustomer(r, figures.get(r.id))), meta: { total: Number(total) } };
}

/** GET /agent/customers/{id}: one assigned customer with their figures (404 when not the agent's). */
export async function agentCustomer(db: DB, scope: AgentScope, customerId: number): Promise<AgentCustomer> {
  const row = await assignedCustomer(db, scope, customerId);
  return toAgentCustomer(row, (await customerFigures(db, scope, [row.id])).get(row.id));
}

/** The orders of the agent's assigned customers on this website. */
const customersOrders = (db: DB, scope: AgentScope) =>
  db
    .selectFrom('orders')
    .innerJoin('agent_customers as ac', (join) => join.onRef('ac.customer_id', '=', 'orders.user_id').onRef('ac.website_id', '=', 'orders.website_id'))
    .where('orders.website_id', '=', scope.websiteId)
    .where('ac.agent_id', '=', scope.agentId);

/** GET /agent/orders: orders of the agent's customers, newest first, optionally of one status or customer. */
export async function listAgentOrders(db: DB, scope: AgentScope, query: AgentOrderQuery): Promise<AgentOrderList> {
  let base = customersOrders(db, scope);
  if (query.status) base = base.where('orders.status', '=', query.status);
  if (query.customer_id) base = base.where('orders.user_id', '=', query.customer_id);
  const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  // The page's ids first (a narrow sort), then only their rows and line counts.
  const page = await base
    .select('orders.id')
    .orderBy('orders.created_at', 'desc')
    .orderBy('orders.id', 'desc')
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute();
  const rows = page.length
    ? await db
        .selectFrom('orders')
        .innerJoin('users', 'users.id', 'orders.user_id')
        .where('orders.id', 'in', page.map((r) => r.id))
        .selectAll('orders')
        .select(['users.name as customer_name', 'users.phone as customer_phone'])
        .select((eb) => eb.selectFrom('order_lines').select((l) => l.fn.sum<number | string>('quantity').as('q')).whereRef('order_lines.order_id', '=', 'orders.id').as('quantity'))
        .orderBy('orders.created_at', 'desc')
        .orderBy('orders.id', 'desc')
        .execute()
    : [];
  return {
    data: rows.map(({ customer_name, customer_phone, quantity, ...row }) => ({
      ...toOrderSummary(row, Number(quantity ?? 0)),
      customer: { id: row.user_id, name: customer_name, phone: customer_phone },
      placed_by_agent: row.agent_id === scope.agentId,
    })),
    meta: { total: Number(total) },
  };
}

/**
 * While an order waits for its online payment, the page its customer opens (signed in) to pay it, as checkout's
 * payOptions name it (/checkout/{provider}/{id}); null once paid, failed or cancelled, and for cash on delivery.
 */
export function orderPaymentLink(origin: string, order: { id: number; status: string; payment_method: string; payment_provider: string | null }) {
  const provider = order.payment_provider ?? (order.payment_method === 'cod' ? null : order.payment_method);
  return order.status === 'pending_payment' && provider ? `${origin}/checkout/${provider}/${order.id}` : null;
}

/** GET /agent/orders/{id}: an order of an assigned customer as its owner sees it, plus whose and the payment link. */
export async function agentOrder(db: DB, scope: AgentScope, orderId: number, origin: string): Promise<AgentOrder> {
  const who = await customersOrders(db, scope)
    .innerJoin('users', 'users.id', 'orders.user_id')
    .where('orders.id', '=', orderId)
    .select(['orders.user_id', 'orders.agent_id', 'users.name', 'users.phone'])
    .executeTakeFirst();
  if (!who) throw new ApiError(404, 'No such order of your customers');
  const order = await orderDetail(db, { userId: who.user_id, websiteId: scope.websiteId }, orderId, 'agent');
  return {
    ...order,
    customer: { id: who.user_id, name: who.name, phone: who.phone },
    placed_by_agent: who.agent_id === scope.agentId,
    payment_link: orderPaymentLink(origin, order),
  };
}
