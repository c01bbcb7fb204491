/**
 * What the back office reads (docs/back-office.md): the orders queue with its tabs, counts and filters, one order
 * with everything staff need (lines, payment, refunds, timeline, audit), and the refunds that need a person.
 */
import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { OrderStatus } from '../../contract';
import { BOS_TABS, STAFF_MOVES, type BosOrderDetail, type BosOrderQuery, type BosOrderQueue, type BosOrderRow, type BosQueueOptions, type BosRefund, type BosRefundList, type BosRefundQuery, type BosTab } from '../../contract/bos-orders';
import { BOS_RECENT_DAYS } from '../../contract/order-constants';
import { formatClock } from '../../lib/format';
import { indiaDate, indiaDayStart } from '../../lib/india-time';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { Staff } from './staff';
import { canStaffMove } from './status';

type DB = Kysely<Database>;
type OrdersQuery = SelectQueryBuilder<Database & { o: Database['orders'] }, 'o', object>;

const PAID_ONLINE: readonly OrderStatus[] = ['placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered'];

/** How an order stands with its money: paid (online, or cash collected), awaiting, failed, or cash still to collect. */
function paymentState(order: { status: OrderStatus; payment_method: string }): BosOrderRow['payment_state'] {
  if (order.payment_method === 'cod') return order.status === 'delivered' ? 'paid' : 'on_delivery';
  if (order.status === 'payment_failed') return 'failed';
  if (order.status === 'pending_payment') return 'awaiting';
  return PAID_ONLINE.includes(order.status) ? 'paid' : order.status === 'cancelled' ? 'paid' : 'awaiting';
}

// The cancelled and payment-failed tabs, and the listing without a tab, hold only what closed in the last
// BOS_RECENT_DAYS days: the queue is the day's work, and counting every cancel since the shop opened would read
// thousands of orders on every page.
const OPEN: readonly OrderStatus[] = ['pending_payment', 'placed', 'confirmed', 'packed', 'out_for_delivery'];
const CLOSED: readonly OrderStatus[] = ['delivered', 'cancelled', 'payment_failed'];
const recentSince = (now: Date) => new Date(indiaDayStart(indiaDate(now, 1 - BOS_RECENT_DAYS))).toISOString();

/** The filters of the query, all but the tab. */
function filtered(db: DB, staff: Staff, q: BosOrderQuery): OrdersQuery {
  // The customer is read only for the rows shown and by the search: a count never joins every order's user.
  let query = db.selectFrom('orders as o').where('o.website_id', '=', staff.websiteId) as unknown as OrdersQuery;
  const line = (eb: ExpressionBuilder<Database & { o: Database['orders'] }, 'o'>) => eb.selectFrom('order_lines as l').select('l.id').whereRef('l.order_id', '=', 'o.id');
  // The order's first delivery, kept on the order (migration 0023).
  if (q.date) query = query.where('o.del_date', '=', q.date);
  if (q.window) query = query.where('o.del_start_time', '=', q.window);
  if (q.warehouse) query = query.where((eb) => eb.exists(line(eb as never).where('l.warehouse_id', '=', q.warehouse!)));
  if (q.payment_method) query = query.where('o.payment_method', '=', q.payment_method);
  if (q.payment_state) {
    const s = q.payment_state;
    query = query.where((eb) =>
      s === 'on_delivery'
        ? eb.and([eb('o.payment_method', '=', 'cod'), eb('o.status', '!=', 'delivered')])
        : s === 'failed'
          ? eb('o.status', '=', 'payment_failed')
          : s === 'awaiting'
            ? eb.and([eb('o.payment_method', '!=', 'cod'), eb('o.status', '=', 'pending_payment')])
            : eb.or([eb.and([eb('o.payment_method', '=', 'cod'), eb('o.status', '=', 'delivered')]), eb.and([eb('o.payment_method', '!=', 'cod'), eb('o.status', 'in', [...PAID_ONLINE, 'cancelled'])])]),
    );
  }
  if (q.pincode) query = query.where('o.del_pincode', '=', q.pincode);
  if (q.zone) query = query.where('o.del_pincode', 'in', db.selectFrom('pincodes').select('pincode').where('zone_id', '=', q.zone));
  if (q.agent) query = query.where('o.agent_id', '=', q.agent);
  if (q.stock_short !== undefined) query = query.where('o.stock_short', '=', q.stock_short ? 1 : 0);
  if (q.q) {
    const text = q.q.trim();
    const digits = text.replace(/\D/g, '');
    const like = `%${text.toLowerCase().replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb(eb.fn('upper', ['o.ordernumber']), '=', text.toUpperCase()),
        eb(
          'o.user_id',
          'in',
          db
            .selectFrom('users as u')
            .select('u.id')
            .where((w) => w.or([...(digits.length >= 4 ? [w('u.phone', 'like', `%${digits}%`)] : []), w(sql`lower(u.name)`, 'like', sql`${like} escape '\\'`)])),
        ),
        ...(digits.length >= 4 ? [eb('o.address_json', 'like', `%"phone":"${digits}%`)] : []),
        eb(sql`lower(o.address_json)`, 'like', sql`${`%"name":"${like.slice(1)}`} escape '\\'`),
      ]),
    );
  }
  return query;
}

