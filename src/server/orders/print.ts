/**
 * What the back office prints (docs/back-office.md#pick-list-and-packing-slips): the pick list of a delivery date,
 * window and warehouse, and packing slips, one an order. Both read what an order still holds: each line's
 * quantity less what was refunded of it (a short-picked or damaged item is not packed).
 */
import { sql, type Kysely } from 'kysely';
import { type BosPackingSlipQuery, type BosPackingSlips, type BosPickList, type BosPickListQuery } from '../../contract/bos-print';
import { MAX_SLIPS } from '../../contract/order-constants';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import type { Staff } from './staff';

type DB = Kysely<Database>;

/** A line's units still to deliver: its quantity less every refund of it (whatever the refund's state). */
const left = sql<number | string>`l.quantity - coalesce((select sum(rl.quantity) from refund_lines rl where rl.order_line_id = l.id), 0)`;

/**
 * The confirmed orders' lines of this website due on a date (and in a window, from a warehouse). Only confirmed
 * orders: a placed one may still be turned down, and a packed one is picked already.
 */
function dueLines(db: DB, staff: Staff, q: { date: string; window?: string; warehouse?: number }) {
  return db
    .selectFrom('order_lines as l')
    .innerJoin('orders as o', 'o.id', 'l.order_id')
    .where('o.website_id', '=', staff.websiteId)
    .where('o.status', '=', 'confirmed')
    .where('l.del_date', '=', q.date)
    .$if(q.window !== undefined, (w) => w.where('l.del_start_time', '=', q.window!))
    .$if(q.warehouse !== undefined, (w) => w.where('l.warehouse_id', '=', q.warehouse!));
}

/** Every pack to pick for the day's confirmed orders, with its total, by category then name; and the orders. */
export async function pickList(db: DB, staff: Staff, q: BosPickListQuery): Promise<BosPickList> {
  const warehouse = q.warehouse === undefined ? null : await db.selectFrom('warehouses').select(['id', 'code', 'name']).where('id', '=', q.warehouse).executeTakeFirst();
  if (warehouse === undefined) throw new ApiError(400, 'No such warehouse');
  const rows = await dueLines(db, staff, q)
    .leftJoin('packs as pk', 'pk.id', 'l.pack_id')
    .leftJoin('products as p', 'p.id', 'pk.product_id')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select(['l.pack_id', 'l.warehouse_id'])
    .select((eb) => [
      eb.fn.max('l.name').as('name'),
      eb.fn.max('l.pack').as('pack'),
      eb.fn.max('c.name').as('category'),
      sql<number | string>`sum(${left})`.as('quantity'),
      sql<number | string>`count(distinct case when ${left} > 0 then l.order_id end)`.as('orders'),
    ])
    .groupBy(['l.pack_id', 'l.warehouse_id'])
    .execute();
  const packs = rows
    .map((r) => ({ pack_id: r.pack_id, name: r.name, pack: r.pack, category: r.category ?? 'Uncategorised', warehouse_id: r.warehouse_id, quantity: Number(r.quantity), orders: Number(r.orders) }))
    .filter((p) => p.quantity > 0)
    .sort((a, b) => a.category.localeCompare(b.category, 'en-IN') || a.name.localeCompare(b.name, 'en-IN') || a.pack.localeCompare(b.pack, 'en-IN') || a.pack_id - b.pack_id || a.warehouse_id - b.warehouse_id);
  const orders = await dueLines(db, staff, q)
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .where(left, '>', 0)
    .select(['o.id', 'o.ordernumber', 'u.name'])
    .select((eb) => [eb.fn.min('l.del_date').as('date'), eb.fn.min('l.del_start_time').as('start'), eb.fn.min('l.del_end_time').as('end')])
    .groupBy(['o.id', 'o.ordernumber', 'u.name'])
    .orderBy('o.ordernumber')
    .execute();
  return {
    date: q.date,
    window: q.window ?? null,
    warehouse,
    packs,
    orders: orders.map((o) => ({ id: o.id, ordernumber: o.ordernumber, customer: o.name, delivery: { date: o.date, start: o.start, end: o.end } })),
    total_quantity: packs.reduce((sum, p) => sum + p.quantity, 0),
  };
}

