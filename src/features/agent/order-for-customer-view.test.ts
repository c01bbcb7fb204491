import { describe, expect, it } from 'vitest';
import { cartOf, line, methods } from './order-for-customer-kit';
import { deliveryNudge, deliveryWindows, parseQuantity, paymentOptions, placeBlock } from './order-for-customer-view';

describe('ordering for a customer: what the page shows', () => {
  it('says why Place order waits, in the agent’s words', () => {
    const ready = { cart: cartOf({ items: [line(7)] }), addressId: 3, payment: 'cod' };
    expect(placeBlock({ ...ready, cart: cartOf() })).toBe('Add products to the order');
    expect(placeBlock({ ...ready, addressId: null })).toBe('Choose or add a delivery address');
    expect(placeBlock({ ...ready, cart: cartOf({ items: [line(7, { valid: false, message: 'Only 2 left' })] }) })).toBe('1 item needs attention before you place the order');
    expect(placeBlock({ ...ready, cart: cartOf({ items: [line(7)], serviceable: false, deliveryMessage: 'We do not deliver to 110001 yet' }) })).toBe('We do not deliver to 110001 yet');
    expect(placeBlock({ ...ready, payment: null })).toBe('Choose how the customer pays');
    expect(placeBlock({ ...ready, payment: 'stripe' })).toMatch(/not offered/);
    expect(placeBlock(ready)).toBeNull();
  });

  it('names the ways to pay as cash on delivery or a payment link, in the order the server allows them', () => {
    expect(paymentOptions(methods('razorpay', 'cod', 'other'), 'Asha').map((o) => o.title)).toEqual(['Send a payment link (Razorpay)', 'Cash on delivery', 'other']);
    expect(paymentOptions(methods('cod'), 'Asha')[0]!.detail).toBe('Asha pays when the order arrives.');
  });

  it('reads a typed quantity as a whole number, as typed (the order decides what it takes)', () => {
    expect(parseQuantity(' 24 ')).toBe(24);
    expect(parseQuantity('0')).toBe(0);
    expect(parseQuantity('999')).toBe(999);
    expect(parseQuantity('-1')).toBe(-1);
    expect(parseQuantity('2.5')).toBeNull();
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity('ten')).toBeNull();
  });

  it('says when the order arrives once it has an address, and the nudge to free delivery', () => {
    const group = (del_date: string | null, start: string | null = '07:00 AM', end: string | null = '11:00 AM') => ({ del_date, del_start_time: start, del_end_time: end, items: [] });
    const cart = cartOf({ grouped_items: [group('2026-11-25', '7:00 AM', '11:00 AM'), group('2026-11-25', '7:00 AM', '11:00 AM'), group('2026-11-26', null, null)] as never });
    expect(deliveryWindows(cart)).toEqual(['Nov 25, 2026, 7:00 AM – 11:00 AM', 'Nov 26, 2026']);
    expect(deliveryWindows({ ...cart, pincode: null })).toEqual([]);
    expect(deliveryNudge(cartOf({ delivery_charge: 30, deliveryMessage: 'Add ₹50.00 more for free delivery' }))).toBe('Add ₹50.00 more for free delivery');
    expect(deliveryNudge(cartOf({ delivery_charge: 0, deliveryMessage: 'Free delivery' }))).toBeNull();
  });
});
