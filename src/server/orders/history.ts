import { sql, type Kysely } from 'kysely';
import type { Order, OrderList, OrderListQuery } from '../../contract';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { toOrder, toOrderSummary } from '../map';
import type { OrderOwner } from './lifecycle';
import { timelineFor } from './events';
import { refundedTotal, refundOf, refundsOfOrder } from './refunds';

type DB = Kysely<Database>;

/** One page of the shopper's orders on this website, newest first, optionally of one status. */
/**
 * A walk-in sale at the point of sale (no customer's account) is kept under the cashier who rang it up
 * (orders.user_id = orders.cashier_id, docs/pos.md): it is the shop's sale, not one of the cashier's own orders.
 */
const notWalkInSale = sql<boolean>`(cashier_id is null or cashier_id <> user_id)`;

export async function listOrders(db: DB, owner: OrderOwner, query: OrderListQuery): Promise<OrderList> {
  let base = db.selectFrom('orders').where('user_id', '=', owner.userId).where('website_id', '=', owner.websiteId).where(notWalkInSale);
  if (query.status) base = base.where('status', '=', query.status);
  const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .select((eb) => eb.selectFrom('order_lines').select((l) => l.fn.sum<number | string>('quantity').as('q')).whereRef('order_lines.order_id', '=', 'orders.id').as('quantity'))
    .orderBy('id', 'desc')
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute();
  return { data: rows.map((row) => toOrderSummary(row, Number(row.quantity ?? 0))), meta: { total: Number(total) } };
}

/**
 * One order with its lines, its refunds and its timeline, for its owner only (404 for anyone else). The timeline
 * is the one its reader may see: the shopper's (no names, no notes of the shop's), or a sales agent's.
 */
export async function orderDetail(db: DB, owner: OrderOwner, which: number | { ordernumber: string }, reader: 'shopper' | 'agent' = 'shopper'): Promise<Order> {
  const row = await db
    .selectFrom('orders')
    .selectAll()
    .$call((q) => (typeof which === 'number' ? q.where('id', '=', which) : q.where('ordernumber', '=', which.ordernumber)))
    .where('user_id', '=', owner.userId)
    .where('website_id', '=', owner.websiteId)
    .where(notWalkInSale)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'Order not found');
  const order = toOrder(row, await db.selectFrom('order_lines').selectAll().where('order_id', '=', row.id).orderBy('position').execute(), await refundOf(db, row.id), await refundedTotal(db, row.id));
  return { ...order, refunds: await refundsOfOrder(db, row.id), timeline: await timelineFor(db, row.id, reader) };
}
