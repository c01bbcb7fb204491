import { describe, expect, it } from 'vitest';
import { accountMenuLinks } from './account-menu';
import { localizePath } from '../../../lib/i18n/locales';
import { translator } from '../../../lib/i18n/translate';

describe('account menu', () => {
  const t = translator('en');
  const base = { name: 'Asha', email: 'a@example.com', phone: '9876500001', superadmin: false, hasAdminAccess: false, isSalesAgent: false, permissions: [] as string[] };
  const labels = (user: typeof base) => accountMenuLinks(user, t).map((l) => l.label);
  it('gives a shopper Account, Orders, Addresses and Logout', () => expect(labels(base)).toEqual(['Account', 'Orders', 'Addresses', 'Logout']));
  it('adds each admin link only with its flag or permission, in the product\'s order, in a new tab', () => {
    const admin = { ...base, hasAdminAccess: true, permissions: ['website_setting:view', 'pos_access:view'] };
    expect(labels(admin)).toEqual(['Account', 'Orders', 'Addresses', 'Administration', 'Website Settings', 'POS', 'Logout']);
    expect(accountMenuLinks(admin, t).filter((l) => l.newTab).map((l) => l.href)).toEqual(['/bos/admin', '/page-builder', '/pos']);
    expect(labels({ ...base, permissions: ['pos_access:view'] })).toEqual(['Account', 'Orders', 'Addresses', 'POS', 'Logout']);
    expect(labels({ ...base, superadmin: true })).toEqual(['Account', 'Orders', 'Addresses', 'Switch Website', 'Logout']);
  });
  it('speaks Hindi on a Hindi page, keeping the shopper in Hindi and the staff tools and logout where they are', () => {
    const admin = { ...base, hasAdminAccess: true, superadmin: true };
    const links = accountMenuLinks(admin, translator('hi'), (href) => localizePath(href, 'hi'));
    expect(links.map((l) => l.label)).toEqual(['मेरा खाता', 'मेरे ऑर्डर', 'मेरे पते', 'एडमिन', 'वेबसाइट बदलें', 'लॉग आउट करें']);
    expect(links.map((l) => l.href)).toEqual(['/hi/account', '/hi/account/orders', '/hi/account/addresses', '/bos/admin', '/auth/bos/choose', '/auth/logout']);
  });
});
