/**
 * The ticket priced before the sale (docs/pos.md#quote): POST /pos/quote answers what POST /pos/sales would record
 * for the same lines, phone and coupon, through the same function (priceTicket), and writes nothing. A coupon the
 * shop's rules refuse is answered with their reason and the total without it, so the cashier can tell the customer.
 */
import type { PosQuote, PosQuoteBody } from '../../contract/pos';
import { toRupees } from '../../lib/money';
import type { Deps } from '../env';
import { ApiError } from '../http/errors';
import { priceTicket } from './sales';
import type { Cashier } from './tills';

/** POST /pos/quote. */
export async function quoteTicket(deps: Deps, cashier: Cashier & { mayDiscountAll: boolean }, body: PosQuoteBody): Promise<PosQuote> {
  const db = deps.db.kysely;
  const till = await db.selectFrom('tills').select(['id', 'warehouse_id', 'status']).where('id', '=', body.till_id).where('website_id', '=', cashier.websiteId).executeTakeFirst();
  if (!till) throw new ApiError(404, 'No such till');
  if (till.status !== 'open') throw new ApiError(409, `Till ${till.id} is closed`);
  const priced = await priceTicket(deps, db, till.warehouse_id, body, cashier.mayDiscountAll, new Date(), 'quote');
  const lineDiscount = priced.lines.reduce((s, l) => s + l.line_discount_paise, 0);
  const couponDiscount = priced.lines.reduce((s, l) => s + l.coupon_paise, 0);
  return {
    till_id: till.id,
    lines: priced.lines.map((l) => ({
      pack_id: l.pack_id,
      name: l.name,
      pack: l.pack,
      quantity: l.quantity,
      price: toRupees(l.price_paise),
      line_discount: toRupees(l.line_discount_paise),
      coupon_discount: toRupees(l.coupon_paise),
      amount: toRupees(l.gross_paise - l.line_discount_paise - l.coupon_paise),
    })),
    amount: toRupees(priced.amount),
    line_discount: toRupees(lineDiscount),
    coupon: priced.coupon ? { code: priced.coupon.code, discount: toRupees(couponDiscount) } : null,
    coupon_refused: priced.couponRefused ? { code: priced.couponRefused.code, reason: priced.couponRefused.reason } : null,
    discount: toRupees(priced.discount),
    total: toRupees(priced.total),
    customer: priced.customer ? { id: priced.customer.id, name: priced.customer.name } : null,
  };
}
