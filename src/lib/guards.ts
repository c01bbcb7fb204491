import type { User } from '../contract/session';
import { BOS_SECTIONS, BOS_PERMISSIONS, type StaffPermission } from '../contract/staff-permissions';
import { safeReturnPath } from './redirect';

/** The session-storage key of the path to return to after sign-in (docs/product.md#routes). */
export const REDIRECT_KEY = 'redirectAfterLogin';

interface RouteFlags {
  /** Login required (route flag auth). */
  auth?: boolean;
  /** Sales agents only (route flag agent). */
  agent?: boolean;
  superadmin?: boolean;
  /** Staff who run orders: hasAdminAccess with order:view or order:manage (a super administrator has every permission). */
  orderStaff?: boolean;
  /** Marketers: website_setting:view (website_setting:edit to change anything; the API judges that). */
  websiteStaff?: boolean;
  /** A back-office section of its own (products, coupons, delivery, people): an administrator holding this permission. */
  staffPermission?: StaffPermission;
  /** The back office's front door (/bos/admin): an administrator holding any of its permissions (the page sends each to their first section). */
  backOffice?: boolean;
  /** The point of sale (/pos): holders of pos_access:view, as the POS calls are (a super administrator holds every permission). */
  pos?: boolean;
  /** Sign-in screens: a signed-in user has nothing to do there. */
  guestOnly?: boolean;
}

/** The route flags of docs/product.md#routes, by normalised path; the first match wins. */
const FLAGS: [RegExp, RouteFlags][] = [
  ...BOS_SECTIONS.map(([prefix, permission]): [RegExp, RouteFlags] => [new RegExp(`^/bos/admin/${prefix}(/|$)`), { auth: true, staffPermission: permission }]),
  [/^\/bos\/admin\/?$/, { auth: true, backOffice: true }],
  [/^\/bos\/admin(\/|$)/, { auth: true, orderStaff: true }],
  [/^\/page-builder(\/|$)/, { auth: true, websiteStaff: true }],
  [/^\/pos(\/|$)/, { auth: true, pos: true }],
  [/^\/account\/dashboard(\/|$)/, { auth: true, agent: true }],
  [/^\/(account|checkout|order)(\/|$)/, { auth: true }],
  [/^\/auth\/bos(\/|$)/, { auth: true, superadmin: true }],
  [/^\/auth\/(login|verify|register)(\/|$)/, { guestOnly: true }],
];

/**
 * The path a guard should judge: percent-decoded until it stops changing (double encoding included), dot
 * segments resolved, repeated and trailing slashes dropped, lower case. Null when it cannot be decoded:
 * the caller refuses such a request rather than guessing.
 */
export function normalizePath(raw: string): string | null {
  let path = raw;
  for (let i = 0; i < 5; i++) {
    let decoded: string;
    try {
      decoded = decodeURIComponent(path);
    } catch {
      return null;
    }
    if (decoded === path) break;
    path = decoded;
  }
  if (/[\u0000-\u001f]/.test(path)) return null;
  const resolved = new URL(path.replace(/\\/g, '/').replace(/\/{2,}/g, '/'), 'http://guard.invalid').pathname;
  return resolved.replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1').toLowerCase();
}

const flagsFor = (path: string): RouteFlags => FLAGS.find(([pattern]) => pattern.test(path))?.[1] ?? {};

export type Verdict = { redirect: string } | { forbidden: true } | { badRequest: true } | null;

/**
 * What the guard does for a request: nothing (null), a redirect, a 403 or a 400. `wanted` is the full path
 * and query the shopper asked for, kept for after sign-in.
 */
export function guard(rawPath: string, wanted: string, user: User | null): Verdict {
  const path = normalizePath(rawPath);
  if (path === null) return { badRequest: true };
  const flags = flagsFor(path);
  if (flags.guestOnly && user) {
    // Already signed in: go where the sign-in would have led, else to the account.
    const saved = new URLSearchParams(wanted.split('?')[1] ?? '').get('redirect');
    return { redirect: saved ? afterSignIn(saved) : '/account' };
  }
  // The wanted path rides along in the URL (and the page saves it in session storage): docs/product.md#routes.
  const keep = `?redirect=${encodeURIComponent(safeReturnPath(wanted, '/'))}`;
  if (flags.auth && !user) return { redirect: `/auth/login${keep}` };
  if (flags.agent && !user?.isSalesAgent) return { redirect: `/account/orders${keep}` };
  if (flags.superadmin && !user?.superadmin) return { forbidden: true };
  if (flags.orderStaff && !isOrderStaff(user)) return { forbidden: true };
  if (flags.websiteStaff && !canViewWebsite(user)) return { forbidden: true };
  if (flags.pos && !canUsePos(user)) return { forbidden: true };
  if (flags.staffPermission && !holdsStaffPermission(user, flags.staffPermission)) return { forbidden: true };
  if (flags.backOffice && !BOS_PERMISSIONS.some((permission) => holdsStaffPermission(user, permission))) return { forbidden: true };
  return null;
}

/** An administrator (or a super administrator, who holds every permission) holding this back-office permission. */
export function holdsStaffPermission(user: User | null, permission: string): boolean {
  if (!user) return false;
  if (user.superadmin) return true;
  return user.hasAdminAccess && user.permissions.includes(permission);
}

/** May this user open the back office's orders: an administrator holding order:view or order:manage, or a super administrator. */
export function isOrderStaff(user: User | null): boolean {
  if (!user) return false;
  if (user.superadmin) return true;
  return user.hasAdminAccess && (user.permissions.includes('order:view') || user.permissions.includes('order:manage'));
}

/** May this user open the page builder: website_setting:view (the header's Website Settings link), or a super administrator. */
export function canViewWebsite(user: User | null): boolean {
  return !!user && (user.superadmin || user.permissions.includes('website_setting:view'));
}

/** May this user use the point of sale (/pos, the header's POS link): pos_access:view, or a super administrator. */
function canUsePos(user: User | null): boolean {
  return !!user && (user.superadmin || user.permissions.includes('pos_access:view'));
}

/** May this user change the website (save, publish, upload, restore, delete): website_setting:edit, or a super administrator. */
export function canEditWebsite(user: User | null): boolean {
  return !!user && (user.superadmin || user.permissions.includes('website_setting:edit'));
}

/** Where to go after sign-in: a saved path of this site, never the sign-in screens themselves; else /. */
export function afterSignIn(candidate: unknown): string {
  const path = safeReturnPath(candidate, '/');
  const normalised = normalizePath(path.split(/[?#]/)[0]!);
  if (normalised === null || /^\/auth(\/|$)/.test(normalised)) return '/';
  return path;
}