/** The orders of packing slips, by their first delivery date (none last), then order number. */
function slipOrders(db: DB) {
  const firstDate = sql<string | null>`(select min(l2.del_date) from order_lines l2 where l2.order_id = o.id)`;
  return db
    .selectFrom('orders as o')
    .innerJoin('users as u', 'u.id', 'o.user_id')
    .select(['o.id', 'o.ordernumber', 'o.status', 'o.created_at', 'o.address_json', 'o.note', 'o.payment_method', 'o.total_paise', 'u.name', 'u.phone'])
    .orderBy(sql`case when ${firstDate} is null then 1 else 0 end`)
    .orderBy(firstDate)
    .orderBy('o.ordernumber');
}

/**
 * Packing slips: the orders asked for by id (any status; an id not of this website is a 404), or the confirmed
 * orders with a line due on a date (and window, warehouse). By delivery window, then order number; at most
 * MAX_SLIPS, with how many matched.
 */
export async function packingSlips(db: DB, staff: Staff, q: BosPackingSlipQuery): Promise<BosPackingSlips> {
  let total: number;
  let chosen: (qb: ReturnType<typeof slipOrders>) => ReturnType<typeof slipOrders>;
  if (q.ids) {
    const ids = q.ids;
    const found = await db.selectFrom('orders').select('id').where('website_id', '=', staff.websiteId).where('id', 'in', ids).execute();
    const missing = ids.filter((id) => !found.some((o) => o.id === id));
    if (missing.length) throw new ApiError(404, `Order not found: ${missing.join(', ')}`);
    total = ids.length;
    chosen = (qb) => qb.where('o.id', 'in', ids);
  } else {
    const due = () => dueLines(db, staff, { date: q.date!, window: q.window, warehouse: q.warehouse }).select('o.id').distinct();
    total = Number((await db.selectFrom(due().as('d')).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);
    chosen = (qb) => qb.where('o.id', 'in', due());
  }
  if (!total) return { data: [], meta: { total } };
  const orders = await chosen(slipOrders(db)).limit(MAX_SLIPS).execute();
  const lines = await db
    .selectFrom('order_lines as l')
    .select(['l.order_id', 'l.pack_id', 'l.name', 'l.pack', 'l.warehouse_id', 'l.del_date', 'l.del_start_time', 'l.del_end_time'])
    .select(left.as('quantity'))
    .where('l.order_id', 'in', orders.map((o) => o.id))
    .orderBy('l.order_id')
    .orderBy('l.position')
    .execute();
  return {
    data: orders.map((o) => {
      const own = lines.filter((l) => l.order_id === o.id);
      const windows = new Map<string, { date: string | null; start: string | null; end: string | null }>();
      for (const l of own) if (l.del_date) windows.set(`${l.del_date}|${l.del_start_time}|${l.del_end_time}`, { date: l.del_date, start: l.del_start_time, end: l.del_end_time });
      const cashDue = o.payment_method === 'cod' && o.status !== 'delivered' && o.status !== 'cancelled';
      return {
        id: o.id,
        ordernumber: o.ordernumber,
        status: o.status,
        created_at: o.created_at,
        customer: { name: o.name, phone: o.phone },
        address: JSON.parse(o.address_json) as Record<string, unknown>,
        deliveries: [...windows.values()].sort((a, b) => `${a.date}${a.start}`.localeCompare(`${b.date}${b.start}`)),
        lines: own
          .map((l) => ({ pack_id: l.pack_id, name: l.name, pack: l.pack, quantity: Number(l.quantity), warehouse_id: l.warehouse_id }))
          .filter((l) => l.quantity > 0),
        note: o.note,
        payment_method: o.payment_method,
        total_paise: o.total_paise,
        collect_paise: cashDue ? o.total_paise : 0,
      };
    }),
    meta: { total },
  };
}
