import { describe, expect, it } from 'vitest';
import type { BosOrderDetail } from '../../../contract/bos-orders';
import { EMPTY_REFUND, lineLeft, lineShare, partRefundOf, refundLabel, refundPlan, refundPreview, refusalText, type RefundForm } from './part-refund';

type Line = BosOrderDetail['lines'][number];
const line = (id: number, change: Partial<Line> = {}): Line => ({
  id,
  pack_id: id * 10,
  name: `Item ${id}`,
  pack: '1 kg',
  quantity: 3,
  refunded_quantity: 0,
  price_paise: 10_000,
  amount_paise: 30_000,
  discount_paise: 0,
  warehouse_id: 1,
  delivery: { date: null, start: null, end: null },
  ...change,
});
const payment = (change: Partial<BosOrderDetail['payment']> = {}): BosOrderDetail['payment'] => ({
  method: 'razorpay',
  provider: 'razorpay',
  reference: 'order_abc',
  state: 'paid',
  captured_paise: 50_000,
  refunded_paise: 0,
  ...change,
});
const order = (change: Partial<Pick<BosOrderDetail, 'status' | 'payment' | 'lines'>> = {}) => ({ status: 'placed' as const, payment: payment(), lines: [line(1), line(2, { quantity: 2, amount_paise: 20_000 })], ...change });
const form = (change: Partial<RefundForm>): RefundForm => ({ ...EMPTY_REFUND, reason: 'Short-picked', ...change });

