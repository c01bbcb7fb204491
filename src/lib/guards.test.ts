import { describe, expect, it } from 'vitest';
import type { User } from '../contract';
import { afterSignIn, canEditWebsite, guard, normalizePath } from './guards';

const user = (flags: Partial<User> = {}): User => ({ name: 'A', email: 'a@example.com', phone: '9876500001', superadmin: false, hasAdminAccess: false, isSalesAgent: false, permissions: [], ...flags });
const GUARDED = ['/checkout', '/checkout/razorpay/12', '/order/success/A1', '/account', '/account/orders', '/account/orders/5', '/account/addresses', '/account/details', '/account/wishlist', '/account/dashboard'];

/** Ways to write a path that a naive prefix check would miss. */
function variants(path: string): string[] {
  const first = path[1]!;
  const hex = first.charCodeAt(0).toString(16);
  return [
    path,
    path.toUpperCase(),
    `/%${hex}${path.slice(2)}`,
    `/%25${hex}${path.slice(2)}`,
    `/%2525${hex}${path.slice(2)}`,
    `//${path.slice(1)}`,
    `${path}/`,
    `/x/..${path}`,
    `/./${path.slice(1)}`,
    `/x/%2e%2e${path}`,
    path.replace(/\//g, '%2F'),
    `\\${path.slice(1)}`,
  ];
}

describe('route guards (deny by default after normalising)', () => {
  it('sends a visitor to /auth/login from every guarded path, however it is encoded, keeping the wanted path', () => {
    for (const path of GUARDED) {
      for (const variant of variants(path)) {
        const verdict = guard(variant, `${variant}?x=1`, null);
        expect(verdict, variant).toMatchObject({ redirect: expect.stringMatching(/^\/auth\/login\?redirect=/) });
      }
    }
    expect(guard('/checkout', '/checkout?step=2', null)).toEqual({ redirect: '/auth/login?redirect=%2Fcheckout%3Fstep%3D2' });
  });

  it('lets a signed-in user through to auth routes, and sends a non-agent from the dashboard to /account/orders', () => {
    for (const path of GUARDED.filter((p) => !p.startsWith('/account/dashboard'))) expect(guard(path, path, user()), path).toBeNull();
    for (const variant of variants('/account/dashboard')) expect(guard(variant, variant, user()), variant).toMatchObject({ redirect: expect.stringMatching(/^\/account\/orders\?redirect=/) });
    // The wanted path is saved the same way as for sign-in (docs/product.md#routes).
    expect(guard('/account/dashboard', '/account/dashboard?week=2', user())).toEqual({ redirect: '/account/orders?redirect=%2Faccount%2Fdashboard%3Fweek%3D2' });
    expect(guard('/account/dashboard', '/account/dashboard', user({ isSalesAgent: true }))).toBeNull();
  });

  it('keeps website switching to super administrators, and signed-in users off the sign-in screens', () => {
    expect(guard('/auth/bos/choose', '/auth/bos/choose', user({ hasAdminAccess: true }))).toEqual({ forbidden: true });
    expect(guard('/auth/bos/create', '/auth/bos/create', user({ superadmin: true }))).toBeNull();
    expect(guard('/auth/bos/choose', '/auth/bos/choose', null)).toMatchObject({ redirect: expect.stringMatching(/^\/auth\/login/) });
    expect(guard('/auth/login', '/auth/login', user())).toEqual({ redirect: '/account' });
    expect(guard('/auth/login', '/auth/login?redirect=%2Fcheckout', user())).toEqual({ redirect: '/checkout' });
    expect(guard('/auth/login', '/auth/login?redirect=%2F%2Fevil.example', user())).toEqual({ redirect: '/' });
    expect(guard('/auth/login', '/auth/login', null)).toBeNull();
    expect(guard('/products', '/products', null)).toBeNull();
    expect(guard('/', '/', null)).toBeNull();
  });

  it('keeps the back office to administrators who may see orders: sign-in first, then a 403 for anyone else', () => {
    for (const variant of variants('/bos/admin')) expect(guard(variant, variant, null), variant).toMatchObject({ redirect: expect.stringMatching(/^\/auth\/login\?redirect=/) });
    expect(guard('/bos/admin/orders/7', '/bos/admin/orders/7', null)).toEqual({ redirect: '/auth/login?redirect=%2Fbos%2Fadmin%2Forders%2F7' });
    expect(guard('/bos/admin', '/bos/admin?tab=to_pack', null)).toEqual({ redirect: '/auth/login?redirect=%2Fbos%2Fadmin%3Ftab%3Dto_pack' });
    for (const variant of variants('/bos/admin')) {
      expect(guard(variant, variant, user()), variant).toEqual({ forbidden: true });
      expect(guard(variant, variant, user({ isSalesAgent: true, permissions: ['order:manage'] })), variant).toEqual({ forbidden: true });
      expect(guard(variant, variant, user({ hasAdminAccess: true, permissions: ['website_setting:view'] })), variant).toEqual({ forbidden: true });
    }
    expect(guard('/bos/admin', '/bos/admin', user({ hasAdminAccess: true, permissions: ['order:view'] }))).toBeNull();
    expect(guard('/bos/admin/orders/7', '/bos/admin/orders/7', user({ hasAdminAccess: true, permissions: ['order:manage'] }))).toBeNull();
    expect(guard('/bos/admin', '/bos/admin', user({ superadmin: true }))).toBeNull();
  });

  it('opens each back-office section to administrators holding its permission, and /bos/admin to any of them', () => {
    const catalogue = user({ hasAdminAccess: true, permissions: ['catalogue:manage'] });
    const orders = user({ hasAdminAccess: true, permissions: ['order:view'] });
    for (const variant of variants('/bos/admin/products')) {
      expect(guard(variant, variant, null), variant).toMatchObject({ redirect: expect.stringMatching(/^\/auth\/login\?redirect=/) });
      expect(guard(variant, variant, orders), variant).toEqual({ forbidden: true });
      expect(guard(variant, variant, catalogue), variant).toBeNull();
    }
    expect(guard('/bos/admin/products/12', '/bos/admin/products/12', catalogue)).toBeNull();
    expect(guard('/bos/admin/coupons', '/bos/admin/coupons', catalogue)).toEqual({ forbidden: true });
    expect(guard('/bos/admin/people', '/bos/admin/people', user({ hasAdminAccess: true, permissions: ['people:manage'] }))).toBeNull();
    expect(guard('/bos/admin/audit', '/bos/admin/audit', user({ superadmin: true }))).toBeNull();
    // Not an administrator: the permission alone opens nothing.
    expect(guard('/bos/admin/products', '/bos/admin/products', user({ permissions: ['catalogue:manage'] }))).toEqual({ forbidden: true });
    // The front door lets in anyone with a section (its page sends them on); the orders' own pages stay the order staff's.
    expect(guard('/bos/admin', '/bos/admin', catalogue)).toBeNull();
    expect(guard('/bos/admin/refunds', '/bos/admin/refunds', catalogue)).toEqual({ forbidden: true });
    expect(guard('/bos/admin/orders/3', '/bos/admin/orders/3', catalogue)).toEqual({ forbidden: true });
    expect(guard('/bos/admin', '/bos/admin', user({ hasAdminAccess: true, permissions: ['website_setting:view'] }))).toEqual({ forbidden: true });
  });

  it('opens the point of sale to holders of pos_access:view: sign-in first, then a 403 for anyone else', () => {
    for (const variant of variants('/pos')) expect(guard(variant, variant, null), variant).toMatchObject({ redirect: expect.stringMatching(/^\/auth\/login\?redirect=/) });
    expect(guard('/pos', '/pos', null)).toEqual({ redirect: '/auth/login?redirect=%2Fpos' });
    for (const variant of variants('/pos')) {
      expect(guard(variant, variant, user()), variant).toEqual({ forbidden: true });
      expect(guard(variant, variant, user({ hasAdminAccess: true, permissions: ['order:manage'] })), variant).toEqual({ forbidden: true });
    }
    expect(guard('/pos', '/pos', user({ permissions: ['pos_access:view'] }))).toBeNull();
    expect(guard('/pos', '/pos', user({ superadmin: true }))).toBeNull();
    expect(guard('/positions', '/positions', null)).toBeNull();
  });

  it('opens the page builder to holders of website_setting:view: sign-in first, then a 403 for anyone else', () => {
    for (const variant of variants('/page-builder')) expect(guard(variant, variant, null), variant).toMatchObject({ redirect: expect.stringMatching(/^\/auth\/login\?redirect=/) });
    expect(guard('/page-builder/pages/3', '/page-builder/pages/3', null)).toEqual({ redirect: '/auth/login?redirect=%2Fpage-builder%2Fpages%2F3' });
    for (const variant of variants('/page-builder')) {
      expect(guard(variant, variant, user()), variant).toEqual({ forbidden: true });
      expect(guard(variant, variant, user({ hasAdminAccess: true, permissions: ['order:manage'] })), variant).toEqual({ forbidden: true });
    }
    expect(guard('/page-builder', '/page-builder', user({ permissions: ['website_setting:view'] }))).toBeNull();
    expect(guard('/page-builder/media', '/page-builder/media', user({ superadmin: true }))).toBeNull();
    expect(canEditWebsite(user({ permissions: ['website_setting:view'] }))).toBe(false);
    expect(canEditWebsite(user({ permissions: ['website_setting:view', 'website_setting:edit'] }))).toBe(true);
    expect(canEditWebsite(user({ superadmin: true }))).toBe(true);
  });

  it('refuses paths that cannot be decoded', () => {
    expect(guard('/%E0%A4%A', '/', null)).toEqual({ badRequest: true });
    expect(guard('/account%00', '/', null)).toEqual({ badRequest: true });
    expect(normalizePath('/Account//Orders/')).toBe('/account/orders');
  });
});

describe('afterSignIn', () => {
  it('follows a path of this site', () => {
    expect(afterSignIn('/checkout')).toBe('/checkout');
    expect(afterSignIn('/products?c=staples')).toBe('/products?c=staples');
  });
  it('falls back to / for anything else, and never returns to the sign-in screens', () => {
    for (const bad of ['/.//evil.example', 'https://evil.example', '//evil.example', '/\\evil.example', ' //evil.example', '\t/\\evil', 'javascript:alert(1)', '%2F%2Fevil.example', '/%2F/evil.example', '/auth/login', '/auth/verify?x=1', '/%61uth/login', '', null]) {
      const target = afterSignIn(bad);
      expect(new URL(target, 'http://shop.example').origin, String(bad)).toBe('http://shop.example');
      expect(target.startsWith('/auth'), String(bad)).toBe(false);
    }
  });
});
