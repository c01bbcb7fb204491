import { describe, expect, it } from 'vitest';
import type { BosRefundList } from '../../../contract/bos-orders';
import { list, refund } from './fixtures';
import { ApiCallError } from '../../../lib/api/client';
import { $refunds, markRefunded, retry, seedRefunds, showRefunds, type RefundsApi } from './store';

describe('the refunds screen\'s store', () => {
  function fake(lists: () => Record<'failed' | 'pending', BosRefundList>, answers: Partial<RefundsApi> = {}) {
    const asked: unknown[] = [];
    const client: RefundsApi = {
      bosRefunds: async (q) => (asked.push(['list', q]), lists()[q?.state as 'failed' | 'pending']),
      bosRetryRefund: async (id) => (asked.push(['retry', id]), answers.bosRetryRefund!(id)),
      bosMarkRefunded: async (id, body) => (asked.push(['mark', id, body]), answers.bosMarkRefunded!(id, body)),
    };
    return { client, asked };
  }

  it('sends a failed refund again, reports what the provider said, and loads both tabs again without it', async () => {
    seedRefunds({ query: { tab: 'failed', page: 1 }, list: list([1, 2]), counts: { failed: 2, pending: 0 } });
    let failed = [1, 2];
    const { client, asked } = fake(() => ({ failed: list(failed), pending: list([]) }), {
      bosRetryRefund: async (id) => ((failed = failed.filter((f) => f !== id)), refund(id, { status: 'processed', last_error: null })),
    });
    const hrefs: string[] = [];
    await retry(client, refund(1), (href) => hrefs.push(href));
    expect(asked[0]).toEqual(['retry', 1]);
    const state = $refunds.get()!;
    expect(state.list.data.map((r) => r.id)).toEqual([2]);
    expect(state.counts).toEqual({ failed: 1, pending: 0 });
    expect(state.report).toEqual({ tone: 'success', text: '₹120.50 of order SHOP-101 refunded through Razorpay.' });
    expect(state.acting).toBeNull();
    expect(hrefs).toEqual(['/bos/admin/refunds']);
  });

  it('marks one refunded by hand only with a reference, and says a refusal in words', async () => {
    seedRefunds({ query: { tab: 'failed', page: 1 }, list: list([1]), counts: { failed: 1, pending: 0 } });
    const { client, asked } = fake(() => ({ failed: list([1]), pending: list([]) }), {
      bosMarkRefunded: async () => {
        throw new ApiCallError(409, 'Refund 1 of order SHOP-101 is processed: only a failed refund can be settled by hand', {});
      },
    });
    expect(await markRefunded(client, refund(1), { reference: '', note: '' }, () => {})).toEqual({ field: 'reference', message: "Enter the bank transfer's reference (UTR)" });
    expect(asked).toEqual([]);
    expect(await markRefunded(client, refund(1), { reference: 'UTR 77', note: '' }, () => {})).toBeNull();
    expect(asked[0]).toEqual(['mark', 1, { reference: 'UTR 77' }]);
    expect($refunds.get()!.report).toEqual({
      tone: 'error',
      text: 'Refund 1 of order SHOP-101 is processed: only a failed refund can be settled by hand. Someone may have acted on it first: the list is loaded again.',
    });
  });

  it('puts a new tab in history as a new entry at page 1, and drops an answer that comes after a newer question', async () => {
    seedRefunds({ query: { tab: 'failed', page: 2 }, list: list([1], 30), counts: { failed: 30, pending: 1 } });
    const seen: [string, string][] = [];
    const remember = (href: string, how: 'push' | 'replace') => seen.push([href, how]);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: RefundsApi = { bosRefunds: async (q) => (await gate, q?.state === 'pending' ? list([5]) : list([6])), bosRetryRefund: async () => refund(1), bosMarkRefunded: async () => refund(1) };
    const quick: RefundsApi = { ...slow, bosRefunds: async (q) => (q?.state === 'failed' ? list([7], 30) : list([8], 1)) };
    const first = showRefunds(slow, { tab: 'pending' }, { remember });
    await showRefunds(quick, { tab: 'failed', page: 3 }, { remember });
    release();
    await first;
    expect(seen).toEqual([['/bos/admin/refunds?state=pending', 'push'], ['/bos/admin/refunds?page=3', 'push']]);
    expect($refunds.get()!.list.data.map((r) => r.id)).toEqual([7]);
    expect($refunds.get()!.query).toEqual({ tab: 'failed', page: 3 });
  });
});