describe('the order page\'s part refund', () => {
  it('is offered for an order paid online, up to what was captured less what was refunded, to its provider', () => {
    expect(partRefundOf(order())).toEqual({ possible: true, refundablePaise: 50_000, to: 'Razorpay' });
    expect(partRefundOf(order({ status: 'delivered', payment: payment({ method: 'stripe', provider: 'stripe', refunded_paise: 12_000 }) }))).toEqual({ possible: true, refundablePaise: 38_000, to: 'Stripe' });
  });

  it('is not offered, and says why, for cash on delivery, an unpaid or cancelled order, or one refunded in full', () => {
    const cod = partRefundOf(order({ payment: payment({ method: 'cod', provider: null, reference: null, state: 'on_delivery', captured_paise: 0 }) }));
    expect(cod).toEqual({ possible: false, why: expect.stringMatching(/^Cash on delivery: there is no online payment to refund part of/) });
    expect(partRefundOf(order({ status: 'pending_payment', payment: payment({ captured_paise: 0 }) }))).toEqual({ possible: false, why: 'The order is not paid yet: there is nothing to refund.' });
    expect(partRefundOf(order({ status: 'cancelled', payment: payment({ refunded_paise: 50_000 }) }))).toMatchObject({ possible: false, why: expect.stringMatching(/^The order is cancelled/) });
    expect(partRefundOf(order({ payment: payment({ refunded_paise: 50_000 }) }))).toEqual({ possible: false, why: 'Everything paid for this order has been refunded.' });
  });

  it('refunds what the shopper paid for the units, after the line\'s share of the discount, the last units taking the rounding', () => {
    // ₹100.00 less ₹0.01 of discount over 3 units: 3333, 3333, 3333 paise, in that order (99.99 in all).
    const discounted = line(1, { amount_paise: 10_000, discount_paise: 1 });
    expect([lineShare(discounted, 1), lineShare({ ...discounted, refunded_quantity: 1 }, 1), lineShare({ ...discounted, refunded_quantity: 2 }, 1)]).toEqual([3333, 3333, 3333]);
    // ₹100.00 over 3: 3333, 3334, 3333; two at once after one refunded is the rest.
    const odd = line(1, { amount_paise: 10_000 });
    expect(lineShare(odd, 1)).toBe(3333);
    expect(lineShare({ ...odd, refunded_quantity: 1 }, 2)).toBe(6667);
    expect(lineShare(odd, 3)).toBe(10_000);
    expect(lineLeft({ quantity: 3, refunded_quantity: 1 })).toBe(2);
    expect(lineLeft({ quantity: 3, refunded_quantity: 5 })).toBe(0);
  });

  it('builds the call from chosen lines and quantities, with the goods back in stock when asked, and its amount in paise', () => {
    expect(refundPlan(order(), form({ quantities: { 1: '1', 2: '' }, restock: true, reason: '  Torn packet ' }))).toEqual({
      body: { lines: [{ line_id: 1, quantity: 1 }], reason: 'Torn packet', restock: true },
      amountPaise: 10_000,
    });
    expect(refundPlan(order(), form({ quantities: { 1: '2', 2: '1' } }))).toEqual({
      body: { lines: [{ line_id: 1, quantity: 2 }, { line_id: 2, quantity: 1 }], reason: 'Short-picked' },
      amountPaise: 30_000,
    });
  });

  it('never asks for more of a line than was bought less what was refunded of it', () => {
    const some = order({ lines: [line(1, { refunded_quantity: 2 }), line(2, { quantity: 2, refunded_quantity: 2, amount_paise: 20_000 })] });
    expect(refundPlan(some, form({ quantities: { 1: '2' } }))).toEqual({ problem: { field: 'line-1', message: 'At most 1 of 3 can be refunded' } });
    expect(refundPlan(some, form({ quantities: { 2: '1' } }))).toEqual({ problem: { field: 'line-2', message: 'Every unit of this line has been refunded' } });
    expect(refundPlan(some, form({ quantities: { 1: '1.5' } }))).toEqual({ problem: { field: 'line-1', message: 'Enter a whole number of units' } });
    expect(refundPlan(some, form({ quantities: { 1: '-1' } }))).toEqual({ problem: { field: 'line-1', message: 'Enter a whole number of units' } });
    expect(refundPlan(some, form({ quantities: { 1: '0' } }))).toEqual({ problem: { field: 'lines', message: 'Choose how many units of a line to refund' } });
  });

  it('takes an amount in rupees instead, never more than is left of the payment; goods go back to stock only with lines', () => {
    expect(refundPlan(order(), form({ mode: 'amount', amount: '₹1,250.5' }))).toEqual({ problem: { field: 'amount', message: '₹1,250.50 is more than is left to refund (₹500.00)' } });
    expect(refundPlan(order(), form({ mode: 'amount', amount: '120.50', restock: true }))).toEqual({ body: { amount_paise: 12_050, reason: 'Short-picked' }, amountPaise: 12_050 });
    expect(refundPlan(order(), form({ mode: 'amount', amount: '12.345' }))).toEqual({ problem: { field: 'amount', message: 'Enter the amount in rupees, e.g. 120 or 120.50' } });
    expect(refundPlan(order(), form({ mode: 'amount', amount: '0' }))).toEqual({ problem: { field: 'amount', message: 'The refund must be more than ₹0.00' } });
    const partly = order({ payment: payment({ refunded_paise: 45_000 }) });
    expect(refundPlan(partly, form({ quantities: { 1: '1' } }))).toEqual({ problem: { field: 'lines', message: '₹100.00 is more than is left to refund (₹50.00)' } });
    expect(refundPlan(partly, form({ mode: 'amount', amount: '50' }))).toMatchObject({ amountPaise: 5_000 });
  });

  it('needs a reason, and refuses for an order that cannot be refunded in part', () => {
    expect(refundPlan(order(), form({ quantities: { 1: '1' }, reason: ' ' }))).toEqual({ problem: { field: 'reason', message: 'Say why you refund it' } });
    expect(refundPlan(order({ payment: payment({ method: 'cod', provider: null, reference: null }) }), form({ mode: 'amount', amount: '10' }))).toMatchObject({ problem: { field: 'lines' } });
  });

  it('says what the click will do as it is typed', () => {
    expect(refundPreview(order(), form({ quantities: { 1: '1', 2: 'x' } }))).toBe(10_000);
    expect(refundPreview(order(), form({ quantities: { 1: '9' } }))).toBe(0);
    expect(refundPreview(order(), form({ mode: 'amount', amount: '99.9' }))).toBe(9_990);
    expect(refundLabel(10_000, 'Razorpay')).toBe('Refund ₹100.00 to Razorpay');
    expect(refundLabel(0, 'Stripe')).toBe('Refund to Stripe');
  });

  it('says an over-refund with what can be refunded now, and passes other refusals on in the API\'s words', () => {
    expect(refusalText(409, { message: 'x', refundable_paise: 2_500 }, '₹100 is more than is left to refund of order AF-1 (₹25 of ₹500)')).toBe(
      '₹100 is more than is left to refund of order AF-1 (₹25 of ₹500). At most ₹25.00 can be refunded now: reload the page to see refunds made meanwhile.',
    );
    expect(refusalText(409, { message: 'x', status: 'placed' }, 'Order AF-1 has no payment to refund')).toBe('Order AF-1 has no payment to refund');
    expect(refusalText(422, {}, 'Rice (1 kg): 1 of 3 can still be refunded')).toBe('Rice (1 kg): 1 of 3 can still be refunded');
  });
});
