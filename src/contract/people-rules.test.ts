import { describe, expect, it } from 'vitest';
import { applyChange, changedParts, refusalOf, type Standing, type StandingChange } from './people-rules';

const standing = (id: number, over: Partial<Standing> = {}): Standing => ({
  id,
  superadmin: false,
  has_admin_access: false,
  sales_agent: false,
  commission_bps: 200,
  permissions: [],
  blocked: false,
  ...over,
});

const admin = standing(1, { has_admin_access: true, permissions: ['people:manage', 'catalogue:manage'] });
const root = standing(2, { superadmin: true, has_admin_access: true });
const shopper = standing(3);
const plenty = { otherActiveSupers: 2, customers: 0 };
const verdict = (actor: Standing, target: Standing, change: StandingChange, context = plenty) => {
  const refusal = refusalOf(actor, target, change, context);
  return refusal && `${refusal.status} ${refusal.field}: ${refusal.message}`;
};

describe('applying a change', () => {
  it('keeps permission strings the list does not know, and orders the known ones as the list does', () => {
    const after = applyChange(standing(5, { permissions: ['legacy:x', 'order:view'] }), { permissions: ['people:manage', 'order:manage'] });
    expect(after.permissions).toEqual(['legacy:x', 'order:manage', 'people:manage']);
  });

  it('leaves out what the change does not name, and a part sent as it is is no change', () => {
    const target = standing(5, { has_admin_access: true, permissions: ['order:view'] });
    const after = applyChange(target, { has_admin_access: true, permissions: ['order:view'], commission_bps: 200 });
    expect(after).toEqual(target);
    expect(changedParts(target, after)).toEqual([]);
    expect(changedParts(target, applyChange(target, { permissions: [], blocked: true }))).toEqual(['permissions', 'blocked']);
  });
});

describe('who may change whose standing', () => {
  it('lets an administrator grant what they hold, give back-office access, make agents and block shoppers', () => {
    expect(verdict(admin, shopper, { has_admin_access: true, permissions: ['catalogue:manage'] })).toBeNull();
    expect(verdict(admin, shopper, { sales_agent: true, commission_bps: 350 })).toBeNull();
    expect(verdict(admin, shopper, { blocked: true })).toBeNull();
    // Taking away a permission they do not hold raises nobody.
    expect(verdict(admin, standing(4, { permissions: ['order:view'] }), { permissions: [] })).toBeNull();
  });

  it('refuses an administrator a permission they do not hold, naming it', () => {
    expect(verdict(admin, shopper, { permissions: ['catalogue:manage', 'order:view', 'coupon:manage'] })).toBe(
      '403 permissions: You can grant only permissions you hold yourself: order:view, coupon:manage are not yours to give',
    );
    expect(verdict(admin, shopper, { permissions: ['order:view'] })).toBe('403 permissions: You can grant only permissions you hold yourself: order:view is not yours to give');
  });

  it('leaves super administrators to super administrators', () => {
    expect(verdict(admin, shopper, { superadmin: true })).toBe('403 superadmin: Only a super administrator can make someone a super administrator');
    expect(verdict(admin, root, { blocked: true })).toBe("403 blocked: Only a super administrator can change a super administrator's account");
    expect(verdict(admin, root, { commission_bps: 100 })).toBe("403 commission_bps: Only a super administrator can change a super administrator's account");
    expect(verdict(root, shopper, { superadmin: true, permissions: ['order:view'] })).toBeNull();
    expect(verdict(root, standing(9, { superadmin: true }), { superadmin: false })).toBeNull();
  });

  it('refuses anyone raising their own standing, and allows lowering it', () => {
    expect(verdict(admin, admin, { permissions: ['people:manage', 'catalogue:manage', 'coupon:manage'] })).toBe('403 permissions: You cannot raise your own permissions (coupon:manage)');
    expect(verdict(root, root, { permissions: ['order:manage'] })).toBe('403 permissions: You cannot raise your own permissions (order:manage)');
    expect(verdict(admin, admin, { superadmin: true })).toBe('403 superadmin: Only a super administrator can make someone a super administrator');
    expect(verdict(admin, admin, { sales_agent: true })).toBe('403 sales_agent: You cannot make yourself a sales agent');
    expect(verdict(admin, admin, { commission_bps: 150 })).toBe('403 commission_bps: You cannot change your own commission');
    expect(verdict(admin, admin, { blocked: true })).toBe('403 blocked: You cannot block yourself');
    expect(verdict(standing(1, { ...admin, blocked: true }), standing(1, { ...admin, blocked: true }), { blocked: false })).toBe('403 blocked: You cannot unblock yourself');
    const lapsed = standing(6, { permissions: ['people:manage'] });
    expect(verdict(lapsed, lapsed, { has_admin_access: true })).toBe('403 has_admin_access: You cannot give yourself back-office access');
    expect(verdict(admin, admin, { permissions: ['people:manage'] })).toBeNull();
    expect(verdict(root, root, { superadmin: false })).toBeNull();
  });

  it('keeps the last super administrator who is not blocked', () => {
    const last = { otherActiveSupers: 0, customers: 0 };
    expect(verdict(root, root, { superadmin: false }, last)).toBe("409 superadmin: The shop's last super administrator cannot be demoted: make someone else a super administrator first");
    const other = standing(7, { superadmin: true });
    expect(verdict(root, other, { blocked: true }, last)).toBe("409 blocked: The shop's last super administrator cannot be blocked: make someone else a super administrator first");
    expect(verdict(root, other, { blocked: true }, { otherActiveSupers: 1, customers: 0 })).toBeNull();
    // A blocked super administrator is no longer the one to keep: unblocking or demoting them is allowed.
    const blockedSuper = standing(8, { superadmin: true, blocked: true });
    expect(verdict(root, blockedSuper, { superadmin: false }, last)).toBeNull();
    // Other changes to the last one are allowed.
    expect(verdict(root, other, { permissions: ['order:view'] }, last)).toBeNull();
  });

  it("keeps a sales agent one while customers are theirs", () => {
    const agent = standing(10, { sales_agent: true });
    expect(verdict(admin, agent, { sales_agent: false }, { otherActiveSupers: 1, customers: 1 })).toBe('409 sales_agent: One customer is still assigned to this sales agent: give them to another agent first');
    expect(verdict(admin, agent, { sales_agent: false }, { otherActiveSupers: 1, customers: 1200 })).toBe('409 sales_agent: 1,200 customers are still assigned to this sales agent: give them to another agent first');
    expect(verdict(admin, agent, { sales_agent: false })).toBeNull();
    expect(verdict(admin, agent, { commission_bps: 500 }, { otherActiveSupers: 1, customers: 3 })).toBeNull();
  });

  it('a change that changes nothing is never refused', () => {
    expect(verdict(admin, root, { blocked: false })).toBeNull();
    expect(verdict(admin, admin, { permissions: ['catalogue:manage', 'people:manage'] })).toBeNull();
  });
});
