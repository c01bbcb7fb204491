import { describe, expect, it } from 'vitest';
import { BOS_TABS } from '../../../contract/bos-orders';
import { allState, apiQuery, QUEUE_TABS, bulkLabel, filterChoices, movedText, NO_FILTERS, NO_OPTIONS, queueHref, readQueueQuery, refusedText, toggleAll, toggleOne } from './queue';

describe('the queue in the address', () => {
  it('has the contract\'s tabs, in its order', () => {
    expect(QUEUE_TABS).toEqual([...BOS_TABS]);
  });

  it('reads the tab, every filter and the page from the address, and writes the same address back', () => {
    const href = '/bos/admin?tab=to_pack&date=2026-11-26&window=7%3A00+AM&warehouse=2&payment_method=cod&payment_state=on_delivery&zone=4&pincode=560001&agent=5&stock_short=true&q=Asha&page=3&perPage=50';
    const query = readQueueQuery(new URL(href, 'http://shop.example').searchParams);
    expect(query).toEqual({
      tab: 'to_pack',
      filters: { date: '2026-11-26', window: '7:00 AM', warehouse: '2', payment_method: 'cod', payment_state: 'on_delivery', zone: '4', pincode: '560001', agent: '5', stock_short: 'true', q: 'Asha' },
      page: 3,
      perPage: 50,
    });
    expect(queueHref(query)).toBe(href);
    expect(apiQuery(query)).toEqual({ tab: 'to_pack', page: 3, perPage: 50, date: '2026-11-26', window: '7:00 AM', warehouse: '2', payment_method: 'cod', payment_state: 'on_delivery', zone: '4', pincode: '560001', agent: '5', stock_short: 'true', q: 'Asha' });
  });

  it('leaves out what the address gets wrong, and the defaults', () => {
    const query = readQueueQuery(new URLSearchParams('tab=nope&date=26-11-2026&warehouse=abc&payment_method=cash&zone=x1&pincode=5600&agent=0&stock_short=1&page=-2&perPage=7&q=%20%20'));
    expect(query).toEqual({ tab: 'to_confirm', filters: NO_FILTERS, page: 1, perPage: 20 });
    expect(queueHref(query)).toBe('/bos/admin');
  });
});

describe('the lists of the filters', () => {
  const options = {
    warehouses: [{ id: 1, code: 'BLR', name: 'Bengaluru Central' }, { id: 2, code: 'MUM', name: 'Mumbai Bhiwandi' }],
    agents: [{ id: 9, name: 'Ravi Kumar' }],
    zones: [{ id: 1, name: 'Metro', pincodes: ['560001', '560034'] }, { id: 2, name: 'Extended', pincodes: ['600001'] }],
    windows: [{ start: '7:00 AM', end: '11:00 AM' }],
  };

  it('offers what the server sends, by id (and a window by its start), in its order', () => {
    expect(filterChoices(options, NO_FILTERS)).toEqual({
      warehouse: [{ value: '1', label: 'Bengaluru Central (BLR)' }, { value: '2', label: 'Mumbai Bhiwandi (MUM)' }],
      agent: [{ value: '9', label: 'Ravi Kumar' }],
      zone: [{ value: '1', label: 'Metro (2 pincodes)' }, { value: '2', label: 'Extended (1 pincode)' }],
      window: [{ value: '7:00 AM', label: '7:00 AM – 11:00 AM' }],
    });
  });

  it('keeps a filter of the address that is not offered, by its number, so the list shows what is applied', () => {
    const chosen = filterChoices(options, { ...NO_FILTERS, warehouse: '2', agent: '12', zone: '7', window: '5:00 PM' });
    expect(chosen.warehouse).toHaveLength(2);
    expect(chosen.agent).toEqual([{ value: '9', label: 'Ravi Kumar' }, { value: '12', label: 'Sales agent #12' }]);
    expect(chosen.zone.at(-1)).toEqual({ value: '7', label: 'Zone #7' });
    expect(chosen.window.at(-1)).toEqual({ value: '5:00 PM', label: 'Starts 5:00 PM' });
    expect(filterChoices(NO_OPTIONS, { ...NO_FILTERS, warehouse: '3' }).warehouse).toEqual([{ value: '3', label: 'Warehouse #3' }]);
  });
});

describe('choosing orders', () => {
  it('toggles one order, and all shown orders (none once all are chosen)', () => {
    expect(toggleOne([1, 2], 2)).toEqual([1]);
    expect(toggleOne([1], 3)).toEqual([1, 3]);
    expect(toggleAll([2], [1, 2, 3])).toEqual([2, 1, 3]);
    expect(toggleAll([1, 2, 3], [1, 2, 3])).toEqual([]);
    expect(allState([], [1, 2])).toBe('none');
    expect(allState([1], [1, 2])).toBe('some');
    expect(allState([2, 1], [1, 2])).toBe('all');
  });

  it('says on the button what it does and to how many orders', () => {
    expect(bulkLabel('confirmed', 3)).toBe('Confirm 3 orders');
    expect(bulkLabel('confirmed', 1)).toBe('Confirm 1 order');
    expect(bulkLabel('packed', 2)).toBe('Mark 2 orders packed');
    expect(bulkLabel('out_for_delivery', 4)).toBe('Send 4 orders out for delivery');
  });
});

describe('what a bulk move reports', () => {
  const at = '2026-11-26T05:02:00.000Z'; // 10:32 AM in India
  it('names each refused order, its status, who set it and when', () => {
    expect(refusedText({ id: 9, ordernumber: 'SHOP-9', status: 'packed', message: 'x', set_by: { kind: 'staff', name: 'Meera Iyer', at } })).toBe('Order SHOP-9 was already packed by Meera Iyer at 10:32 AM');
    expect(refusedText({ id: 8, ordernumber: 'SHOP-8', status: 'cancelled', message: 'x', set_by: { kind: 'shopper', name: null, at } })).toBe('Order SHOP-8 was already cancelled by the shopper at 10:32 AM');
    expect(refusedText({ id: 7, ordernumber: null, status: null, message: 'No such order', set_by: null })).toBe('Order #7: No such order');
  });

  it('sums up what moved and what did not', () => {
    const moved = { id: 1, ordernumber: 'SHOP-1', status: 'confirmed' as const, status_at: null };
    expect(movedText('confirmed', { moved: [moved, { ...moved, id: 2 }], refused: [] })).toBe('2 orders confirmed.');
    expect(movedText('packed', { moved: [moved], refused: [{ id: 9, ordernumber: 'SHOP-9', status: 'packed', message: 'x', set_by: null }] })).toBe('1 order marked packed. 1 order was not moved:');
    expect(movedText('out_for_delivery', { moved: [], refused: [] })).toBe('No order was sent out for delivery.');
  });
});
