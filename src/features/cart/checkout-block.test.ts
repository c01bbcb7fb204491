import { describe, expect, it } from 'vitest';
import type { Cart } from '../../contract/cart';
import { checkoutBlock } from './checkout-block';

/** A cart with the fields checkoutBlock reads. */
const cart = (over: Partial<Cart> & { lines?: boolean[] } = {}) =>
  ({
    pincode: '560001',
    serviceable: true,
    deliveryMessage: null,
    ...over,
    items: (over.lines ?? [true]).map((valid, i) => ({ pack_id: i + 1, valid })),
  }) as unknown as Cart;

describe('why checkout is disabled', () => {
  it('says nothing when the cart can go to checkout', () => {
    expect(checkoutBlock(cart())).toBeNull();
  });

  it('asks for a pincode first', () => {
    expect(checkoutBlock(cart({ pincode: null, serviceable: false }))).toBe('Choose a delivery pincode to continue');
  });

  it('points at the lines that cannot be delivered as they are', () => {
    expect(checkoutBlock(cart({ serviceable: false, lines: [true, false] }))).toBe('1 item needs your attention above before checkout');
    expect(checkoutBlock(cart({ serviceable: false, lines: [false, false] }))).toBe('2 items need your attention above before checkout');
  });

  it('below the minimum order, gives the server’s words (how much more to add)', () => {
    const message = 'Add ₹20.00 more to order (minimum order ₹99.00)';
    expect(checkoutBlock(cart({ serviceable: false, deliveryMessage: message }))).toBe(message);
  });

  it('an empty cart cannot check out', () => {
    expect(checkoutBlock(cart({ lines: [] }))).toBe('Your cart is empty');
  });
});
