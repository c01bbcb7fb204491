import { describe, expect, it } from 'vitest';
import type { PaymentState } from '../../contract/payment';
import { paymentView, POLL, returnParams } from './payment';

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

  it('hands on only the provider’s return parameters', () => {
    const params = returnParams(new URLSearchParams('razorpay_order_id=o&razorpay_payment_id=p&razorpay_signature=s&evil=1'));
    expect(params).toEqual({ razorpay_order_id: 'o', razorpay_payment_id: 'p', razorpay_signature: 's' });
  });
});
