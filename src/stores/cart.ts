import { atom, computed } from 'nanostores';
import type { Cart } from '../contract/cart';

/** The shopper's cart as the server last answered it; every cart answer replaces it whole (spec section 4). */
export const $cart = atom<Cart | null>(null);

/** Items in the cart, for the header's badge. */
export const $cartQuantity = computed($cart, (cart) => cart?.quantity ?? 0);

/** Open tabs of the same shop share the cart: a change in one shows in the others without a reload. */
const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('storefront-cart');
channel?.addEventListener('message', (event: MessageEvent<Cart>) => $cart.set(event.data));

/** Replaces the cart with the server's answer, here and in the shop's other open tabs. */
export function setCart(cart: Cart) {
  $cart.set(cart);
  channel?.postMessage(cart);
}

/** How many of a pack the cart holds. */
export const quantityOf = (cart: Cart | null, packId: number) => cart?.items.find((item) => item.pack_id === packId)?.quantity ?? 0;

/** Reads the cart the server rendered into the page (a JSON script element), so islands start where the page is. */
export function hydrateCart(doc: Document = document) {
  const text = doc.getElementById('cart-state')?.textContent;
  if (text) $cart.set(JSON.parse(text) as Cart);
}
