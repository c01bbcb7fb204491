import { atom, computed } from 'nanostores';
import type { Cart } from '../../contract/cart';

/**
 * The shopper's cart as the server last answered it (docs/product.md#states: every cart answer replaces it whole).
 * Islands start from their server-rendered props (`seedCart`); every call goes through `callCart`, whose
 * answer is kept only when it is newer than the cart shown; open tabs of the shop share each new cart.
 */
export const $cart = atom<Cart | null>(null);

/** Items in the cart, for the header's badge. */
export const $cartQuantity = computed($cart, (cart) => cart?.quantity ?? 0);

/** The window event a cart change raises, which wakes the cart's sleeping islands (`client:interaction="cart"`). */
export const CART_EVENT = 'storefront:cart';
/** The BroadcastChannel the shop's tabs share carts on. */
export const CART_CHANNEL = 'storefront-cart';

/** A cart and the version of the call that produced it, as tabs send it to each other. */
export interface VersionedCart {
  cart: Cart;
  version: number;
}

/** The next call's version: later than the last one, and comparable across tabs (a millisecond clock). */
export const nextVersion = (last: number, now: number) => Math.max(now, last + 1);

/** Whether an answer may replace the cart shown: only a newer call's answer may. */
export const isNewer = (incoming: number, shown: number) => incoming > shown;

let shown = 0;
let issued = 0;
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CART_CHANNEL);

/** Replaces the cart when `version` is newer than the one shown; true when it did. */
function accept({ cart, version }: VersionedCart): boolean {
  if (!isNewer(version, shown)) return false;
  shown = version;
  $cart.set(cart);
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(CART_EVENT));
  return true;
}

/** Fills the store from the page's server-rendered cart, unless a cart is already shown (it is as new or newer). */
export function seedCart(cart: Cart) {
  if ($cart.get() === null) $cart.set(cart);
}

/**
 * Runs one cart call (add, remove, coupon) and keeps its answer if no later call has answered first; the
 * kept cart goes to the shop's other tabs too. Resolves to the answer; rejects with the call's failure.
 */
export async function callCart(call: () => Promise<Cart>): Promise<Cart> {
  const version = (issued = nextVersion(Math.max(issued, shown), Date.now()));
  const cart = await call();
  if (accept({ cart, version })) channel?.postMessage({ cart, version } satisfies VersionedCart);
  return cart;
}

channel?.addEventListener('message', (event: MessageEvent<VersionedCart>) => accept(event.data));

// A cart another tab sent while this tab's cart islands slept (src/lib/hydrate/interaction.ts kept it).
if (typeof window !== 'undefined') {
  const missed = (window as unknown as { __storefrontCartMessage?: VersionedCart }).__storefrontCartMessage;
  if (missed) accept(missed);
}
