import { describe, expect, it } from 'vitest';
import type { Address } from '../../contract/address';
import type { Cart } from '../../contract/cart';
import { addressLine } from '../addresses/address-values';
import { deliveryCost } from '../cart/checkout-block';
import { translator } from '../../lib/i18n/translate';
import { localeOfLang } from '../../lib/i18n/locales';
import { afterOrder, deliveryCostIn, deliveryWindow, groupCharge, inEnglish, lineReasons, methodWords, placeOrderBlock, startingAddress, startingPayment } from './checkout';
import { deliveryWindowIn, shortWindowIn } from './delivery-window';
import { orderFromForm } from './form-posts';

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

  it('words a delivery window short for cards and the product page, the part of the day first in Hindi', () => {
    expect(shortWindowIn('en', '7:00 AM', '11:00 AM')).toBe('7–11 AM');
    expect(shortWindowIn('en', '10:30 AM', '1:00 PM')).toBe('10:30 AM–1 PM');
    expect(shortWindowIn('en', '07:00 AM', '10:00 AM')).toBe('7–10 AM');
    expect(shortWindowIn('hi', '7:00 AM', '11:00 AM')).toBe('सुबह 7–11');
    expect(shortWindowIn('hi', '10:30 AM', '1:00 PM')).toBe('सुबह 10:30–दोपहर 1');
    expect(shortWindowIn('hi', '6:00 PM', '9:30 PM')).toBe('शाम 6–रात 9:30');
    expect(shortWindowIn('hi', '12:00 PM', '3:00 PM')).toBe('दोपहर 12–3');
    // A window that is not the API's clock is shown as it came.
    expect(shortWindowIn('hi', 'morning', 'noon')).toBe('morning – noon');
    const at = (del_date: string | null) => ({ del_date, del_start_time: '7:00 AM', del_end_time: '11:00 AM' });
    // The cart and checkout keep their long form.
    expect(deliveryWindow(at('2026-11-25'))).toBe('Nov 25, 2026, 7:00 AM – 11:00 AM');
  });
});

describe('checkout’s words in Hindi', () => {
  const say = translator('hi');
  it('says why Place Order is disabled in Hindi', () => {
    const ok = { addressId: 3, payment: 'cod' };
    expect(placeOrderBlock(cart({ items: [] }), ok, say)).toBe('आपका कार्ट खाली है');
    expect(placeOrderBlock(cart(), { ...ok, addressId: null }, say)).toBe('डिलीवरी का पता चुनें');
    expect(placeOrderBlock(cart({ items: [{ pack_id: 1, valid: false }] } as Partial<Cart>), ok, say)).toBe('ऑर्डर करने से पहले 1 सामान पर ध्यान दें');
    expect(placeOrderBlock(cart({ items: [{ pack_id: 1, valid: false }, { pack_id: 2, valid: false }] } as Partial<Cart>), ok, say)).toBe('ऑर्डर करने से पहले 2 सामानों पर ध्यान दें');
    expect(placeOrderBlock(cart({ serviceable: false }), ok, say)).toBe('हम अभी 560001 पर डिलीवरी नहीं करते');
    expect(placeOrderBlock(cart(), { ...ok, payment: null }, say)).toBe('भुगतान का तरीका चुनें');
    expect(placeOrderBlock(cart(), ok, say)).toBeNull();
  });

  it('words charges, delivery cost and payment methods in Hindi, and keeps the English as the shop wrote it', () => {
    expect(groupCharge('560001', { delivery_charge: 30, items: [{ valid: true }] }, say)).toBe('डिलीवरी शुल्क ₹30.00');
    expect(groupCharge('560001', { delivery_charge: 0, items: [{ valid: true }] }, say)).toBe('मुफ़्त डिलीवरी');
    expect(groupCharge('600001', { delivery_charge: 0, items: [{ valid: false }] }, say)).toBe('600001 पर डिलीवरी उपलब्ध नहीं');
    expect(deliveryCostIn(say, '560001', 0, [{ valid: true }])).toBe('मुफ़्त');
    expect(deliveryCostIn(say, '799001', 0, [{ valid: false }])).toBe('799001 पर उपलब्ध नहीं');
    expect(deliveryCostIn(inEnglish(), '799001', 0, [{ valid: false }])).toBe(deliveryCost('799001', 0, [{ valid: false }]));
    expect(methodWords(say, METHODS[0]!)).toEqual({ name: 'कैश ऑन डिलीवरी', description: 'ऑर्डर पहुँचने पर नकद या UPI से भुगतान करें' });
    expect(methodWords(inEnglish(), { code: 'cod', name: 'x' }).name).toBe('Cash on Delivery');
    expect(methodWords(say, { code: 'paylater', name: 'Pay Later', description: 'Soon' })).toEqual({ name: 'Pay Later', description: 'Soon' });
  });

  it('writes a delivery window with Hindi dates and parts of the day; English as before, byte for byte', () => {
    const at = (start: string | null, end: string | null) => ({ del_date: '2026-11-25', del_start_time: start, del_end_time: end });
    expect(deliveryWindowIn('hi', at('7:00 AM', '11:00 AM'))).toBe('25 नवम्बर 2026, सुबह 7:00 – सुबह 11:00');
    expect(deliveryWindowIn('hi', at('12:30 PM', '6:00 PM'))).toBe('25 नवम्बर 2026, दोपहर 12:30 – शाम 6:00');
    expect(deliveryWindowIn('hi', at(null, null))).toBe('25 नवम्बर 2026');
    expect(deliveryWindowIn('hi', { del_date: null, del_start_time: null, del_end_time: null })).toBeNull();
    expect(deliveryWindowIn('en', at('7:00 AM', '11:00 AM'))).toBe('Nov 25, 2026, 7:00 AM – 11:00 AM');
  });

  it('goes on in the page’s language, and the form post refuses a missing choice in it', () => {
    expect(afterOrder({ ordernumber: 'AF-000001', payOptions: null }, 'hi')).toBe('/hi/order/success/AF-000001');
    expect(afterOrder({ ordernumber: 'AF-000002', payOptions: { provider: 'razorpay', id: '12' } }, 'hi')).toBe('/hi/checkout/razorpay/12');
    expect(() => orderFromForm(new FormData(), say)).toThrow('डिलीवरी का पता चुनें');
    expect(() => orderFromForm(new FormData())).toThrow('Choose a delivery address');
    expect(localeOfLang('hi-IN')).toBe('hi');
    expect(localeOfLang(undefined)).toBe('en');
  });
});
