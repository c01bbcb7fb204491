import type { User } from '../../../contract/session';

export interface MenuLink {
  label: string;
  href: string;
  newTab: boolean;
}

/**
 * The signed-in account menu, exactly as docs/product.md#header lists it: Account, Orders, Addresses; then
 * Administration, Website Settings, POS and Switch Website only for those allowed; then Logout.
 */
export function accountMenuLinks(user: User): MenuLink[] {
  const link = (label: string, href: string, newTab = false): MenuLink => ({ label, href, newTab });
  return [
    link('Account', '/account'),
    link('Orders', '/account/orders'),
    link('Addresses', '/account/addresses'),
    ...(user.hasAdminAccess ? [link('Administration', '/bos/admin', true)] : []),
    ...(user.permissions.includes('website_setting:view') ? [link('Website Settings', '/page-builder', true)] : []),
    ...(user.permissions.includes('pos_access:view') ? [link('POS', '/pos', true)] : []),
    ...(user.superadmin ? [link('Switch Website', '/auth/bos/choose')] : []),
    link('Logout', '/auth/logout'),
  ];
}
