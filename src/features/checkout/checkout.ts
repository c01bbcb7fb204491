import type { Address } from '../../contract/address';
import type { Cart } from '../../contract/cart';
import type { OrderCreated } from '../../contract/order';
import { formatCalendarDate } from '../../lib/format';
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
 * Why 'Place Order' is disabled, in the shopper's words, or null when the order can be placed (spec section 4:
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

/** Where the shopper goes once the order exists: the payment page for an online payment, else its success page. */
export function afterOrder(created: Pick<OrderCreated, 'ordernumber' | 'payOptions'>): string {
  const pay = created.payOptions;
  return pay ? `/checkout/${encodeURIComponent(pay.provider)}/${encodeURIComponent(pay.id)}` : `/order/success/${encodeURIComponent(created.ordernumber)}`;
}

/** A delivery group's date and time window: 'Nov 25, 2026, 7:00 AM – 11:00 AM'. */
export function deliveryWindow(group: { del_date: string | null; del_start_time: string | null; del_end_time: string | null }): string | null {
  if (!group.del_date) return null;
  const date = formatCalendarDate(group.del_date);
  return group.del_start_time && group.del_end_time ? `${date}, ${group.del_start_time} – ${group.del_end_time}` : date;
}


/** The reasons an order was refused, by pack id (the API's `lines`), for showing next to each line. */
export function lineReasons(body: unknown): Record<number, string> {
  const lines = (body as { lines?: { pack_id?: unknown; message?: unknown }[] } | null)?.lines;
  if (!Array.isArray(lines)) return {};
  return Object.fromEntries(lines.filter((l) => typeof l.pack_id === 'number' && typeof l.message === 'string').map((l) => [l.pack_id, l.message]));
}
