/**
 * Who may change whose roles, permissions, sales-agent standing and block (docs/back-office-people.md#the-rules):
 * one pure function the API judges every `PUT /s/api/bos/users/{id}` with, inside the transaction that holds the
 * rows it reads, and the user's page asks about each control before offering it. No zod, no I/O.
 */
import { STAFF_PERMISSIONS, type StaffPermission } from './staff-permissions';

/** A user's standing as these rules read it. */
export interface Standing {
  id: number;
  superadmin: boolean;
  has_admin_access: boolean;
  sales_agent: boolean;
  commission_bps: number;
  /** Every permission string on the user (unknown ones included: they are kept as they are). */
  permissions: readonly string[];
  blocked: boolean;
}

/** The most a sales agent's commission may be, in basis points (5000 = 50%). */
export const MAX_COMMISSION_BPS = 5000;

/** What a PUT asks to change; a part left out stays as it is. */
export interface StandingChange {
  superadmin?: boolean;
  has_admin_access?: boolean;
  /** The staff permissions the user holds after the change (unknown strings on the user are kept). */
  permissions?: readonly StaffPermission[];
  sales_agent?: boolean;
  commission_bps?: number;
  blocked?: boolean;
}

/** The parts of a standing a change may touch, in the order they are said. */
const STANDING_PARTS = ['superadmin', 'has_admin_access', 'permissions', 'sales_agent', 'commission_bps', 'blocked'] as const;
export type StandingPart = (typeof STANDING_PARTS)[number];

/** What else the rules need to know, read in the same transaction. */
export interface StandingContext {
  /** Super administrators other than the target who are not blocked. */
  otherActiveSupers: number;
  /** The target's customers as a sales agent, on every website. */
  customers: number;
}

export interface Refusal {
  /** 403: the actor may not do this; 409: the shop's state does not allow it now. */
  status: 403 | 409;
  /** The field of the body it is about, for the form to show it there. */
  field: StandingPart;
  message: string;
}

const isStaffPermission = (p: string): p is StaffPermission => (STAFF_PERMISSIONS as readonly string[]).includes(p);

/** The target's standing after the change: unknown permission strings on the user are kept, in their place first. */
export function applyChange(target: Standing, change: StandingChange): Standing {
  const permissions = change.permissions
    ? [...target.permissions.filter((p) => !isStaffPermission(p)), ...STAFF_PERMISSIONS.filter((p) => change.permissions!.includes(p))]
    : [...target.permissions];
  return {
    ...target,
    superadmin: change.superadmin ?? target.superadmin,
    has_admin_access: change.has_admin_access ?? target.has_admin_access,
    permissions,
    sales_agent: change.sales_agent ?? target.sales_agent,
    commission_bps: change.commission_bps ?? target.commission_bps,
    blocked: change.blocked ?? target.blocked,
  };
}

/** The parts the change really changes (a part sent with its present value is no change). */
export function changedParts(before: Standing, after: Standing): StandingPart[] {
  return STANDING_PARTS.filter((part) => {
    if (part === 'permissions') return before.permissions.length !== after.permissions.length || before.permissions.some((p) => !after.permissions.includes(p));
    return before[part] !== after[part];
  });
}

/** Permissions the change adds, in the list's order. */
const addedPermissions = (before: Standing, after: Standing) => after.permissions.filter((p) => !before.permissions.includes(p));

/** Holds every permission: a super administrator. */
const holds = (actor: Standing, permission: string) => actor.superadmin || actor.permissions.includes(permission);

/** A super administrator who is not blocked: one who can still sign in and run the shop. */
const activeSuper = (s: Standing) => s.superadmin && !s.blocked;

/**
 * Why `actor` may not make `change` to `target`, or null when they may. The rules, first refusal wins:
 * 1. Only a super administrator changes a super administrator's account, or makes or unmakes one.
 * 2. Nobody raises their own standing: no new role, permission, back-office access, sales-agent standing or
 *    commission for themselves; nobody blocks or unblocks themselves. Lowering one's own is allowed.
 * 3. An administrator who is not a super administrator grants only permissions they hold themselves (taking a
 *    permission away is allowed: it raises nobody).
 * 4. The last super administrator who is not blocked cannot be demoted or blocked (409).
 * 5. A sales agent with customers stays one until their customers are given to another agent (409).
 */
export function refusalOf(actor: Standing, target: Standing, change: StandingChange, context: StandingContext): Refusal | null {
  const after = applyChange(target, change);
  const parts = changedParts(target, after);
  if (parts.length === 0) return null;
  const self = actor.id === target.id;

  if (!actor.superadmin && target.superadmin) {
    return { status: 403, field: parts[0]!, message: "Only a super administrator can change a super administrator's account" };
  }
  if (!actor.superadmin && parts.includes('superadmin')) {
    return { status: 403, field: 'superadmin', message: 'Only a super administrator can make someone a super administrator' };
  }
  if (self) {
    if (after.superadmin && !target.superadmin) return { status: 403, field: 'superadmin', message: 'You cannot make yourself a super administrator' };
    if (after.has_admin_access && !target.has_admin_access) return { status: 403, field: 'has_admin_access', message: 'You cannot give yourself back-office access' };
    const added = addedPermissions(target, after);
    if (added.length) return { status: 403, field: 'permissions', message: `You cannot raise your own permissions (${added.join(', ')})` };
    if (after.sales_agent && !target.sales_agent) return { status: 403, field: 'sales_agent', message: 'You cannot make yourself a sales agent' };
    if (parts.includes('commission_bps')) return { status: 403, field: 'commission_bps', message: 'You cannot change your own commission' };
    if (parts.includes('blocked')) return { status: 403, field: 'blocked', message: after.blocked ? 'You cannot block yourself' : 'You cannot unblock yourself' };
  }
  if (!actor.superadmin) {
    const notHeld = addedPermissions(target, after).filter((p) => !holds(actor, p));
    if (notHeld.length) return { status: 403, field: 'permissions', message: `You can grant only permissions you hold yourself: ${notHeld.join(', ')} ${notHeld.length === 1 ? 'is' : 'are'} not yours to give` };
  }
  if (activeSuper(target) && !activeSuper(after) && context.otherActiveSupers === 0) {
    return {
      status: 409,
      field: after.blocked ? 'blocked' : 'superadmin',
      message: `The shop's last super administrator cannot be ${after.blocked ? 'blocked' : 'demoted'}: make someone else a super administrator first`,
    };
  }
  if (target.sales_agent && !after.sales_agent && context.customers > 0) {
    return {
      status: 409,
      field: 'sales_agent',
      message: `${context.customers === 1 ? 'One customer is' : `${context.customers.toLocaleString('en-IN')} customers are`} still assigned to this sales agent: give them to another agent first`,
    };
  }
  return null;
}
