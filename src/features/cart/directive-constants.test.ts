import { afterEach, describe, expect, it, vi } from 'vitest';
import { XSRF_COOKIE } from '../../contract/constants';
import interaction, { CART_CHANNEL, CART_EVENT, TOAST_EVENT, XSRF_COOKIE as DIRECTIVE_XSRF_COOKIE } from '../../lib/hydrate/interaction';
import { TOAST_EVENT as STORE_TOAST_EVENT } from '../../stores/toasts';
import type { Cart } from '../../contract/cart';
import { CART_CHANNEL as STORE_CART_CHANNEL, CART_EVENT as STORE_CART_EVENT } from './store';

/**
 * The client:interaction directive (src/lib/hydrate/interaction.ts) imports nothing at run time, so it carries
 * copies of the names it wakes on and reads. Each copy must still equal its original, or an island sleeps
 * through the change it should show. (Here, not beside the directive: lib/ may not import a feature or a store.)
 */
describe("the client:interaction directive's copies", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it("are the cart store's window event and BroadcastChannel name", () => {
    expect(CART_EVENT).toBe(STORE_CART_EVENT);
    expect(CART_CHANNEL).toBe(STORE_CART_CHANNEL);
  });

  it("are the toasts store's window event", () => {
    expect(TOAST_EVENT).toBe(STORE_TOAST_EVENT);
  });

  it("are the contract's anti-forgery cookie name", () => {
    expect(DIRECTIVE_XSRF_COOKIE).toBe(XSRF_COOKIE);
  });

  it('hand the cart store a cart another tab sent while the cart islands slept', async () => {
    const listeners = { addEventListener() {}, removeEventListener() {} };
    vi.stubGlobal('window', { ...listeners, dispatchEvent: () => true, requestIdleCallback: () => 0 });
    vi.stubGlobal('requestIdleCallback', () => 0);
    const island = { ...listeners, getAttribute: () => null } as unknown as HTMLElement;
    // A sleeping cart island: the directive listens on the cart's channel and loads the island on a message.
    const woken = new Promise<void>((resolve) =>
      interaction(() => (resolve(), new Promise(() => {})), { name: 'interaction', value: 'cart' }, island),
    );
    const cart = { quantity: 3 } as Cart;
    const otherTab = new BroadcastChannel(STORE_CART_CHANNEL);
    otherTab.postMessage({ cart, version: 1 });
    await woken;
    otherTab.close();
    // The island's code then loads the cart store, which shows the cart the message carried.
    vi.resetModules();
    const { $cart } = await import('./store');
    expect($cart.get()).toEqual(cart);
  });
});
