import { describe, expect, it } from 'vitest';
import type { Address } from '../../contract/address';
import type { Cart } from '../../contract/cart';
import { addressLine } from '../addresses/address-values';
import { deliveryCost } from '../cart/checkout-block';
import { afterOrder, deliveryWindow, groupCharge, lineReasons, placeOrderBlock, startingAddress, startingPayment } from './checkout';

const address = (id: number, is_default = false) =>
  ({ id, is_default, name: 'Asha', phone: '9876512345', pincode: '560001', line1: '12, 4th Main', line2: null, landmark: 'Metro', city: 'Bengaluru', state: 'Karnataka', type: 'home' }) as Address;
const METHODS = [{ code: 'cod', name: 'Cash on Delivery', description: '' }, { code: 'razorpay', name: 'UPI', description: '' }];
const cart = (over: Partial<Cart> = {}) =>
  ({ items: [{ pack_id: 1, valid: true }], pincode: '560001', serviceable: true, deliveryMessage: null, paymentMethods: METHODS, ...over }) as unknown as Cart;

describe('checkout', () => {
  it('starts with the address asked for when it is the shopper’s, else the default, else the first, else none', () => {
    const list = [address(3), address(5, true), address(8)];
    expect(startingAddress(list, 8)).toBe(8);
    expect(startingAddress(list, 99)).toBe(5);
    expect(startingAddress([address(3), address(8)], null)).toBe(3);
    expect(startingAddress([], 3)).toBeNull();
  });

  it('starts with the payment method asked for only while the cart offers it', () => {
    expect(startingPayment(cart(), 'razorpay')).toBe('razorpay');
    expect(startingPayment(cart(), 'stripe')).toBeNull();
    expect(startingPayment(cart(), null)).toBeNull();
  });

  it('says why Place Order is disabled, in order: empty cart, address, the cart’s own block, method, an unoffered method', () => {
    const ok = { addressId: 3, payment: 'cod' };
    expect(placeOrderBlock(cart({ items: [] }), ok)).toBe('Your cart is empty');
    expect(placeOrderBlock(cart(), { ...ok, addressId: null })).toBe('Choose a delivery address');
    expect(placeOrderBlock(cart({ items: [{ pack_id: 1, valid: false }] } as Partial<Cart>), ok)).toBe('1 item needs your attention before you place the order');
    expect(placeOrderBlock(cart({ serviceable: false, deliveryMessage: 'The minimum order to 560001 is ₹99.00' }), ok)).toBe('The minimum order to 560001 is ₹99.00');
    expect(placeOrderBlock(cart(), { ...ok, payment: null })).toBe('Choose a payment method');
    expect(placeOrderBlock(cart(), { ...ok, payment: 'stripe' })).toBe('This payment method is not available for this order; choose another');
    expect(placeOrderBlock(cart(), ok)).toBeNull();
  });

  it('says what delivery costs, and that it is not available when no line can come to the pincode', () => {
    const ok = [{ valid: true }, { valid: false }];
    expect(deliveryCost('560001', 30, ok)).toBe('₹30.00');
    expect(deliveryCost('560001', 0, ok)).toBe('Free');
    expect(deliveryCost('799001', 0, [{ valid: false }])).toBe('not available to 799001');
    expect(deliveryCost(null, 0, [{ valid: true }])).toBe('Free');
    expect(groupCharge('560001', { delivery_charge: 30, items: ok })).toBe('Delivery charge ₹30.00');
    expect(groupCharge('560001', { delivery_charge: 0, items: ok })).toBe('Free delivery');
    expect(groupCharge('600001', { delivery_charge: 0, items: [{ valid: false }] })).toBe('Delivery not available to 600001');
  });

  it('goes on to the payment page for an online payment, else to the success page', () => {
    expect(afterOrder({ ordernumber: 'AF-000001', payOptions: null })).toBe('/order/success/AF-000001');
    expect(afterOrder({ ordernumber: 'AF-000002', payOptions: { provider: 'razorpay', id: '12' } })).toBe('/checkout/razorpay/12');
  });

  it('reads a delivery window, an address and the refusal’s reasons per line', () => {
    expect(deliveryWindow({ del_date: '2026-11-26', del_start_time: '7:00 AM', del_end_time: '11:00 AM' })).toBe('Nov 26, 2026, 7:00 AM – 11:00 AM');
    expect(deliveryWindow({ del_date: null, del_start_time: null, del_end_time: null })).toBeNull();
    expect(addressLine(address(1))).toBe('12, 4th Main, near Metro, Bengaluru, Karnataka 560001');
    expect(lineReasons({ message: 'x', lines: [{ pack_id: 4, message: 'Only 2 left' }, { pack_id: 'no' }] })).toEqual({ 4: 'Only 2 left' });
    expect(lineReasons('not a body')).toEqual({});
  });

  it('words a delivery window relative to India’s today for cards and the product page', () => {
    const at = (del_date: string | null, start: string | null = '7:00 AM', end: string | null = '11:00 AM') => ({ del_date, del_start_time: start, del_end_time: end });
    expect(deliveryWindow(at('2026-11-24'), '2026-11-24')).toBe('Today, 7–11 AM');
    expect(deliveryWindow(at('2026-11-25'), '2026-11-24')).toBe('Tomorrow, 7–11 AM');
    expect(deliveryWindow(at('2026-11-27'), '2026-11-24')).toBe('Nov 27, 7–11 AM');
    // Across a month and a year.
    expect(deliveryWindow(at('2027-01-01'), '2026-12-31')).toBe('Tomorrow, 7–11 AM');
    expect(deliveryWindow(at('2027-01-02', '10:30 AM', '1:00 PM'), '2026-12-31')).toBe('Jan 2, 10:30 AM–1 PM');
    expect(deliveryWindow(at('2026-11-25', '07:00 AM', '10:00 AM'), '2026-11-24')).toBe('Tomorrow, 7–10 AM');
    expect(deliveryWindow(at('2026-11-25', null, null), '2026-11-24')).toBe('Tomorrow');
    expect(deliveryWindow(at(null), '2026-11-24')).toBeNull();
    // The cart and checkout keep their long form.
    expect(deliveryWindow(at('2026-11-25'))).toBe('Nov 25, 2026, 7:00 AM – 11:00 AM');
  });
});
