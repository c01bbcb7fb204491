import { describe, expect, it } from 'vitest';
import type { Cart } from '../../contract/cart';
import { islandWords } from '../../lib/i18n/island-words';
import { cart as cartWords } from '../../lib/i18n/messages/en/cart';
import { checkoutBlock, deliveryCost } from './checkout-block';
import { cartSay } from './words';

const hindi = cartSay(islandWords('hi', cartWords));

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

describe('why checkout is disabled, and what delivery costs, in Hindi', () => {
  it('says each reason in the words it is given, the server’s own words kept', () => {
    expect(checkoutBlock(cart({ pincode: null, serviceable: false }), hindi)).toBe('आगे बढ़ने के लिए डिलीवरी पिनकोड चुनें');
    expect(checkoutBlock(cart({ serviceable: false, lines: [true, false] }), hindi)).toBe('चेकआउट से पहले ऊपर 1 सामान पर ध्यान दें');
    expect(checkoutBlock(cart({ serviceable: false, lines: [false, false] }), hindi)).toBe('चेकआउट से पहले ऊपर 2 सामानों पर ध्यान दें');
    expect(checkoutBlock(cart({ serviceable: false }), hindi)).toBe('हम अभी 560001 पर डिलीवरी नहीं करते');
    expect(checkoutBlock(cart({ lines: [] }), hindi)).toBe('आपके कार्ट में अभी कुछ नहीं है');
    expect(checkoutBlock(cart({ serviceable: false, deliveryMessage: 'न्यूनतम ऑर्डर' }), hindi)).toBe('न्यूनतम ऑर्डर');
  });

  it('writes delivery as free, its charge in rupees, or not available, English by default', () => {
    expect(deliveryCost('560001', 0, [{ valid: true }], hindi)).toBe('मुफ़्त');
    expect(deliveryCost('560001', 30, [{ valid: true }], hindi)).toBe('₹30.00');
    expect(deliveryCost('799001', 0, [{ valid: false }], hindi)).toBe('799001 पर उपलब्ध नहीं');
    expect(deliveryCost('560001', 0, [{ valid: true }])).toBe('Free');
    expect(checkoutBlock(cart({ serviceable: false }))).toBe('We do not deliver to 560001 yet');
  });
});

describe("the cart's words", () => {
  it('count items and the per-order limit in both languages, with Indian grouping', () => {
    const english = cartSay();
    expect(english('cart.cartItems', { count: 1 })).toBe('Cart, 1 item');
    expect(english('cart.cartItems', { count: 12 })).toBe('Cart, 12 items');
    expect(english('cart.max', { most: 5 })).toBe('Max 5 per order');
    expect(english('cart.moreOne', { name: 'Toor Dal' })).toBe('Add one more Toor Dal');
    expect(hindi('cart.cartItems', { count: 1 })).toBe('कार्ट, 1 सामान');
    expect(hindi('cart.max', { most: 5 })).toBe('एक ऑर्डर में अधिकतम 5');
    expect(hindi('cart.moreOne', { name: 'Toor Dal' })).toBe('एक और Toor Dal डालें');
    expect(hindi('cart.needFix', { count: 1200 })).toBe('चेकआउट से पहले ऊपर 1,200 सामानों पर ध्यान दें');
  });
});
