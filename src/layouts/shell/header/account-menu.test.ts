import { describe, expect, it } from 'vitest';
import { accountMenuLinks } from './account-menu';

describe('account menu', () => {
  const base = { name: 'Asha', email: 'a@example.com', phone: '9876500001', superadmin: false, hasAdminAccess: false, isSalesAgent: false, permissions: [] as string[] };
  const labels = (user: typeof base) => accountMenuLinks(user).map((l) => l.label);
  it('gives a shopper Account, Orders, Addresses and Logout', () => expect(labels(base)).toEqual(['Account', 'Orders', 'Addresses', 'Logout']));
  it('adds each admin link only with its flag or permission, in the product\'s order, in a new tab', () => {
    const admin = { ...base, hasAdminAccess: true, permissions: ['website_setting:view', 'pos_access:view'] };
    expect(labels(admin)).toEqual(['Account', 'Orders', 'Addresses', 'Administration', 'Website Settings', 'POS', 'Logout']);
    expect(accountMenuLinks(admin).filter((l) => l.newTab).map((l) => l.href)).toEqual(['/bos/admin', '/page-builder', '/pos']);
    expect(labels({ ...base, permissions: ['pos_access:view'] })).toEqual(['Account', 'Orders', 'Addresses', 'POS', 'Logout']);
    expect(labels({ ...base, superadmin: true })).toEqual(['Account', 'Orders', 'Addresses', 'Switch Website', 'Logout']);
  });
});
