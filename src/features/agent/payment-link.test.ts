import { describe, expect, it } from 'vitest';
import { customer } from './order-for-customer-kit';
import { indianMobile, whatsappShareUrl } from './payment-link';

describe('ordering for a customer: what the page shows', () => {
  it('shares a payment link on WhatsApp with the customer’s number and an encoded message, and only a safe link', () => {
    const placed = { ordernumber: 'AF-000012', total: 1499.5, payment_link: 'http://shop.test/checkout/razorpay/12' };
    const url = new URL(whatsappShareUrl({ name: 'Asha Verma', phone: '+91 90000 20100' }, placed)!);
    expect(url.origin + url.pathname).toBe('https://wa.me/919000020100');
    expect(url.searchParams.get('text')).toBe('Hello Asha Verma, your order AF-000012 for ₹1,499.50 is ready. Please pay here: http://shop.test/checkout/razorpay/12');
    expect(whatsappShareUrl({ name: 'A', phone: '12345' }, placed)).toBeNull();
    expect(whatsappShareUrl(customer, { ...placed, payment_link: 'javascript:alert(1)' })).toBeNull();
    expect(indianMobile('09000020100')).toBe('9000020100');
  });
});
