/** A sale as the POS calls answer it (contract PosSale), read back from the order, its lines, payments and returns. */
import type { Kysely } from 'kysely';
import type { PosPayment, PosSale, PosSaleLine, PosSaleList, PosSaleListQuery } from '../../contract/pos';
import { toRupees } from '../../lib/money';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';

type DB = Kysely<Database>;
export type ShownSale = PosSale;

/** One sale of this website (an order of channel pos); 404 otherwise. The same rows always give the same answer. */
export async function saleShown(db: DB, websiteId: number, orderId: number): Promise<PosSale> {
  const o = await db.selectFrom('orders').selectAll().where('id', '=', orderId).where('website_id', '=', websiteId).where('channel', '=', 'pos').executeTakeFirst();
  if (!o || o.till_id === null) throw new ApiError(404, 'No such sale');
  const [lines, payments, returned, customer] = await Promise.all([
    db.selectFrom('order_lines').selectAll().where('order_id', '=', o.id).orderBy('position').execute(),
    db.selectFrom('pos_payments').selectAll().where('order_id', '=', o.id).orderBy('position').execute(),
    db
      .selectFrom('refund_lines as rl')
      .innerJoin('refunds as r', 'r.id', 'rl.refund_id')
      .select(['rl.order_line_id'])
      .select((eb) => [eb.fn.sum<number | string>('rl.quantity').as('q'), eb.fn.sum<number | string>('rl.amount_paise').as('paise')])
      .where('r.order_id', '=', o.id)
      .groupBy('rl.order_line_id')
      .execute(),
    o.user_id === o.cashier_id ? undefined : db.selectFrom('users').select(['id', 'name']).where('id', '=', o.user_id).executeTakeFirst(),
  ]);
  const tendered = payments.reduce((s, p) => s + (p.tendered_paise ?? 0), 0);
  const cashSettled = payments.filter((p) => p.mode === 'cash').reduce((s, p) => s + p.amount_paise, 0);
  // (A UPI wait taken in cash adds a cash payment with what was tendered for it: its change is in change_due too.)
  return {
    order_id: o.id,
    ordernumber: o.ordernumber,
    till_id: o.till_id,
    status: o.status,
    customer: customer ?? null,
    lines: lines.map((l): PosSaleLine => ({
      line_id: l.id,
      pack_id: l.pack_id,
      name: l.name,
      pack: l.pack,
      quantity: l.quantity,
      price: toRupees(l.price_paise),
      discount: toRupees(l.discount_paise),
      amount: toRupees(l.amount_paise - l.discount_paise),
      returned: Number(returned.find((r) => r.order_line_id === l.id)?.q ?? 0),
      refunded: toRupees(Number(returned.find((r) => r.order_line_id === l.id)?.paise ?? 0)),
    })),
    amount: toRupees(o.amount_paise),
    discount: toRupees(o.discount_paise),
    total: toRupees(o.total_paise),
    offercode: o.offercode,
    payments: payments.map(
      (p): PosPayment => ({
        id: p.id,
        mode: p.mode,
        amount: toRupees(p.amount_paise),
        tendered: p.tendered_paise === null ? null : toRupees(p.tendered_paise),
        reference: p.reference,
        state: p.state,
        qr: p.provider_ref ? { id: p.provider_ref, intent: p.qr_intent, image_url: p.qr_image_url, close_by: p.qr_close_by, pay_page: p.qr_pay_page } : null,
      }),
    ),
    payment_state: o.status === 'cancelled' ? 'cancelled' : payments.some((p) => p.state === 'pending') ? 'awaiting' : 'paid',
    change_due: toRupees(tendered - cashSettled),
    stock_short: o.stock_short === 1,
    note: o.note,
    created_at: o.created_at,
  };
}

/**
 * GET /pos/sales: a sale by its order number (as typed from a bill, any case), or a till's latest 20 sales, newest
 * first, for a return at the counter. One of the two is needed (400).
 */
export async function findSales(db: DB, websiteId: number, query: PosSaleListQuery): Promise<PosSaleList> {
  if (!query.ordernumber && query.till_id === undefined) throw new ApiError(400, 'Give an order number or a till', { ordernumber: ['Give an order number or a till'] });
  let orders = db
    .selectFrom('orders')
    .select(['id', 'ordernumber', 'till_id', 'status', 'total_paise', 'created_at'])
    .where('website_id', '=', websiteId)
    .where('channel', '=', 'pos')
    .where('till_id', 'is not', null);
  if (query.ordernumber) orders = orders.where('ordernumber', '=', query.ordernumber.toUpperCase());
  if (query.till_id !== undefined) orders = orders.where('till_id', '=', query.till_id);
  const rows = await orders.orderBy('id', 'desc').limit(20).execute();
  if (!rows.length) return { data: [] };
  const ids = rows.map((r) => r.id);
  const [sold, returned] = await Promise.all([
    db.selectFrom('order_lines').select('order_id').select((eb) => eb.fn.sum<number | string>('quantity').as('q')).where('order_id', 'in', ids).groupBy('order_id').execute(),
    db
      .selectFrom('refund_lines as rl')
      .innerJoin('refunds as r', 'r.id', 'rl.refund_id')
      .select('r.order_id')
      .select((eb) => eb.fn.sum<number | string>('rl.quantity').as('q'))
      .where('r.order_id', 'in', ids)
      .groupBy('r.order_id')
      .execute(),
  ]);
  return {
    data: rows.map((r) => ({
      order_id: r.id,
      ordernumber: r.ordernumber,
      till_id: r.till_id!,
      status: r.status,
      total: toRupees(r.total_paise),
      items: Number(sold.find((s) => s.order_id === r.id)?.q ?? 0),
      returned: Number(returned.find((s) => s.order_id === r.id)?.q ?? 0),
      created_at: r.created_at,
    })),
  };
}
