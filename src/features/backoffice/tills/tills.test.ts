import { describe, expect, it } from 'vitest';
import { differenceText, readTillsQuery, rupees, takings, tillsApiQuery, tillsHref } from './tills';

describe('the tills screen', () => {
  it('reads the address, keeping only what the API takes, and writes it back without the defaults', () => {
    expect(readTillsQuery(new URLSearchParams('status=closed&date=2026-11-27&page=2'))).toEqual({ status: 'closed', date: '2026-11-27', page: 2 });
    expect(readTillsQuery(new URLSearchParams('status=gone&date=2026-02-30&page=-1'))).toEqual({ status: '', date: '', page: 1 });
    expect(tillsHref({ status: '', date: '', page: 1 })).toBe('/bos/admin/tills');
    expect(tillsHref({ status: 'open', date: '2026-11-27', page: 3 })).toBe('/bos/admin/tills?status=open&date=2026-11-27&page=3');
    expect(tillsApiQuery({ status: '', date: '2026-11-27', page: 1 })).toEqual({ perPage: 20, page: 1, date: '2026-11-27' });
  });

  it("says the drawer's difference and adds up the takings in paise", () => {
    expect(differenceText({ difference: -10 })).toEqual({ text: '₹10.00 short', tone: 'short' });
    expect(differenceText({ difference: 2.5 })).toEqual({ text: '₹2.50 over', tone: 'over' });
    expect(differenceText({ difference: 0 })).toEqual({ text: 'Exact', tone: 'exact' });
    expect(rupees(-1250)).toBe('−₹1,250.00');
    const t = takings({ by_mode: [{ mode: 'cash', sales: 0.1, refunds: 0, net: 0.1 }, { mode: 'upi', sales: 0.2, refunds: 0, net: 0.2 }, { mode: 'card', sales: 100, refunds: 40.05, net: 59.95 }] });
    expect(t.rows.map((r) => r.mode)).toEqual(['Cash', 'UPI', 'Card']);
    expect(t.total).toEqual({ sales: 100.3, refunds: 40.05, net: 60.25 });
  });
});