/** Each tab's orders. "Delivered today" is India's today. */
function inTab(query: OrdersQuery, tab: BosTab, now: Date): OrdersQuery {
  switch (tab) {
    case 'to_confirm':
      return query.where('o.status', '=', 'placed');
    case 'to_pack':
      return query.where('o.status', '=', 'confirmed');
    case 'to_send':
      return query.where('o.status', '=', 'packed');
    case 'out_for_delivery':
      return query.where('o.status', '=', 'out_for_delivery');
    case 'delivered_today': {
      const start = new Date(indiaDayStart(indiaDate(now))).toISOString();
      return query.where('o.status', '=', 'delivered').where('o.status_at', '>=', start);
    }
    case 'cancelled':
      return query.where('o.status', '=', 'cancelled').where('o.status_at', '>=', recentSince(now));
    case 'payment_failed':
      return query.where('o.status', '=', 'payment_failed').where('o.status_at', '>=', recentSince(now));
  }
}

/**
 * Without a tab: every open order, and those closed in the last BOS_RECENT_DAYS days. As two index ranges of the
 * website's orders by status (and when), united: SQLite would read every order for the OR of the two.
 */
const openOrRecent = (db: DB, staff: Staff, query: OrdersQuery, now: Date): OrdersQuery => {
  const mine = db.selectFrom('orders').select('id').where('website_id', '=', staff.websiteId);
  return query.where('o.id', 'in', mine.where('status', 'in', [...OPEN]).unionAll(mine.where('status', 'in', [...CLOSED]).where('status_at', '>=', recentSince(now))));
};

