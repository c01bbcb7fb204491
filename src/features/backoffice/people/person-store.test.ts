import { describe, expect, it } from 'vitest';
import type { BosUserDetail, BosUserUpdateBody } from '../../../contract/bos-people';
import { ApiCallError } from '../../../lib/api/client';
import { auditRow, detail, row } from './fixtures';
import { $person, assignAgent, chooseAgent, editAgent, editRoles, saveAgent, saveRoles, seedPerson, setBlocked, type PersonApi } from './person-store';

/** A fake API: each call is noted; a change answers the user with the body applied (or what `refuse` throws). */
function fake(start: BosUserDetail, refuse?: (body: BosUserUpdateBody) => Error | null) {
  const asked: unknown[] = [];
  let user = start;
  const client: PersonApi = {
    bosUser: async (id) => (asked.push(['user', id]), user),
    bosUpdateUser: async (id, body) => {
      asked.push(['update', id, body]);
      const refusal = refuse?.(body);
      if (refusal) throw refusal;
      user = { ...user, ...body, permissions: body.permissions ?? user.permissions, blocked: body.blocked ?? user.blocked, sessions: body.blocked ? 0 : user.sessions };
      return user;
    },
    bosSetCustomerAgent: async (id, agentId) => {
      asked.push(['assign', id, agentId]);
      user = { ...user, agent: agentId ? { id: agentId, name: `Person ${agentId}` } : null };
      return { customer_id: id, agent: user.agent, assigned_at: agentId ? '2026-11-26T05:00:00.000Z' : null };
    },
    bosAudit: async (query) => (asked.push(['audit', query]), { data: [auditRow(99)], meta: { total: 1 } }),
  };
  return { client, asked };
}

describe("a user's page's store", () => {
  it('saves only the roles that changed, shows the user as answered and the newest change', async () => {
    const start = detail(7);
    seedPerson({ detail: start, agents: [], recent: [] });
    const { client, asked } = fake(start);
    editRoles({ has_admin_access: true, permissions: ['catalogue:manage'] });
    expect(await saveRoles(client)).toBe(true);
    expect(asked[0]).toEqual(['update', 7, { has_admin_access: true, permissions: ['catalogue:manage'] }]);
    const state = $person.get()!;
    expect(state.detail.has_admin_access).toBe(true);
    expect(state.roles).toEqual({ superadmin: false, has_admin_access: true, permissions: ['catalogue:manage'] });
    expect(state.report).toEqual({ tone: 'success', text: "Person 7's roles and permissions are saved." });
    expect(asked[1]).toEqual(['audit', { subject: 'user', subject_id: 7, perPage: 5 }]);
    expect(state.recent.map((r) => r.id)).toEqual([99]);
    // Nothing more to save: nothing is sent.
    expect(await saveRoles(client)).toBe(false);
    expect(asked).toHaveLength(2);
  });

  it('says a refusal under the field the API names and keeps what was typed', async () => {
    const start = detail(7);
    seedPerson({ detail: start, agents: [], recent: [] });
    const { client } = fake(start, () => new ApiCallError(403, 'You can grant only permissions you hold yourself: order:view is not yours to give', { errors: { permissions: ['You can grant only permissions you hold yourself: order:view is not yours to give'] } }));
    editRoles({ permissions: ['order:view'] });
    await saveRoles(client);
    const state = $person.get()!;
    expect(state.errors.permissions).toMatch(/order:view is not yours to give/);
    expect(state.report?.tone).toBe('error');
    expect(state.roles.permissions).toEqual(['order:view']);
    expect(state.detail).toEqual(start);
    expect(state.busy).toBeNull();
  });

  it('refuses a commission that is not one before sending anything', async () => {
    seedPerson({ detail: detail(7), agents: [], recent: [] });
    const { client, asked } = fake(detail(7));
    editAgent({ sales_agent: true, commission: 'lots' });
    expect(await saveAgent(client)).toBe(false);
    expect(asked).toEqual([]);
    expect($person.get()!.errors.commission).toMatch(/percent/);
    editAgent({ commission: '4' });
    expect($person.get()!.errors.commission).toBe('');
    expect(await saveAgent(client)).toBe(true);
    expect(asked[0]).toEqual(['update', 7, { sales_agent: true, commission_bps: 400 }]);
  });

  it('blocks with a reason, and gives the customer to the chosen agent', async () => {
    const start = detail(7, { sessions: 2, agent: { id: 10, name: 'Person 10' } });
    seedPerson({ detail: start, agents: [row(10, { sales_agent: true }), row(11, { sales_agent: true })], recent: [] });
    const { client, asked } = fake(start);
    await setBlocked(client, true, '  Fake orders ');
    expect(asked[0]).toEqual(['update', 7, { blocked: true, reason: 'Fake orders' }]);
    expect($person.get()!.report?.text).toBe('Person 7 is blocked and signed out everywhere.');

    chooseAgent('11');
    await assignAgent(client);
    expect(asked).toContainEqual(['assign', 7, 11]);
    const state = $person.get()!;
    expect(state.detail.agent).toEqual({ id: 11, name: 'Person 11' });
    expect(state.report?.text).toBe('Person 7 is now a customer of Person 11 (no longer of Person 10).');
    // The same agent again: nothing is sent.
    const calls = asked.length;
    await assignAgent(client);
    expect(asked).toHaveLength(calls);
  });
});
