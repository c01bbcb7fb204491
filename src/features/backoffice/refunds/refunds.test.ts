import { describe, expect, it } from 'vitest';
import type { BosRefund, BosRefundList } from '../../../contract/bos-orders';
import { canAct, loadView, markBody, markedText, markQuestion, readRefundsQuery, refundsHref, retriedText, triesText } from './refunds';

const refund = (id: number, change: Partial<BosRefund> = {}): BosRefund => ({
  id,
  order_id: 100 + id,
  ordernumber: `SHOP-${100 + id}`,
  kind: 'part',
  provider: 'razorpay',
  payment_ref: 'order_abc',
  amount_paise: 12_050,
  status: 'failed',
  attempts: 1,
  last_error: 'The account is closed',
  reason: 'Damaged',
  manual_reference: null,
  lines: [],
  created_at: '2026-11-26T04:30:00.000Z',
  processed_at: null,
  ...change,
});
const list = (ids: number[], total = ids.length): BosRefundList => ({ data: ids.map((id) => refund(id)), meta: { total, needs_hand: total } });

describe('the refunds screen', () => {
  it('keeps its tab and page in the address, failed and page 1 left out', () => {
    expect(readRefundsQuery(new URLSearchParams('state=pending&page=2'))).toEqual({ tab: 'pending', page: 2 });
    expect(readRefundsQuery(new URLSearchParams('state=processed&page=-3'))).toEqual({ tab: 'failed', page: 1 });
    expect(refundsHref({ tab: 'failed', page: 1 })).toBe('/bos/admin/refunds');
    expect(refundsHref({ tab: 'pending', page: 3 })).toBe('/bos/admin/refunds?state=pending&page=3');
  });

  it('loads a tab\'s page and the other tab\'s count', async () => {
    const asked: unknown[] = [];
    const view = await loadView({ bosRefunds: async (q) => (asked.push(q), q?.state === 'failed' ? list([1, 2], 2) : list([9], 7)) }, { tab: 'failed', page: 1 });
    expect(asked).toEqual([{ state: 'failed', page: 1, perPage: 20 }, { state: 'pending', perPage: 1 }]);
    expect(view.counts).toEqual({ failed: 2, pending: 7 });
    expect(view.list.data.map((r) => r.id)).toEqual([1, 2]);
  });

  it('offers the actions only on a failed refund, and says how often it was tried', () => {
    expect(canAct(refund(1))).toBe(true);
    expect(canAct(refund(1, { status: 'pending' }))).toBe(false);
    expect([triesText(0), triesText(1), triesText(4)]).toEqual(['not sent yet', 'tried once', 'tried 4 times']);
  });

  it('asks for the bank transfer\'s reference, and says first what marking it refunded does', () => {
    expect(markBody({ reference: '  ', note: '' })).toEqual({ problem: { field: 'reference', message: "Enter the bank transfer's reference (UTR)" } });
    expect(markBody({ reference: ' UTR 4455 ', note: ' NEFT ' })).toEqual({ body: { reference: 'UTR 4455', note: 'NEFT' } });
    expect(markBody({ reference: 'UTR1', note: '' })).toEqual({ body: { reference: 'UTR1' } });
    expect(markQuestion(refund(1))).toBe(
      'This records ₹120.50 of order SHOP-101 as refunded by hand, by a bank transfer to the shopper you have made. Razorpay is not asked again, and the refund leaves this list.',
    );
  });

  it('says what sending again did, as the provider answered', () => {
    expect(retriedText(refund(1, { status: 'processed' }))).toEqual({ tone: 'success', text: '₹120.50 of order SHOP-101 refunded through Razorpay.' });
    expect(retriedText(refund(1, { status: 'failed', last_error: 'The account is closed' }))).toEqual({ tone: 'error', text: 'Razorpay refused ₹120.50 of order SHOP-101 again: The account is closed.' });
    expect(retriedText(refund(1, { status: 'pending', provider: 'stripe' }))).toEqual({ tone: 'warning', text: '₹120.50 of order SHOP-101 sent to Stripe again; it is pending until Stripe confirms it.' });
    expect(markedText(refund(1, { manual_reference: 'UTR9' }))).toBe('₹120.50 of order SHOP-101 recorded as refunded by hand (UTR9).');
  });
});
