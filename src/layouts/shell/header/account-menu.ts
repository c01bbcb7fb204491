import type { User } from '../../../contract/session';
import type { Translate } from '../../../lib/i18n/translate';

export interface MenuLink {
  label: string;
  href: string;
  newTab: boolean;
}

/**
 * The signed-in account menu, exactly as docs/product.md#header lists it: Account, Orders, Addresses; then
 * Administration, Website Settings, POS and Switch Website only for those allowed; then Logout. The words in the
 * page's language (`t`); the shopper's own pages through `localize` (the staff tools and the logout endpoint are in
 * one language only, so their links stay as they are).
 */
export function accountMenuLinks(user: User, t: Translate, localize: (href: string) => string = (href) => href): MenuLink[] {
  const link = (label: string, href: string, newTab = false): MenuLink => ({ label, href, newTab });
  return [
    link(t('shell.myAccount'), localize('/account')),
    link(t('shell.orders'), localize('/account/orders')),
    link(t('shell.addresses'), localize('/account/addresses')),
    ...(user.hasAdminAccess ? [link(t('shell.administration'), '/bos/admin', true)] : []),
    ...(user.permissions.includes('website_setting:view') ? [link(t('shell.websiteSettings'), '/page-builder', true)] : []),
    ...(user.permissions.includes('pos_access:view') ? [link(t('shell.pos'), '/pos', true)] : []),
    ...(user.superadmin ? [link(t('shell.switchWebsite'), '/auth/bos/choose')] : []),
    link(t('shell.logout'), '/auth/logout'),
  ];
}
