/**
 * A sale's receipt by its link (docs/pos.md#the-receipt-link): the long random token the sale was recorded with
 * (orders.receipt_token) opens it without a sign-in. A token of another website, a malformed one or an unknown one
 * is the same 404, so the answer says nothing about which tokens exist.
 */
import type { Kysely } from 'kysely';
import { RECEIPT_TOKEN, type PosReceipt } from '../../contract/pos';
import { toRupees } from '../../lib/money';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { saleShown } from './sale-view';

type DB = Kysely<Database>;

export async function receiptByToken(db: DB, websiteId: number, token: string, gstin: string | null): Promise<PosReceipt> {
  const order = RECEIPT_TOKEN.test(token)
    ? await db
        .selectFrom('orders as o')
        .innerJoin('websites as w', 'w.id', 'o.website_id')
        .leftJoin('tills as t', 't.id', 'o.till_id')
        .leftJoin('warehouses as wh', 'wh.id', 't.warehouse_id')
        .leftJoin('users as c', 'c.id', 'o.cashier_id')
        .select(['o.id', 'w.name as shop', 'wh.name as counter', 'c.name as cashier'])
        .where('o.receipt_token', '=', token)
        .where('o.website_id', '=', websiteId)
        .where('o.channel', '=', 'pos')
        .executeTakeFirst()
    : undefined;
  if (!order) throw new ApiError(404, 'No such receipt');
  const [sale, refunded] = await Promise.all([
    saleShown(db, websiteId, order.id),
    db.selectFrom('refunds').select((eb) => eb.fn.sum<number | string>('amount_paise').as('paise')).where('order_id', '=', order.id).where('status', '=', 'processed').executeTakeFirstOrThrow(),
  ]);
  return {
    shop: { name: order.shop, gstin },
    ordernumber: sale.ordernumber,
    created_at: sale.created_at,
    counter: order.counter ?? '',
    // The cashier's first name only, as a receipt shows it.
    cashier: (order.cashier ?? '').split(' ')[0] ?? '',
    customer: sale.customer?.name ?? null,
    lines: sale.lines.map(({ name, pack, quantity, price, discount, amount, returned }) => ({ name, pack, quantity, price, discount, amount, returned })),
    amount: sale.amount,
    discount: sale.discount,
    total: sale.total,
    offercode: sale.offercode,
    payments: sale.payments.map(({ mode, amount, tendered, state }) => ({ mode, amount, tendered, state })),
    payment_state: sale.payment_state,
    change_due: sale.change_due,
    refunded: toRupees(Number(refunded.paise ?? 0)),
    note: sale.note,
  };
}
