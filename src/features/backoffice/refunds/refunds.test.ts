import { describe, expect, it } from 'vitest';
import { list, refund } from './fixtures';
import { canAct, loadView, markBody, markedText, markQuestion, readRefundsQuery, refundsHref, retriedText, triesText } from './refunds';

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
