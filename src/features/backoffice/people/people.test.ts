import { describe, expect, it } from 'vitest';
import { detail, row } from './fixtures';
import {
  agentBody, agentChoices, agentLocks, assignedText, blockLock, blockQuestion, commissionText, parseCommission, peopleHref, readPeopleQuery, removalText, roleBadges, rolesBody, rolesFormOf, rolesLocks,
  savedText, unsaved, usersQuery,
} from './people';

describe("the People list's address", () => {
  it('keeps the search, filters and page, and drops what cannot be one', () => {
    const query = readPeopleQuery(new URLSearchParams('q=%20asha%20&role=sales_agent&blocked=true&agent=5&page=3'));
    expect(query).toEqual({ q: 'asha', role: 'sales_agent', blocked: 'true', agent: '5', page: 3 });
    expect(peopleHref(query)).toBe('/bos/admin/people?q=asha&role=sales_agent&blocked=true&agent=5&page=3');
    expect(usersQuery(query)).toEqual({ q: 'asha', role: 'sales_agent', blocked: true, agent_id: 5, page: 3, perPage: 20 });
    expect(readPeopleQuery(new URLSearchParams('role=owner&blocked=yes&agent=0&page=-2'))).toEqual({ q: '', role: '', blocked: '', agent: '', page: 1 });
    expect(peopleHref({ q: '', role: '', blocked: '', agent: '', page: 1 })).toBe('/bos/admin/people');
    expect(usersQuery(readPeopleQuery(new URLSearchParams('blocked=false')))).toEqual({ blocked: false, page: 1, perPage: 20 });
  });

  it('names roles strongest first; a shopper has none', () => {
    expect(roleBadges(row(1, { superadmin: true, has_admin_access: true, sales_agent: true }))).toEqual(['Super administrator', 'Sales agent']);
    expect(roleBadges(row(1, { has_admin_access: true }))).toEqual(['Administrator']);
    expect(roleBadges(row(1))).toEqual([]);
  });
});

describe("a user's roles form", () => {
  it('locks what the viewer may not change, with the reason, and leaves the rest open', () => {
    const locks = rolesLocks(detail(7));
    expect(locks.superadmin).toBe('Only a super administrator can make someone a super administrator');
    expect(locks.has_admin_access).toBeNull();
    expect(locks.permissions['order:view']).toBe('You can grant only permissions you hold yourself: order:view is not yours to give');
    expect(locks.permissions['catalogue:manage']).toBeNull();
    // Meera's own page: nothing to add, taking away is allowed.
    const own = rolesLocks(detail(3, { has_admin_access: true, permissions: ['people:manage'] }));
    expect(own.permissions['coupon:manage']).toBe('You cannot raise your own permissions (coupon:manage)');
    expect(own.permissions['people:manage']).toBeNull();
    // A super administrator's page is a super administrator's business.
    expect(rolesLocks(detail(4, { superadmin: true })).permissions['coupon:manage']).toBe("Only a super administrator can change a super administrator's account");
    // The last super administrator, seen by a super administrator.
    const last = detail(4, { superadmin: true, other_active_supers: 0, viewer: { id: 9, superadmin: true, has_admin_access: true, permissions: [] } });
    expect(rolesLocks(last).superadmin).toBe("The shop's last super administrator cannot be demoted: make someone else a super administrator first");
  });

  it('sends only what changed, and says what a change takes away', () => {
    const d = detail(7, { has_admin_access: true, permissions: ['legacy:x', 'coupon:manage'] });
    const form = rolesFormOf(d);
    expect(form.permissions).toEqual(['coupon:manage']);
    expect(rolesBody(d, form)).toBeNull();
    expect(rolesBody(d, { ...form, permissions: ['catalogue:manage', 'coupon:manage'] })).toEqual({ permissions: ['catalogue:manage', 'coupon:manage'] });
    const body = rolesBody(d, { ...form, has_admin_access: false, permissions: [] })!;
    expect(body).toEqual({ has_admin_access: false, permissions: [] });
    expect(removalText(d, body)).toBe('Person 7 loses back-office access, Coupons. Any page of theirs that needs it is refused from their next click.');
    expect(removalText(d, { permissions: ['coupon:manage', 'order:manage'] })).toBeNull();
  });
});

