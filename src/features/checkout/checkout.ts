import dayjs from 'dayjs';
import type { Address } from '../../contract/address';
import type { Cart, CartItem } from '../../contract/cart';
import type { OrderCreated } from '../../contract/order';
import { formatCalendarDate } from '../../lib/format';
import { formatRupees } from '../../lib/money';
import { checkoutBlock } from '../cart/checkout-block';

/** What the shopper has chosen on the checkout page. */
export interface CheckoutChoice {
  addressId: number | null;
  payment: string | null;
}

/**
 * The address checkout starts with: the one the URL asked for when it is the shopper's, else the default,
 * else the first; null when there is none (the shopper adds one).
 */
export function startingAddress(addresses: Address[], wanted?: number | null): number | null {
  const chosen = addresses.find((a) => a.id === wanted) ?? addresses.find((a) => a.is_default) ?? addresses[0];
  return chosen?.id ?? null;
}

/** The payment method checkout starts with: the one asked for while the cart allows it, else none. */
export function startingPayment(cart: Cart, wanted?: string | null): string | null {
  return cart.paymentMethods.some((m) => m.code === wanted) ? wanted! : null;
}

/**
 * Why 'Place Order' is disabled, in the shopper's words, or null when the order can be placed (docs/product.md#checkout:
 * an address and a payment method chosen; also a pincode set and no line that cannot be delivered).
 */
export function placeOrderBlock(cart: Cart, choice: CheckoutChoice): string | null {
  if (cart.items.length === 0) return 'Your cart is empty';
  if (!choice.addressId) return 'Choose a delivery address';
  const cartBlock = checkoutBlock(cart);
  if (cartBlock) return cartBlock.replace('above before checkout', 'before you place the order');
  if (!choice.payment) return 'Choose a payment method';
  if (!cart.paymentMethods.some((m) => m.code === choice.payment)) return 'This payment method is not available for this order; choose another';
  return null;
}

/** A delivery's charge as its header says it: 'Delivery charge ₹30.00', 'Free delivery', or not available (as the summary's deliveryCost). */
export function groupCharge(pincode: string, group: { delivery_charge: number; items: Pick<CartItem, 'valid'>[] }): string {
  if (!group.items.some((item) => item.valid)) return `Delivery not available to ${pincode}`;
  return group.delivery_charge > 0 ? `Delivery charge ${formatRupees(group.delivery_charge)}` : 'Free delivery';
}

/** Where the shopper goes once the order exists: the payment page for an online payment, else its success page. */
export function afterOrder(created: Pick<OrderCreated, 'ordernumber' | 'payOptions'>): string {
  const pay = created.payOptions;
  return pay ? `/checkout/${encodeURIComponent(pay.provider)}/${encodeURIComponent(pay.id)}` : `/order/success/${encodeURIComponent(created.ordernumber)}`;
}

/**
 * A delivery group's date and time window: 'Nov 25, 2026, 7:00 AM – 11:00 AM'. With `today` (India's date,
 * YYYY-MM-DD) the short form that product cards and the product page show: the date as 'Today', 'Tomorrow' or
 * 'Nov 27', the window as '7–11 AM'.
 */
export function deliveryWindow(group: { del_date: string | null; del_start_time: string | null; del_end_time: string | null }, today?: string): string | null {
  if (!group.del_date) return null;
  const date = today ? relativeDay(group.del_date, today) : formatCalendarDate(group.del_date);
  if (!group.del_start_time || !group.del_end_time) return date;
  return `${date}, ${today ? shortWindow(group.del_start_time, group.del_end_time) : `${group.del_start_time} – ${group.del_end_time}`}`;
}

/** 'Today', 'Tomorrow', else 'Nov 27', of a calendar date seen from another (both YYYY-MM-DD). */
function relativeDay(date: string, today: string): string {
  const days = Math.round((Date.parse(date) - Date.parse(today)) / 86_400_000);
  return days === 0 ? 'Today' : days === 1 ? 'Tomorrow' : dayjs(date).format('MMM D');
}

const CLOCK = /^(\d{1,2}):(\d{2}) ?([AP]M)$/i;
/** '7:00 AM' to '11:00 AM' as '7–11 AM'; '10:30 AM' to '1:00 PM' as '10:30 AM–1 PM'. */
function shortWindow(start: string, end: string): string {
  const [from, to] = [CLOCK.exec(start.trim()), CLOCK.exec(end.trim())];
  if (!from || !to) return `${start} – ${end}`;
  const hour = (m: RegExpExecArray) => `${Number(m[1])}${m[2] === '00' ? '' : `:${m[2]}`}`;
  const [am, pm] = [from[3]!.toUpperCase(), to[3]!.toUpperCase()];
  return am === pm ? `${hour(from)}–${hour(to)} ${pm}` : `${hour(from)} ${am}–${hour(to)} ${pm}`;
}


/** The reasons an order was refused, by pack id (the API's `lines`), for showing next to each line. */
export function lineReasons(body: unknown): Record<number, string> {
  const lines = (body as { lines?: { pack_id?: unknown; message?: unknown }[] } | null)?.lines;
  if (!Array.isArray(lines)) return {};
  return Object.fromEntries(lines.filter((l) => typeof l.pack_id === 'number' && typeof l.message === 'string').map((l) => [l.pack_id, l.message]));
}
