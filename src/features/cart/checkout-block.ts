import type { Cart, CartItem } from '../../contract/cart';
import { formatRupees } from '../../lib/money';
import { cartSay, type CartSay } from './words';

/**
 * Why 'Continue to Checkout' is disabled for this cart, in the shopper's words (`say`'s language, English by
 * default), or null when it is not:
 * no pincode chosen, lines that cannot be delivered as they are, or the zone's minimum order not reached.
 */
export function checkoutBlock(cart: Cart, say: CartSay = cartSay()): string | null {
  if (cart.items.length === 0) return say('cart.emptyNote');
  if (!cart.pincode) return say('cart.needPin');
  const problems = cart.items.filter((item) => !item.valid).length;
  if (problems > 0) return say('cart.needFix', { count: problems });
  if (!cart.serviceable) return cart.deliveryMessage ?? say('cart.noZone', { pincode: cart.pincode });
  return null;
}

/**
 * What a cart's summary (the panel's and the checkout's) says delivery costs: the charge, 'Free', or, when no
 * line can be delivered to the pincode (each line says why), that delivery is not available there: never a
 * claim of free delivery for goods that cannot come. In `say`'s language, English by default.
 */
export function deliveryCost(pincode: string | null, charge: number, items: Pick<CartItem, 'valid'>[], say: CartSay = cartSay()): string {
  if (pincode && !items.some((item) => item.valid)) return say('cart.notTo', { pincode });
  return charge > 0 ? formatRupees(charge) : say('cart.free');
}
