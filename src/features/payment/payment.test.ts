import { describe, expect, it } from 'vitest';
import type { PaymentState } from '../../contract/payment';
import { translator } from '../../lib/i18n/translate';
import { paymentView, POLL, RETRY_METHODS, returnParams } from './payment';

const state = (status: PaymentState['status'], order_status: PaymentState['order_status'] = 'pending_payment'): PaymentState =>
  ({ order_id: 4, ordernumber: 'AF-000004', status, order_status, provider: 'razorpay', refund: null });

describe('the confirm page', () => {
  it('goes to the success page when paid, asks again while pending, then explains; failed offers a retry', () => {
    expect(paymentView(state('paid', 'placed'), 0)).toEqual({ kind: 'paid', next: '/order/success/AF-000004' });
    expect(paymentView(state('pending'), POLL.times - 1)).toEqual({ kind: 'pending', asked: POLL.times - 1 });
    expect(paymentView(state('pending'), POLL.times)).toEqual({ kind: 'waited' });
    expect(paymentView(state('failed', 'payment_failed'), 0)).toMatchObject({ kind: 'failed', message: expect.stringContaining('did not go through') });
    expect(paymentView(state('failed', 'cancelled'), 0)).toEqual({ kind: 'failed', message: 'Order AF-000004 was cancelled.' });
    // Back from the provider's Cancel: nothing is coming, so no waiting; the provider's own word still wins.
    expect(paymentView(state('pending'), 0, true)).toEqual({ kind: 'left' });
    expect(paymentView(state('paid', 'placed'), 0, true)).toMatchObject({ kind: 'paid' });
  });

  it('says why a payment the order could not take is refunded, and where the refund stands, instead of "no money was taken"', () => {
    const refund = { amount: 667, status: 'processed' as const, created_at: '2026-11-24T10:00:00.000Z', processed_at: '2026-11-24T10:00:01.000Z', reason: 'LASTONE: This coupon has been fully used' };
    expect(paymentView({ ...state('failed', 'payment_failed'), refund }, 0)).toEqual({
      kind: 'failed',
      message: 'Your payment of ₹667.00 for order AF-000004 could not be accepted: LASTONE: This coupon has been fully used. It has been refunded to your original payment method; your bank may take 5–7 working days to show it.',
    });
    expect(paymentView({ ...state('failed', 'payment_failed'), refund: { ...refund, status: 'pending', processed_at: null } }, 0)).toMatchObject({ message: expect.stringMatching(/could not be accepted: .* It is being refunded to your original payment method/) });
    // A cancel's own refund has no reason: the cancelled order says so as before.
    expect(paymentView({ ...state('failed', 'cancelled'), refund: { ...refund, reason: null } }, 0)).toEqual({ kind: 'failed', message: 'Order AF-000004 was cancelled.' });
  });

  it('hands on only the provider’s return parameters', () => {
    const params = returnParams(new URLSearchParams('razorpay_order_id=o&razorpay_payment_id=p&razorpay_signature=s&evil=1'));
    expect(params).toEqual({ razorpay_order_id: 'o', razorpay_payment_id: 'p', razorpay_signature: 's' });
  });

  it('speaks Hindi on a Hindi page: the failure, the refund, the ways to pay again, and the success page’s address', () => {
    const say = translator('hi');
    expect(paymentView(state('paid', 'placed'), 0, false, say, 'hi')).toEqual({ kind: 'paid', next: '/hi/order/success/AF-000004' });
    expect(paymentView(state('failed', 'cancelled'), 0, false, say, 'hi')).toEqual({ kind: 'failed', message: 'ऑर्डर AF-000004 रद्द कर दिया गया।' });
    expect(paymentView(state('failed', 'payment_failed'), 0, false, say, 'hi')).toMatchObject({ message: expect.stringContaining('कोई पैसा नहीं कटा') });
    const refund = { amount: 667, status: 'processed' as const, created_at: '2026-11-24T10:00:00.000Z', processed_at: '2026-11-24T10:00:01.000Z', reason: 'LASTONE' };
    expect(paymentView({ ...state('failed', 'payment_failed'), refund }, 0, false, say, 'hi')).toEqual({
      kind: 'failed',
      message: 'ऑर्डर AF-000004 के लिए आपका ₹667.00 का भुगतान स्वीकार नहीं हो सका: LASTONE। पैसा आपके भुगतान के मूल तरीके में वापस भेज दिया गया है; बैंक में दिखने में 5–7 कामकाजी दिन लग सकते हैं।',
    });
    expect(RETRY_METHODS.map((m) => say(m.label))).toEqual(['UPI, कार्ड, नेटबैंकिंग या वॉलेट (Razorpay)', 'क्रेडिट या डेबिट कार्ड (Stripe)', 'कैश ऑन डिलीवरी']);
    expect(RETRY_METHODS.map((m) => translator('en')(m.label))).toEqual(['UPI, cards, netbanking or wallets (Razorpay)', 'Credit or debit card (Stripe)', 'Cash on Delivery']);
  });
});
