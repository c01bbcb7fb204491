/** What the components of ordering for a customer show: plain functions of the page's state. */
import type { Cart } from '../../contract/cart';
import type { Pack } from '../../contract/catalogue';
import { MAX_LINE_QUANTITY } from '../../contract/constants';
import { ApiCallError } from '../../lib/api/client';
import { plural } from '../../contract/plural';
import { checkoutBlock } from '../cart/checkout-block';
import { deliveryWindow } from '../checkout/checkout';
import type { OrderForCustomerState } from './order-for-customer';

/** '1 product', '3 products'. */
export const productCount = (count: number): string => plural(count, 'product', 'products');

/** How many of a pack the order holds (0 when none). */
export const quantityInCart = (cart: Cart, packId: number): number => cart.items.find((i) => i.pack_id === packId)?.quantity ?? 0;

/** Whether a pack can take one more (in stock and under the line limit). */
export const canAddMore = (pack: Pick<Pack, 'in_stock'>, quantity: number): boolean => pack.in_stock && quantity < MAX_LINE_QUANTITY;

/** A typed quantity as the whole number typed (setQuantity refuses one below 1 and caps one above the limit), or null when it is no number. */
export function parseQuantity(text: string): number | null {
  if (!/^\s*-?\d{1,6}\s*$/.test(text)) return null;
  return Number(text);
}

/** What a typed quantity below 1 is told. */
export const QUANTITY_TOO_LOW = 'Type a quantity of 1 or more (Remove takes the product out)';

/** The most a pack's line may hold, when the API refused a quantity as over it (its answer says so), else null. */
export function refusedOverLimit(failure: unknown): number | null {
  const most = failure instanceof ApiCallError ? (failure.body as { max_quantity?: unknown } | null)?.max_quantity : undefined;
  return typeof most === 'number' && Number.isInteger(most) && most >= 1 ? most : null;
}

/** One payment choice as the agent reads it: cash on delivery, or a payment link through a provider. */
export interface PaymentOption {
  code: string;
  title: string;
  detail: string;
}

/** The cart's payment methods (what the server allows for this order and address) in the agent's words. */
export function paymentOptions(methods: Cart['paymentMethods'], customerName: string): PaymentOption[] {
  return methods.map((m) => {
    if (m.code === 'cod') return { code: m.code, title: 'Cash on delivery', detail: `${customerName} pays when the order arrives.` };
    if (m.code === 'razorpay') return { code: m.code, title: 'Send a payment link (Razorpay)', detail: 'UPI, cards, netbanking and wallets. You share the link; the order waits for the payment.' };
    if (m.code === 'stripe') return { code: m.code, title: 'Send a payment link (Stripe)', detail: 'Credit or debit card. You share the link; the order waits for the payment.' };
    return { code: m.code, title: m.name, detail: m.description };
  });
}

/** When the order arrives, once it is priced for an address: each delivery's date and window ('Nov 25, 2026, 7:00 AM – 11:00 AM'). */
export function deliveryWindows(cart: Cart): string[] {
  if (!cart.pincode) return [];
  return [...new Set(cart.grouped_items.map((group) => deliveryWindow(group)).filter((w): w is string => w !== null))];
}

/** A nudge the agent can pass on (add a little more for free delivery), when the order is otherwise ready. */
export const deliveryNudge = (cart: Cart): string | null =>
  cart.pincode && cart.serviceable && cart.delivery_charge > 0 ? cart.deliveryMessage : null;

/** Why 'Place order' is disabled, in the agent's words, or null when the order can be placed. */
export function placeBlock(state: Pick<OrderForCustomerState, 'cart' | 'addressId' | 'payment'>): string | null {
  const { cart, addressId, payment } = state;
  if (cart.items.length === 0) return 'Add products to the order';
  if (!addressId) return 'Choose or add a delivery address';
  const cartBlock = checkoutBlock(cart);
  if (cartBlock) return cartBlock.replace('your attention above before checkout', 'attention before you place the order');
  if (!payment) return 'Choose how the customer pays';
  if (!cart.paymentMethods.some((m) => m.code === payment)) return 'This way of paying is not offered for this order; choose another';
  return null;
}
