import { describe, expect, it } from 'vitest';
import { collectText, dayTitle, packingSlipsHref, pickListHref, printQuery, windowText } from './print';

const NONE = { date: '', window: '', warehouse: '' };

describe('the printouts of the queue', () => {
  it('prints the pick list of the queue\'s date, window and warehouse, or of today', () => {
    expect(pickListHref({ date: '2026-11-28', window: '7:00 AM', warehouse: '2' }, '2026-11-26')).toBe('/bos/admin/print/pick-list?date=2026-11-28&window=7%3A00+AM&warehouse=2');
    expect(pickListHref(NONE, '2026-11-26')).toBe('/bos/admin/print/pick-list?date=2026-11-26');
  });

  it('prints the slips of the chosen orders, else of the day the queue shows', () => {
    expect(packingSlipsHref({ date: '2026-11-28', window: '', warehouse: '' }, '2026-11-26', [4, 9])).toBe('/bos/admin/print/packing-slips?ids=4,9');
    expect(packingSlipsHref({ date: '2026-11-28', window: '', warehouse: '3' }, '2026-11-26', [])).toBe('/bos/admin/print/packing-slips?date=2026-11-28&warehouse=3');
    const many = Array.from({ length: 250 }, (_, i) => i + 1);
    expect(packingSlipsHref(NONE, '2026-11-26', many).split(',')).toHaveLength(200);
  });

  it('passes the address on as given, with today when it names no day', () => {
    expect(printQuery(new URLSearchParams('date=bad&window=7:00 AM&x=1'), '2026-11-26', false)).toEqual({ date: 'bad', window: '7:00 AM' });
    expect(printQuery(new URLSearchParams('ids=1,2'), '2026-11-26', true)).toEqual({ ids: '1,2' });
    expect(printQuery(new URLSearchParams('ids=1,2'), '2026-11-26', false)).toEqual({ date: '2026-11-26' });
    expect(printQuery(new URLSearchParams(''), '2026-11-26', true)).toEqual({ date: '2026-11-26' });
  });

  it('says what to collect at the door and when to deliver', () => {
    expect(collectText({ payment_method: 'cod', collect_paise: 45_050 })).toBe('Collect ₹450.50 in cash');
    expect(collectText({ payment_method: 'razorpay', collect_paise: 0 })).toBe('Paid online: nothing to collect');
    expect(collectText({ payment_method: 'cod', collect_paise: 0 })).toBe('Nothing to collect');
    expect(windowText({ date: '2026-11-28', start: '7:00 AM', end: '11:00 AM' })).toBe('Nov 28, 2026, 7:00 AM – 11:00 AM');
    expect(windowText({ date: null, start: null, end: null })).toBe('No delivery window');
    expect(dayTitle({ date: '2026-11-28', window: null, warehouse: { code: 'BLR', name: 'Bengaluru' } })).toBe('Nov 28, 2026 · every window · Bengaluru (BLR)');
  });
});
