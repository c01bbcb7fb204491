import { describe, expect, it } from 'vitest';
import type { User } from '../../../contract';
import { bosNav, firstBosSection, pageBuilderNav } from './nav';

const staff = (permissions: string[], flags: Partial<User> = {}): User => ({ name: 'A', email: 'a@example.com', phone: '9876500003', superadmin: false, hasAdminAccess: true, isSalesAgent: false, permissions, ...flags });
const orders = staff(['order:manage']);

describe('the back office header\'s links', () => {
  it('marks the page shown as the current page, and a page below a section as within it', () => {
    const current = (path: string) => bosNav(path, 0, orders).map((item) => [item.label, item.current ?? null]);
    const none = [['Tills', null], ['Sales', null]];
    expect(current('/bos/admin')).toEqual([['Orders', 'page'], ['Refunds', null], ...none]);
    expect(current('/bos/admin/')).toEqual([['Orders', 'page'], ['Refunds', null], ...none]);
    expect(current('/bos/admin/refunds')).toEqual([['Orders', null], ['Refunds', 'page'], ...none]);
    expect(current('/BOS/Admin/Refunds/')).toEqual([['Orders', null], ['Refunds', 'page'], ...none]);
    expect(current('/bos/admin/orders/42')).toEqual([['Orders', 'true'], ['Refunds', null], ...none]);
    expect(current('/bos/admin/tills/7')).toEqual([['Orders', null], ['Refunds', null], ['Tills', 'true'], ['Sales', null]]);
    expect(current('/bos/admin/sales')).toEqual([['Orders', null], ['Refunds', null], ['Tills', null], ['Sales', 'page']]);
    // A path that only starts like a section is none of them.
    expect(current('/bos/admin/ordersx')).toEqual([['Orders', null], ['Refunds', null], ...none]);
    expect(current('/bos/admin/refundsx')).toEqual([['Orders', null], ['Refunds', null], ...none]);
  });

  it('gives Refunds a badge with what it says to a screen reader only when some need a hand', () => {
    const refunds = (n: number | null) => bosNav('/bos/admin', n, orders)[1]!;
    expect(refunds(3)).toMatchObject({ label: 'Refunds', href: '/bos/admin/refunds', badge: 3, name: 'Refunds, 3 need a hand' });
    expect(refunds(1)).toMatchObject({ badge: 1, name: 'Refunds, 1 needs a hand' });
    expect(refunds(1200)).toMatchObject({ badge: 1200, name: 'Refunds, 1,200 need a hand' });
    for (const none of [0, null]) {
      expect(refunds(none).badge).toBeUndefined();
      expect(refunds(none).name).toBeUndefined();
    }
    expect(bosNav('/bos/admin', 5, orders)[0]!.badge).toBeUndefined();
  });

  it('shows each person only the sections their permissions open, and sends them to the first one', () => {
    const labels = (user: User) => bosNav('/bos/admin/products', null, user).map((item) => item.label);
    expect(labels(staff(['catalogue:manage']))).toEqual(['Products', 'Stock', 'Catalogue']);
    expect(labels(staff(['coupon:manage', 'people:manage']))).toEqual(['Coupons', 'People', 'Audit log']);
    // The tills and the sales figures need order:manage: order:view alone has orders and refunds only.
    expect(labels(staff(['order:view']))).toEqual(['Orders', 'Refunds']);
    expect(labels(staff([], { superadmin: true, hasAdminAccess: false }))).toEqual(['Orders', 'Refunds', 'Tills', 'Sales', 'Products', 'Stock', 'Catalogue', 'Coupons', 'Delivery', 'People', 'Audit log']);
    // A permission on someone who is not an administrator opens nothing.
    expect(labels(staff(['catalogue:manage'], { hasAdminAccess: false }))).toEqual([]);
    expect(bosNav('/bos/admin/products/7', null, staff(['catalogue:manage']))[0]).toMatchObject({ label: 'Products', current: 'true' });
    expect(firstBosSection(staff(['delivery:manage']))).toBe('/bos/admin/delivery');
    expect(firstBosSection(orders)).toBe('/bos/admin');
    expect(firstBosSection(staff(['website_setting:view']))).toBeNull();
  });

  it('gives the page builder its own sections, the editor under Pages', () => {
    const current = (path: string) => pageBuilderNav(path).map((item) => [item.label, item.current ?? null]);
    expect(current('/page-builder')).toEqual([['Pages', 'page'], ['Website', null], ['Media', null], ['Forms', null]]);
    expect(current('/page-builder/pages/12')).toEqual([['Pages', 'true'], ['Website', null], ['Media', null], ['Forms', null]]);
    expect(current('/page-builder/media/')).toEqual([['Pages', null], ['Website', null], ['Media', 'page'], ['Forms', null]]);
    expect(pageBuilderNav('/page-builder').some((item) => item.badge !== undefined)).toBe(false);
  });
});
