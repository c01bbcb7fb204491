import type { Cart, CartItem } from '../../contract/cart';
import { formatRupees } from '../../lib/money';
import { plural } from '../../contract/plural';

/**
 * Why 'Continue to Checkout' is disabled for this cart, in the shopper's words, or null when it is not:
 * no pincode chosen, lines that cannot be delivered as they are, or the zone's minimum order not reached.
 */
export function checkoutBlock(cart: Cart): string | null {
  if (cart.items.length === 0) return 'Your cart is empty';
  if (!cart.pincode) return 'Choose a delivery pincode to continue';
  const problems = cart.items.filter((item) => !item.valid).length;
  if (problems > 0) return `${plural(problems, 'item needs', 'items need')} your attention above before checkout`;
  if (!cart.serviceable) return cart.deliveryMessage ?? `We do not deliver to ${cart.pincode} yet`;
  return null;
}

/**
 * What a cart's summary (the panel's and the checkout's) says delivery costs: the charge, 'Free', or, when no
 * line can be delivered to the pincode (each line says why), that delivery is not available there: never a
 * claim of free delivery for goods that cannot come.
 */
export function deliveryCost(pincode: string | null, charge: number, items: Pick<CartItem, 'valid'>[]): string {
  if (pincode && !items.some((item) => item.valid)) return `not available to ${pincode}`;
  return charge > 0 ? formatRupees(charge) : 'Free';
}
