/** The cart's words (Add to Cart and its stepper, the header's badge, 'Cart Summary', coupons) in English. */
export const cart = {
  // Add to Cart and its stepper, on cards and the product page.
  'cart.add': 'Add to Cart',
  'cart.choosePack': 'Choose a pack',
  'cart.off': '{discount}% off',
  'cart.soldOut': 'Out of stock',
  'cart.quantityOf': 'Quantity of {name}',
  'cart.lessOne': 'Remove one {name}',
  'cart.moreOne': 'Add one more {name}',
  'cart.max': 'Max {most} per order',
  // The header's button.
  'cart.cart': 'Cart',
  'cart.cartItems': { one: 'Cart, {count} item', other: 'Cart, {count} items' },
  // 'Cart Summary'.
  'cart.title': 'Cart Summary',
  'cart.close': 'Close cart',
  'cart.empty': 'Empty Cart',
  'cart.emptyNote': 'Your cart is empty',
  'cart.lines': 'Items in your cart',
  'cart.lineQuantity': 'Quantity of {name}, {pack}',
  'cart.removeLine': 'Remove {name} from the cart',
  'cart.remove': 'Remove',
  'cart.itemsTotal': 'Items Total',
  'cart.discount': 'Discount',
  'cart.delivery': 'Delivery',
  'cart.total': 'Total',
  'cart.free': 'Free',
  'cart.notTo': 'not available to {pincode}',
  'cart.pinRequired': 'Delivery Pincode Required',
  'cart.pinNote': 'Please select your delivery pincode to proceed to checkout',
  'cart.pinSelect': 'Select pincode',
  'cart.checkout': 'Continue to Checkout',
  // Why checkout is not open yet.
  'cart.needPin': 'Choose a delivery pincode to continue',
  'cart.needFix': { one: '{count} item needs your attention above before checkout', other: '{count} items need your attention above before checkout' },
  'cart.noZone': 'We do not deliver to {pincode} yet',
  // The coupon.
  'cart.coupon': 'Coupon',
  'cart.couponCode': 'Coupon code',
  'cart.apply': 'Apply',
  'cart.removeCoupon': 'Remove coupon',
  'cart.enterCoupon': 'Please enter a coupon code',
  // A failure without words of its own (lib/errors.ts FALLBACK_ERROR).
  'cart.failed': "There's been an error, please try again.",
} as const;
