import { pluralWord } from '../../../contract/plural';
import type { User } from '../../../contract/session';
import type { StaffPermission } from '../../../contract/staff-permissions';
import { holdsStaffPermission, isOrderStaff } from '../../../lib/guards';

/** One link of the back office's navigation, as its header draws it. */
export interface BosNavItem {
  label: string;
  href: string;
  /**
   * `page` on the link to the page shown; `true` on its section's link when the page lies below it (an order's
   * page under Orders); absent otherwise.
   */
  current?: 'page' | 'true';
  /** The badge's figure, when something waits there (refunds that need a hand). */
  badge?: number;
  /** The link's name for screen readers when a badge shows: 'Refunds, 3 need a hand' (the figure alone says little). */
  name?: string;
}

/**
 * The back office's sections, in the header's order, each with who may open it (`orders`: order:view or
 * order:manage; else the one permission, as the route guards judge it: contract/staff-permissions.ts).
 */
const SECTIONS: readonly { label: string; href: string; below: string; opens: 'orders' | StaffPermission }[] = [
  { label: 'Orders', href: '/bos/admin', below: '/bos/admin/orders/', opens: 'orders' },
  { label: 'Refunds', href: '/bos/admin/refunds', below: '/bos/admin/refunds/', opens: 'orders' },
  { label: 'Tills', href: '/bos/admin/tills', below: '/bos/admin/tills/', opens: 'order:manage' },
  { label: 'Sales', href: '/bos/admin/sales', below: '/bos/admin/sales/', opens: 'order:manage' },
  { label: 'Products', href: '/bos/admin/products', below: '/bos/admin/products/', opens: 'catalogue:manage' },
  { label: 'Stock', href: '/bos/admin/stock', below: '/bos/admin/stock/', opens: 'catalogue:manage' },
  { label: 'Catalogue', href: '/bos/admin/catalogue', below: '/bos/admin/catalogue/', opens: 'catalogue:manage' },
  { label: 'Coupons', href: '/bos/admin/coupons', below: '/bos/admin/coupons/', opens: 'coupon:manage' },
  { label: 'Delivery', href: '/bos/admin/delivery', below: '/bos/admin/delivery/', opens: 'delivery:manage' },
  { label: 'People', href: '/bos/admin/people', below: '/bos/admin/people/', opens: 'people:manage' },
  { label: 'Audit log', href: '/bos/admin/audit', below: '/bos/admin/audit/', opens: 'people:manage' },
];

const mayOpen = (user: User | null, opens: 'orders' | StaffPermission) => (opens === 'orders' ? isOrderStaff(user) : holdsStaffPermission(user, opens));

/** The first section this user may open: where /bos/admin sends someone who may not run orders. Null: none. */
export function firstBosSection(user: User | null): string | null {
  return SECTIONS.find((section) => mayOpen(user, section.opens))?.href ?? null;
}

/** The page builder's sections (docs/page-builder.md), in its header's order. */
const PAGE_BUILDER_SECTIONS = [
  { label: 'Pages', href: '/page-builder', below: '/page-builder/pages/' },
  { label: 'Website', href: '/page-builder/site', below: '/page-builder/site/' },
  { label: 'Media', href: '/page-builder/media', below: '/page-builder/media/' },
  { label: 'Forms', href: '/page-builder/forms', below: '/page-builder/forms/' },
] as const;

/** The path without its trailing slashes, in lower case, as the route guards judge it. */
const tidy = (path: string) => path.replace(/(.)\/+$/, '$1').toLowerCase();

/**
 * The header's links for the page at `path`: which one is the page shown (or its section), and the refunds' badge
 * with what it says to a screen reader. `needsHand` is null when the figure could not be had: no badge then.
 */
export function bosNav(path: string, needsHand: number | null, user: User | null): BosNavItem[] {
  return sectionLinks(SECTIONS.filter((section) => mayOpen(user, section.opens)), path, needsHand);
}

/** The page builder's header links for the page at `path` (it shares the back office's frame, not its sections). */
export function pageBuilderNav(path: string): BosNavItem[] {
  return sectionLinks(PAGE_BUILDER_SECTIONS, path, null);
}

function sectionLinks(sections: readonly { label: string; href: string; below: string }[], path: string, needsHand: number | null): BosNavItem[] {
  const here = tidy(path);
  return sections.map(({ label, href, below }) => {
    const item: BosNavItem = { label, href };
    if (here === href) item.current = 'page';
    else if (here.startsWith(below)) item.current = 'true';
    if (href === '/bos/admin/refunds' && needsHand !== null && needsHand > 0) {
      item.badge = needsHand;
      item.name = `${label}, ${needsHand.toLocaleString('en-IN')} ${pluralWord(needsHand, 'needs', 'need')} a hand`;
    }
    return item;
  });
}
