import type { Address } from '../../contract/address';
import type { Cart, CartItem } from '../../contract/cart';
import type { OrderCreated } from '../../contract/order';
import { formatCalendarDate } from '../../lib/format';
import { formatRupees } from '../../lib/money';
import { checkout } from '../../lib/i18n/messages/en/checkout';
import { english, speak, type Say } from '../../lib/i18n/words';
import { localizePath, type Locale } from '../../lib/i18n/locales';

/** The checkout's translator: its words in the page's language (English when a caller gives none). */
export type CheckoutSay = Say<Extract<keyof typeof checkout, string>>;

/** English, made when a caller gives no translator (a function, so a bundle that uses none of these keeps none of the words). */
export const inEnglish = (): CheckoutSay => speak(english(checkout));

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
export function placeOrderBlock(cart: Cart, choice: CheckoutChoice, say: CheckoutSay = inEnglish()): string | null {
  if (cart.items.length === 0) return say('checkout.empty');
  if (!choice.addressId) return say('checkout.chooseAddress');
  // The cart's own blocks (features/cart/checkout-block.ts), worded for this page.
  if (!cart.pincode) return say('checkout.choosePincode');
  const problems = cart.items.filter((item) => !item.valid).length;
  if (problems > 0) return say('checkout.linesNeedYou', { count: problems });
  if (!cart.serviceable) return cart.deliveryMessage ?? say('checkout.notDelivered', { pincode: cart.pincode });
  if (!choice.payment) return say('checkout.choosePayment');
  if (!cart.paymentMethods.some((m) => m.code === choice.payment)) return say('checkout.methodUnavailable');
  return null;
}

/** A delivery's charge as its header says it: 'Delivery charge ₹30.00', 'Free delivery', or not available (as the summary's deliveryCost). */
export function groupCharge(pincode: string, group: { delivery_charge: number; items: Pick<CartItem, 'valid'>[] }, say: CheckoutSay = inEnglish()): string {
  if (!group.items.some((item) => item.valid)) return say('checkout.notDeliveredTo', { pincode });
  return group.delivery_charge > 0 ? say('checkout.charge', { amount: formatRupees(group.delivery_charge) }) : say('checkout.freeDelivery');
}

/**
 * What the summary says delivery costs: the charge, 'Free', or, when no line can be delivered to the pincode,
 * that it is not available there (the cart's deliveryCost, worded for this page).
 */
export function deliveryCostIn(say: CheckoutSay, pincode: string | null, charge: number, items: Pick<CartItem, 'valid'>[]): string {
  if (pincode && !items.some((item) => item.valid)) return say('checkout.notAvailableTo', { pincode });
  return charge > 0 ? formatRupees(charge) : say('checkout.free');
}

const METHODS = ['cod', 'razorpay', 'stripe'] as const;

/** A payment method's name and description as the shop words them, in the page's language (the server's for a code it does not know). */
export function methodWords(say: CheckoutSay, method: { code: string; name: string; description?: string }): { name: string; description: string } {
  const code = METHODS.find((known) => known === method.code);
  if (!code) return { name: method.name, description: method.description ?? '' };
  return { name: say(`checkout.method.${code}`), description: say(`checkout.method.${code}.about`) };
}

/** Where the shopper goes once the order exists: the payment page for an online payment, else its success page, in the page's language. */
export function afterOrder(created: Pick<OrderCreated, 'ordernumber' | 'payOptions'>, locale: Locale = 'en'): string {
  const pay = created.payOptions;
  return localizePath(pay ? `/checkout/${encodeURIComponent(pay.provider)}/${encodeURIComponent(pay.id)}` : `/order/success/${encodeURIComponent(created.ordernumber)}`, locale);
}

/** A delivery group's date and time window: 'Nov 25, 2026, 7:00 AM – 11:00 AM' (cards and the product page have the short form: shortWindow). */
export function deliveryWindow(group: { del_date: string | null; del_start_time: string | null; del_end_time: string | null }): string | null {
  if (!group.del_date) return null;
  const date = formatCalendarDate(group.del_date);
  if (!group.del_start_time || !group.del_end_time) return date;
  return `${date}, ${group.del_start_time} – ${group.del_end_time}`;
}

const CLOCK = /^(\d{1,2}):(\d{2}) ?([AP]M)$/i;
/** '7:00 AM' to '11:00 AM' as '7–11 AM'; '10:30 AM' to '1:00 PM' as '10:30 AM–1 PM'. */
export function shortWindow(start: string, end: string): string {
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
