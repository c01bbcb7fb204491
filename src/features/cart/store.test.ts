import { afterEach, describe, expect, it } from 'vitest';
import type { Cart } from '../../contract/cart';
import { $cart, $cartQuantity, CART_CHANNEL, callCart, isNewer, nextVersion, seedCart, type VersionedCart } from './store';

/** A cart holding `quantity` of pack 7 (only the fields the store reads matter here). */
const cartOf = (quantity: number) => ({ quantity, items: quantity ? [{ pack_id: 7, quantity }] : [] }) as unknown as Cart;

/** How many of a pack a cart holds. */
const quantityOf = (cart: Cart | null, packId: number) => cart?.items.find((item) => item.pack_id === packId)?.quantity ?? 0;

/** A call that answers `cart` when `release()` is called. */
function pending(cart: Cart) {
  let release!: () => void;
  const answered = new Promise<Cart>((resolve) => (release = () => resolve(cart)));
  return { call: () => answered, release };
}

const channels: BroadcastChannel[] = [];
afterEach(() => channels.splice(0).forEach((c) => c.close()));

describe('the cart store', () => {
  it('versions only move forward, and only a newer version replaces the cart', () => {
    expect(nextVersion(10, 5)).toBe(11);
    expect(nextVersion(10, 50)).toBe(50);
    expect(isNewer(2, 1)).toBe(true);
    expect(isNewer(1, 2)).toBe(false);
    expect(isNewer(2, 2)).toBe(false);
  });

  it('starts from the server-rendered cart, which never replaces a cart already shown', async () => {
    seedCart(cartOf(1));
    expect($cartQuantity.get()).toBe(1);
    await callCart(async () => cartOf(2));
    seedCart(cartOf(1)); // an island hydrated late, with the page's older props
    expect(quantityOf($cart.get(), 7)).toBe(2);
  });

  it('every answer replaces the cart; an answer that arrives after a newer one is dropped', async () => {
    const first = pending(cartOf(3));
    const second = pending(cartOf(4));
    const calls = [callCart(first.call), callCart(second.call)];
    second.release();
    await calls[1];
    expect(quantityOf($cart.get(), 7)).toBe(4);
    first.release();
    expect(await calls[0]).toEqual(cartOf(3)); // the caller still gets its answer…
    expect(quantityOf($cart.get(), 7)).toBe(4); // …but the store keeps the newer cart
  });

  it('a failed call leaves the cart as it was and rejects', async () => {
    const before = $cart.get();
    await expect(callCart(async () => Promise.reject(new Error('offline')))).rejects.toThrow('offline');
    expect($cart.get()).toBe(before);
  });

  it('sends each kept cart to the other tabs, and takes theirs when newer', async () => {
    const otherTab = new BroadcastChannel(CART_CHANNEL);
    channels.push(otherTab);
    const heard = new Promise<VersionedCart>((resolve) => otherTab.addEventListener('message', (e) => resolve(e.data), { once: true }));
    await callCart(async () => cartOf(5));
    const sent = await heard;
    expect(sent.cart).toEqual(cartOf(5));

    otherTab.postMessage({ cart: cartOf(9), version: sent.version + 1 } satisfies VersionedCart);
    await expect.poll(() => quantityOf($cart.get(), 7)).toBe(9);
    otherTab.postMessage({ cart: cartOf(1), version: sent.version - 1 } satisfies VersionedCart);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(quantityOf($cart.get(), 7)).toBe(9);
  });
});
