import type { Cart } from '../../contract/cart';
import { api } from '../../lib/api/browser';
import { errorMessage } from '../../lib/errors';
import { callCart } from './store';
import type { CartSay } from './words';

/** The cart calls islands make: each one API call whose answer replaces `$cart` (when no newer one came first). */
export const addOne = (pack: { pack_id: number; warehouse_id: number }) =>
  callCart(() => api().addToCart({ pack_id: pack.pack_id, warehouse_id: pack.warehouse_id }));

/** One fewer of a pack, or the whole line with `whole`. */
export const removeOne = (packId: number, whole = false) => callCart(() => api().removeFromCart({ pack_id: packId, remove: whole }));

/** Applies a coupon code to the cart. */
export const applyCoupon = (code: string) => callCart(() => api().applyCoupon(code));

/** Takes the coupon off the cart. */
export const removeCoupon = () => callCart(() => api().removeCoupon());

/**
 * Shows a failure as an error toast (a failure without words of its own in `say`'s language), unless the same message is already on screen (taps never stack it). The
 * toaster loads with the first failure, so a cart call that succeeds ships none of it.
 */
export function toastFailure(failure: unknown, say: CartSay): Cart | null {
  const message = errorMessage(failure, say('cart.failed'));
  void import('./failure-toast').then(({ showFailureOnce }) => showFailureOnce(message));
  return null;
}
