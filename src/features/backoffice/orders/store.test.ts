import { describe, expect, it } from 'vitest';
import type { BosOrderQueue, BosOrderRow } from '../../../contract/bos-orders';
import { NO_FILTERS } from './queue';
import { $queue, chooseAllShown, chooseOne, moveChosen, seedQueue, showQueue, type QueueApi } from './store';

const row = (id: number): BosOrderRow => ({
  id, ordernumber: `SHOP-${id}`, status: 'placed', status_at: null, created_at: '2026-11-26T04:00:00.000Z', customer: { id: 1, name: 'Asha', phone: '9876500001' },
  pincode: '560001', city: 'Bengaluru', payment_method: 'cod', payment_state: 'on_delivery', total_paise: 10_000, refunded_paise: 0, delivery: { date: '2026-11-27', start: '7:00 AM', end: '9:00 AM' }, agent_id: null, channel: 'web', stock_short: false,
});
const counts = { to_confirm: 3, to_pack: 0, to_send: 0, out_for_delivery: 0, delivered_today: 0, cancelled: 0, payment_failed: 0 };
const page = (ids: number[], total = ids.length): BosOrderQueue => ({ data: ids.map(row), meta: { total, counts } });

function fake(answers: Partial<QueueApi>) {
  const asked: unknown[] = [];
  const client: QueueApi = {
    bosOrders: async (q) => { asked.push(['orders', q]); return answers.bosOrders!(q); },
    bosMoveMany: async (ids, to) => { asked.push(['move', ids, to]); return answers.bosMoveMany!(ids, to); },
  };
  return { client, asked };
}

describe('the orders queue store', () => {
  it('moves the chosen orders, reports the refused one by name, and loads the tab again without them', async () => {
    seedQueue({ query: { tab: 'to_confirm', filters: NO_FILTERS, page: 1, perPage: 20 }, queue: page([1, 2, 3]) });
    chooseAllShown();
    chooseOne(3);
    expect($queue.get()!.chosen).toEqual([1, 2]);
    const hrefs: string[] = [];
    const { client, asked } = fake({
      bosMoveMany: async () => ({
        moved: [{ id: 1, ordernumber: 'SHOP-1', status: 'confirmed', status_at: null }],
        refused: [{ id: 2, ordernumber: 'SHOP-2', status: 'packed', message: 'moved', set_by: { kind: 'staff', name: 'Meera Iyer', at: '2026-11-26T05:02:00.000Z' } }],
      }),
      bosOrders: async () => page([3]),
    });
    await moveChosen(client, 'confirmed', (href) => hrefs.push(href));
    expect(asked[0]).toEqual(['move', [1, 2], 'confirmed']);
    const state = $queue.get()!;
    expect(state.queue.data.map((r) => r.id)).toEqual([3]);
    expect(state.chosen).toEqual([]);
    expect(state.report).toEqual({ tone: 'warning', text: '1 order confirmed. 1 order was not moved:', refused: ['Order SHOP-2 was already packed by Meera Iyer at 10:32 AM'] });
    expect(hrefs).toEqual(['/bos/admin']);
  });

  it('puts a new tab in history as a new entry and a filter in place, starting at page 1; a late answer is dropped', async () => {
    seedQueue({ query: { tab: 'to_confirm', filters: NO_FILTERS, page: 2, perPage: 20 }, queue: page([1], 30) });
    const seen: [string, string][] = [];
    const remember = (href: string, how: 'push' | 'replace') => seen.push([href, how]);
    let release: (q: BosOrderQueue) => void = () => {};
    const slow = new Promise<BosOrderQueue>((resolve) => (release = resolve));
    const first = showQueue({ bosOrders: () => slow, bosMoveMany: async () => ({ moved: [], refused: [] }) }, { tab: 'to_pack' }, remember);
    await showQueue({ bosOrders: async () => page([7]), bosMoveMany: async () => ({ moved: [], refused: [] }) }, { filters: { ...NO_FILTERS, pincode: '560001' } }, remember);
    release(page([5]));
    await first;
    expect(seen).toEqual([['/bos/admin?tab=to_pack', 'push'], ['/bos/admin?tab=to_pack&pincode=560001', 'replace']]);
    expect($queue.get()!.queue.data.map((r) => r.id)).toEqual([7]);
    expect($queue.get()!.query.page).toBe(1);
  });
});
