import { describe, expect, it } from 'vitest';
import { accountMenuLinks } from '../../src/layouts/shell/header/account-menu';
import { categoryHref, searchHref } from '../../src/lib/links';
import { linkTarget } from '../../src/contract/safe-url';

describe('slide link rules (spec section 2, Carousels)', () => {
  it('opens a path starting with / in the same tab', () => expect(linkTarget('/offers')).toEqual({ href: '/offers', external: false }));
  it('opens http and https addresses in a new tab', () => {
    expect(linkTarget('https://example.com/sale')).toEqual({ href: 'https://example.com/sale', external: true });
    expect(linkTarget('HTTP://example.com')).toEqual({ href: 'http://example.com/', external: true });
  });
  it('gives www addresses https and a new tab', () => expect(linkTarget(' www.example.com/sale')).toEqual({ href: 'https://www.example.com/sale', external: true }));
  it('ignores anything else', () => {
    for (const link of ['javascript:alert(1)', '  JaVa\tScRiPt:alert(1)', 'www.\tjavascript:x', 'mailto:a@b.c', 'offers', '//evil.example', '/\\evil.example', '', null, undefined, 'data:text/html,x', 'https://']) {
      expect(linkTarget(link), String(link)).toBeNull();
    }
  });
});

describe('search and category links (spec section 2, Header)', () => {
  it('trims the search text and goes to /products?q=', () => {
    expect(searchHref('  basmati rice ')).toBe('/products?q=basmati%20rice');
    expect(searchHref('   ')).toBe('/products');
  });
  it('links categories by slug, comma-separated for the filter dialog', () => {
    expect(categoryHref('staples')).toBe('/products?c=staples');
    expect(categoryHref(['dairy-bakery', 'beverages'])).toBe('/products?c=dairy-bakery,beverages');
    expect(categoryHref([])).toBe('/products');
  });
});

describe('account menu (spec section 2)', () => {
  const base = { name: 'Asha', email: 'a@example.com', phone: '9876500001', superadmin: false, hasAdminAccess: false, isSalesAgent: false, permissions: [] as string[] };
  const labels = (user: typeof base) => accountMenuLinks(user).map((l) => l.label);
  it('gives a shopper Account, Orders, Addresses and Logout', () => expect(labels(base)).toEqual(['Account', 'Orders', 'Addresses', 'Logout']));
  it('adds each admin link only with its flag or permission, in the spec order, in a new tab', () => {
    const admin = { ...base, hasAdminAccess: true, permissions: ['website_setting:view', 'pos_access:view'] };
    expect(labels(admin)).toEqual(['Account', 'Orders', 'Addresses', 'Administration', 'Website Settings', 'POS', 'Logout']);
    expect(accountMenuLinks(admin).filter((l) => l.newTab).map((l) => l.href)).toEqual(['/bos/admin', '/page-builder', '/pos']);
    expect(labels({ ...base, permissions: ['pos_access:view'] })).toEqual(['Account', 'Orders', 'Addresses', 'POS', 'Logout']);
    expect(labels({ ...base, superadmin: true })).toEqual(['Account', 'Orders', 'Addresses', 'Switch Website', 'Logout']);
  });
});
