import type { PosQuote, PosQuoteBody } from '../../contract/pos';
import type { Send } from '../../lib/api/client';
import { errorMessage } from '../../lib/errors';
import { toRupees } from '../../lib/money';
import { toPaise } from '../../lib/to-paise';
import { pricingKey, setCoupon, type Ticket } from './ticket';

/**
 * A coupon on the till's ticket (docs/pos-client.md#ticket): the shop prices it, never the device. The code is
 * sent with the ticket to POST /s/api/pos/quote, which answers what the sale would record (the same pricing on the
 * server); the ticket keeps the discount quoted for it as it is now, so a ticket changed since is quoted again
 * before it can be sold, and offline a coupon cannot be used at all.
 */

/** What the coupon field says: nothing asked, asking, applied (with its discount), refused (with why), failed. */
export type CouponState =
  | { status: 'none' }
  | { status: 'pricing'; code: string }
  | { status: 'applied'; code: string; discount_paise: number; total_paise: number }
  /** `priced_for`: the ticket it was refused for (`pricingKey`); a changed ticket is asked again. */
  | { status: 'refused'; code: string; reason: string; priced_for: string }
  | { status: 'failed'; code: string; reason: string };

/** The quote's body: the ticket's lines, phone and the coupon asked for (rupees at the edge, as the sale sends). */
export function quoteBody(ticket: Ticket, tillId: number, code: string): PosQuoteBody {
  return {
    till_id: tillId,
    lines: ticket.lines.map((line) => ({ pack_id: line.pack_id, quantity: line.quantity, ...(line.discount_paise ? { discount: toRupees(line.discount_paise) } : {}) })),
    ...(ticket.customer_phone ? { phone: ticket.customer_phone } : {}),
    coupon: code.trim().toUpperCase(),
  };
}

/**
 * The ticket and the field's state once the shop has answered a quote for `asked` (the ticket as it was sent):
 * the coupon applied at the discount quoted, or taken off with the shop's reason. An answer for a ticket that has
 * changed meanwhile changes nothing (another quote follows it).
 */
export function withQuote(current: Ticket, asked: Ticket, code: string, quote: PosQuote): { ticket: Ticket; state: CouponState } | null {
  if (pricingKey(current) !== pricingKey(asked)) return null;
  const wanted = code.trim().toUpperCase();
  if (quote.coupon) {
    const ticket = setCoupon(current, quote.coupon.code, toPaise(quote.coupon.discount));
    return { ticket, state: { status: 'applied', code: quote.coupon.code, discount_paise: toPaise(quote.coupon.discount), total_paise: toPaise(quote.total) } };
  }
  return { ticket: setCoupon(current, '', 0), state: { status: 'refused', code: quote.coupon_refused?.code ?? wanted, reason: quote.coupon_refused?.reason ?? 'The coupon does not apply', priced_for: pricingKey(asked) } };
}

/**
 * Asks the shop for the ticket's price with this coupon. Answers the quote, or throws an Error with the shop's
 * message (a line it refuses, a closed till) or the network's.
 */
export async function fetchQuote(send: Send, ticket: Ticket, tillId: number, code: string): Promise<PosQuote> {
  const response = await send('/pos/quote', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(quoteBody(ticket, tillId, code)) });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(errorMessage(body) || `The shop answered ${response.status}`);
  return body as PosQuote;
}
