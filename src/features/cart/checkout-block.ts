import type { Cart } from '../../contract/cart';

/**
 * Why 'Continue to Checkout' is disabled for this cart, in the shopper's words, or null when it is not:
 * no pincode chosen, lines that cannot be delivered as they are, or the zone's minimum order not reached.
 */
export function checkoutBlock(cart: Cart): string | null {
  if (cart.items.length === 0) return 'Your cart is empty';
  if (!cart.pincode) return 'Choose a delivery pincode to continue';
  const problems = cart.items.filter((item) => !item.valid).length;
  if (problems > 0) return `${problems === 1 ? '1 item needs' : `${problems} items need`} your attention above before checkout`;
  if (!cart.serviceable) return cart.deliveryMessage ?? `We do not deliver to ${cart.pincode} yet`;
  return null;
}