describe("a user's sales-agent form", () => {
  it('reads the commission in percent', () => {
    expect(commissionText(200)).toBe('2');
    expect(commissionText(350)).toBe('3.5');
    expect(commissionText(1234)).toBe('12.34');
    expect(parseCommission(' 3.5 % ')).toEqual({ bps: 350 });
    expect(parseCommission('0')).toEqual({ bps: 0 });
    expect(parseCommission('')).toEqual({ problem: 'Enter the commission in percent, such as 2 or 2.5' });
    expect(parseCommission('2.555')).toEqual({ problem: 'Enter the commission in percent, with at most two decimals, such as 2.5' });
    expect(parseCommission('-1')).toHaveProperty('problem');
    expect(parseCommission('50.01')).toEqual({ problem: 'Commission is at most 50%' });
  });

  it('sends only what changed; a wrong commission is said and nothing is sent', () => {
    const d = detail(7);
    expect(agentBody(d, { sales_agent: false, commission: '2' })).toEqual({ body: null });
    expect(agentBody(d, { sales_agent: true, commission: '2' })).toEqual({ body: { sales_agent: true } });
    expect(agentBody(d, { sales_agent: true, commission: '3.5' })).toEqual({ body: { sales_agent: true, commission_bps: 350 } });
    expect(agentBody(d, { sales_agent: true, commission: 'two' })).toEqual({ problem: { field: 'commission', message: 'Enter the commission in percent, with at most two decimals, such as 2.5' } });
    // Turning it off ignores the commission field.
    expect(agentBody(detail(7, { sales_agent: true }), { sales_agent: false, commission: 'x' })).toEqual({ body: { sales_agent: false } });
    expect(unsaved(d, rolesFormOf(d), { sales_agent: false, commission: '2' })).toBe(false);
    expect(unsaved(d, rolesFormOf(d), { sales_agent: true, commission: '2' })).toBe(true);
  });

  it('keeps an agent with customers one, and nobody changes their own commission', () => {
    expect(agentLocks(detail(7, { sales_agent: true, customers: 2, customers_total: 2 })).sales_agent).toBe('2 customers are still assigned to this sales agent: give them to another agent first');
    expect(agentLocks(detail(3, { has_admin_access: true, sales_agent: true })).commission).toBe('You cannot change your own commission');
    expect(agentLocks(detail(7))).toEqual({ sales_agent: null, commission: null });
  });
});

describe('blocking and agents', () => {
  it('says what blocking does and who may not', () => {
    expect(blockQuestion({ name: 'Asha', sessions: 2 })).toBe('Asha is signed out everywhere at once (2 sessions) and cannot sign in again until unblocked. Their orders, addresses and customers stay as they are.');
    expect(blockLock(detail(3, { has_admin_access: true }))).toBe('You cannot block yourself');
    expect(blockLock(detail(7))).toBeNull();
  });

  it('offers agents who are not blocked and not the user, and keeps the present one', () => {
    const agents = [row(10, { name: 'Ravi' }), row(11, { name: 'Blocked', blocked: true }), row(7, { name: 'Self' })];
    expect(agentChoices(agents, { id: 7, agent: { id: 12, name: 'Old Agent' } })).toEqual([
      { value: '12', label: 'Old Agent' },
      { value: '10', label: 'Ravi (9876500010)' },
    ]);
  });

  it('says what a change did', () => {
    expect(assignedText('Asha', null, { id: 1, name: 'Ravi' })).toBe('Asha is now a customer of Ravi.');
    expect(assignedText('Asha', { id: 1, name: 'Ravi' }, { id: 2, name: 'Sita' })).toBe('Asha is now a customer of Sita (no longer of Ravi).');
    expect(assignedText('Asha', { id: 1, name: 'Ravi' }, null)).toBe('Asha is no longer a customer of Ravi.');
    const d = detail(7);
    expect(savedText(d, { ...d, blocked: true })).toBe('Person 7 is blocked and signed out everywhere.');
    expect(savedText(d, { ...d, sales_agent: true, commission_bps: 250 })).toBe('Person 7 is a sales agent now, at 2.5% commission.');
    expect(savedText(d, { ...d, permissions: ['x'] })).toBe("Person 7's roles and permissions are saved.");
  });
});