/** How many orders each tab holds with the queue's filters (the tab aside). */
async function tabCounts(base: OrdersQuery, now: Date): Promise<Record<BosTab, number>> {
  const counted = await Promise.all(BOS_TABS.map(async (tab) => [tab, Number((await inTab(base, tab, now).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n)] as const));
  return Object.fromEntries(counted) as Record<BosTab, number>;
}

/** The tabs' counts alone, as the queue answers them (for the benchmark, scripts/bench-bos.ts). */
export const queueCounts = (db: DB, staff: Staff, q: BosOrderQuery, now = new Date()) => tabCounts(filtered(db, staff, q), now);

/**
 * One page of the queue: the orders of a tab (without one, every open order and those closed in the last
 * BOS_RECENT_DAYS days) with the filters, by delivery window, oldest first (then by order); and how many orders each
 * tab holds with the same filters.
 */
export async function orderQueue(db: DB, staff: Staff, q: BosOrderQuery, now = new Date()): Promise<BosOrderQueue> {
  const base = filtered(db, staff, q);
  const counts = await tabCounts(base, now);
  const listed = q.tab ? inTab(base, q.tab, now) : openOrRecent(db, staff, base, now);
  const total = q.tab ? counts[q.tab] : Number((await listed.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
  const rows = await listed
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.id', 'o.ordernumber', 'o.status', 'o.status_at', 'o.created_at', 'o.user_id', 'o.payment_method', 'o.total_paise', 'o.agent_id', 'o.address_json', 'o.channel', 'o.stock_short', 'u.name', 'u.phone'])
    .select(['o.del_date', 'o.del_start_time as del_start', 'o.del_end_time as del_end'])
    .select(sql<number | string | null>`(select sum(r.amount_paise) from refunds r where r.order_id = o.id)`.as('refunded'))
    .orderBy(sql`case when o.del_date is null then 1 else 0 end`)
    .orderBy('o.del_date')
    .orderBy('o.del_start_time')
    .orderBy('o.id')
    .limit(q.perPage)
    .offset((q.page - 1) * q.perPage)
    .execute();
  return {
    data: rows.map((r) => {
      const address = JSON.parse(r.address_json) as { pincode: string; city: string };
      return {
        id: r.id,
        ordernumber: r.ordernumber,
        status: r.status,
        status_at: r.status_at ?? null,
        created_at: r.created_at,
        customer: { id: r.user_id, name: r.name, phone: r.phone },
        pincode: address.pincode,
        city: address.city,
        payment_method: r.payment_method,
        payment_state: paymentState(r),
        total_paise: r.total_paise,
        refunded_paise: Number(r.refunded ?? 0),
        delivery: { date: r.del_date, start: r.del_start, end: r.del_end },
        agent_id: r.agent_id ?? null,
        channel: r.channel,
        stock_short: r.stock_short === 1,
      };
    }),
    meta: { total, counts },
  };
}

/**
 * What the queue's filters offer: every warehouse; the sales agents of this website (with a customer or an order
 * on it); the delivery zones with the pincodes they deliver to; the delivery windows.
 */
export async function queueOptions(db: DB, staff: Staff): Promise<BosQueueOptions> {
  const [warehouses, agents, zones, pincodes] = await Promise.all([
    db.selectFrom('warehouses').select(['id', 'code', 'name']).orderBy('name').orderBy('id').execute(),
    db
      .selectFrom('users as u')
      .select(['u.id', 'u.name'])
      .where('u.is_sales_agent', '=', 1)
      .where((eb) =>
        eb.or([
          eb.exists(eb.selectFrom('agent_customers as ac').select('ac.agent_id').where('ac.website_id', '=', staff.websiteId).whereRef('ac.agent_id', '=', 'u.id')),
          eb.exists(eb.selectFrom('orders as o').select('o.id').where('o.website_id', '=', staff.websiteId).whereRef('o.agent_id', '=', 'u.id')),
        ]),
      )
      .orderBy('u.name')
      .orderBy('u.id')
      .execute(),
    db.selectFrom('delivery_zones').select(['id', 'name', 'window_start', 'window_end']).orderBy('name').orderBy('id').execute(),
    db.selectFrom('pincodes').select(['pincode', 'zone_id']).where('serviceable', '=', 1).where('zone_id', 'is not', null).orderBy('pincode').execute(),
  ]);
  return {
    warehouses,
    agents,
    zones: zones.map((z) => ({ id: z.id, name: z.name, pincodes: pincodes.filter((p) => p.zone_id === z.id).map((p) => p.pincode) })),
    windows: deliveryWindows(zones),
  };
}

/**
 * The zones' delivery windows by their start (the `window` filter), earliest first, as orders show them ('7:00 AM');
 * of windows that start together, the one that ends last.
 */
function deliveryWindows(zones: { window_start: string; window_end: string }[]): BosQueueOptions['windows'] {
  const byStart = new Map<string, string>();
  for (const z of zones) if ((byStart.get(z.window_start) ?? '') < z.window_end) byStart.set(z.window_start, z.window_end);
  return [...byStart].sort(([a], [b]) => a.localeCompare(b)).map(([start, end]) => ({ start: formatClock(start), end: formatClock(end) }));
}

/** A refund as staff see it, with its lines. */
async function refundsOf(db: DB, where: { orderId?: number; ids?: number[]; websiteId?: number }): Promise<BosRefund[]> {
  let query = db.selectFrom('refunds as r').innerJoin('orders as o', 'o.id', 'r.order_id').selectAll('r').select('o.ordernumber');
  if (where.websiteId !== undefined) query = query.where('o.website_id', '=', where.websiteId);
  if (where.orderId !== undefined) query = query.where('r.order_id', '=', where.orderId);
  if (where.ids) query = query.where('r.id', 'in', where.ids.length ? where.ids : [0]);
  const rows = await query.orderBy('r.id').execute();
  const lines = rows.length ? await db.selectFrom('refund_lines').selectAll().where('refund_id', 'in', rows.map((r) => r.id)).execute() : [];
  return rows.map((r) => ({
    id: r.id,
    order_id: r.order_id,
    ordernumber: r.ordernumber,
    kind: r.kind,
    provider: r.provider,
    payment_ref: r.payment_ref,
    amount_paise: r.amount_paise,
    status: r.status,
    attempts: r.attempts,
    last_error: r.last_error,
    reason: r.reason,
    manual_reference: r.manual_reference,
    lines: lines.filter((l) => l.refund_id === r.id).map((l) => ({ line_id: l.order_line_id, quantity: l.quantity, amount_paise: l.amount_paise })),
    created_at: r.created_at,
    processed_at: r.processed_at,
  }));
}

/** One refund of this website, as staff see it; 404 otherwise. */
export async function staffRefund(db: DB, staff: Staff, refundId: number): Promise<BosRefund> {
  const [refund] = await refundsOf(db, { ids: [refundId], websiteId: staff.websiteId });
  if (!refund) throw new ApiError(404, 'Refund not found');
  return refund;
}

/** One order of this website with everything the order page shows; 404 otherwise. */
export async function staffOrderDetail(db: DB, staff: Staff, orderId: number): Promise<BosOrderDetail> {
  const o = await db.selectFrom('orders').selectAll().where('id', '=', orderId).where('website_id', '=', staff.websiteId).executeTakeFirst();
  if (!o) throw new ApiError(404, 'Order not found');
  const customer = await db.selectFrom('users').select(['id', 'name', 'phone', 'email']).where('id', '=', o.user_id).executeTakeFirstOrThrow();
  const agent = o.agent_id ? await db.selectFrom('users').select(['id', 'name']).where('id', '=', o.agent_id).executeTakeFirst() : undefined;
  const lines = await db.selectFrom('order_lines').selectAll().where('order_id', '=', o.id).orderBy('position').execute();
  const refunds = await refundsOf(db, { orderId: o.id });
  const events = await db.selectFrom('order_events as e').leftJoin('users as u', 'u.id', 'e.actor_id').selectAll('e').select('u.name').where('e.order_id', '=', o.id).orderBy('e.id').execute();
  const audit = await db.selectFrom('staff_audit as a').innerJoin('users as u', 'u.id', 'a.user_id').selectAll('a').select('u.name').where('a.order_id', '=', o.id).orderBy('a.id').execute();
  const refundedQty = new Map<number, number>();
  for (const r of refunds) for (const l of r.lines) refundedQty.set(l.line_id, (refundedQty.get(l.line_id) ?? 0) + l.quantity);
  const refunded = refunds.reduce((sum, r) => sum + r.amount_paise, 0);
  const paidOnline = o.payment_method !== 'cod' && !!o.payment_ref && (PAID_ONLINE.includes(o.status) || (o.status === 'cancelled' && refunds.some((r) => r.payment_ref === o.payment_ref)));
  return {
    id: o.id,
    ordernumber: o.ordernumber,
    status: o.status,
    status_at: o.status_at ?? null,
    created_at: o.created_at,
    customer,
    agent: agent ?? null,
    address: JSON.parse(o.address_json) as Record<string, unknown>,
    note: o.note,
    lines: lines.map((l) => ({
      id: l.id,
      pack_id: l.pack_id,
      name: l.name,
      pack: l.pack,
      quantity: l.quantity,
      refunded_quantity: refundedQty.get(l.id) ?? 0,
      price_paise: l.price_paise,
      amount_paise: l.amount_paise,
      discount_paise: l.discount_paise,
      warehouse_id: l.warehouse_id,
      delivery: { date: l.del_date, start: l.del_start_time, end: l.del_end_time },
    })),
    amount_paise: o.amount_paise,
    discount_paise: o.discount_paise,
    delivery_charge_paise: o.delivery_charge_paise,
    total_paise: o.total_paise,
    refunded_paise: refunded,
    due_paise: o.payment_method === 'cod' ? (o.status === 'delivered' || o.status === 'cancelled' ? 0 : o.total_paise) : null,
    payment: {
      method: o.payment_method,
      provider: o.payment_provider,
      reference: o.payment_ref,
      state: paymentState(o),
      captured_paise: paidOnline ? o.total_paise : o.payment_method === 'cod' && o.status === 'delivered' ? o.total_paise : 0,
      refunded_paise: refunded,
    },
    refunds,
    timeline: events.map((e) => ({
      at: e.at,
      actor: { kind: e.actor_kind, id: e.actor_id, name: e.name ?? null },
      kind: e.kind,
      from: e.from_status,
      to: e.to_status,
      note: e.note,
      details: e.details_json ? (JSON.parse(e.details_json) as Record<string, unknown>) : null,
    })),
    audit: audit.map((a) => ({
      at: a.at,
      user: { id: a.user_id, name: a.name },
      action: a.action,
      before: a.before_json ? JSON.parse(a.before_json) : null,
      after: a.after_json ? JSON.parse(a.after_json) : null,
      reason: a.reason,
    })),
    next: STAFF_MOVES.filter((to) => canStaffMove(o.status, to)),
    channel: o.channel,
    till_id: o.till_id ?? null,
    stock_short: o.stock_short === 1,
  };
}

/** Refunds that need a person: failed, or still not sent after this many tries. */
const STUCK_ATTEMPTS = 3;

const needsHand = (db: DB, staff: Staff) =>
  db
    .selectFrom('refunds as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .where('o.website_id', '=', staff.websiteId)
    .where((eb) => eb.or([eb('r.status', '=', 'failed'), eb.and([eb('r.status', '=', 'pending'), eb('r.attempts', '>=', STUCK_ATTEMPTS)])]));

export async function refundsNeedingHand(db: DB, staff: Staff): Promise<number> {
  return Number((await needsHand(db, staff).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
}

/** One page of the website's refunds in a state (failed or pending; all without one), newest first. */
export async function staffRefunds(db: DB, staff: Staff, q: BosRefundQuery): Promise<BosRefundList> {
  let query = db.selectFrom('refunds as r').innerJoin('orders as o', 'o.id', 'r.order_id').where('o.website_id', '=', staff.websiteId);
  if (q.state) query = query.where('r.status', '=', q.state);
  const { n } = await query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
  const ids = await query.select('r.id').orderBy('r.id', 'desc').limit(q.perPage).offset((q.page - 1) * q.perPage).execute();
  const data = (await refundsOf(db, { ids: ids.map((r) => r.id) })).sort((a, b) => b.id - a.id);
  return { data, meta: { total: Number(n), needs_hand: await refundsNeedingHand(db, staff) } };
}
