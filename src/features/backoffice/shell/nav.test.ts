import { describe, expect, it } from 'vitest';
import { bosNav, pageBuilderNav } from './nav';

describe('the back office header\'s links', () => {
  it('marks the page shown as the current page, and a page below a section as within it', () => {
    const current = (path: string) => bosNav(path, 0).map((item) => [item.label, item.current ?? null]);
    expect(current('/bos/admin')).toEqual([['Orders', 'page'], ['Refunds', null]]);
    expect(current('/bos/admin/')).toEqual([['Orders', 'page'], ['Refunds', null]]);
    expect(current('/bos/admin/refunds')).toEqual([['Orders', null], ['Refunds', 'page']]);
    expect(current('/BOS/Admin/Refunds/')).toEqual([['Orders', null], ['Refunds', 'page']]);
    expect(current('/bos/admin/orders/42')).toEqual([['Orders', 'true'], ['Refunds', null]]);
    // A path that only starts like a section is none of them.
    expect(current('/bos/admin/ordersx')).toEqual([['Orders', null], ['Refunds', null]]);
    expect(current('/bos/admin/refundsx')).toEqual([['Orders', null], ['Refunds', null]]);
  });

  it('gives Refunds a badge with what it says to a screen reader only when some need a hand', () => {
    const refunds = (n: number | null) => bosNav('/bos/admin', n)[1]!;
    expect(refunds(3)).toMatchObject({ label: 'Refunds', href: '/bos/admin/refunds', badge: 3, name: 'Refunds, 3 need a hand' });
    expect(refunds(1)).toMatchObject({ badge: 1, name: 'Refunds, 1 needs a hand' });
    expect(refunds(1200)).toMatchObject({ badge: 1200, name: 'Refunds, 1,200 need a hand' });
    for (const none of [0, null]) {
      expect(refunds(none).badge).toBeUndefined();
      expect(refunds(none).name).toBeUndefined();
    }
    expect(bosNav('/bos/admin', 5)[0]!.badge).toBeUndefined();
  });

  it('gives the page builder its own sections, the editor under Pages', () => {
    const current = (path: string) => pageBuilderNav(path).map((item) => [item.label, item.current ?? null]);
    expect(current('/page-builder')).toEqual([['Pages', 'page'], ['Website', null], ['Media', null], ['Forms', null]]);
    expect(current('/page-builder/pages/12')).toEqual([['Pages', 'true'], ['Website', null], ['Media', null], ['Forms', null]]);
    expect(current('/page-builder/media/')).toEqual([['Pages', null], ['Website', null], ['Media', 'page'], ['Forms', null]]);
    expect(pageBuilderNav('/page-builder').some((item) => item.badge !== undefined)).toBe(false);
  });
});
