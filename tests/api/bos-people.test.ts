/**
 * People in the back office on both backends (docs/back-office-people.md): who may call, finding users, every rule
 * and refusal of changing someone's roles, permissions, sales-agent standing and block (each refusal changes
 * nothing and writes no audit row), two super administrators demoting each other at once, a block ending every
 * session of the user and refusing their sign-in, and a customer given to another agent followed at once by both
 * agents' dashboards. One audit row per change, with before → after.
 */
import { expect, it } from 'vitest';
import { AgentCustomerList } from '../../src/contract';
import { BosCustomerAgent, BosUserDetail, BosUserList } from '../../src/contract/bos-people';
import { describeApi, signedIn, type TestShop, type Visitor } from './shop';

const ADMIN = '9876500003'; // Meera Iyer: administrator with people:manage, not a super administrator
const SUPER = '9876500004'; // Arjun Rao: super administrator
const SHOPPER = '9876500001';
const AGENT = '9876500002';
const OTHER_SITE = 'shop2.localhost';

const suffix = String(process.pid % 1000).padStart(3, '0');
let seq = 1000;

interface Person {
  id: number;
  phone: string;
  name: string;
}

/** A new user with these flags and permissions (a shopper when none), not signed in. */
async function person(shop: TestShop, { name, flags = {}, permissions = [] }: { name?: string; flags?: Record<string, number>; permissions?: string[] } = {}): Promise<Person> {
  seq += 1;
  const phone = `8${suffix}${String(seq).padStart(6, '0')}`;
  const who = name ?? `Person ${seq}`;
  const { id } = await shop.deps.db.kysely
    .insertInto('users')
    .values({ name: who, email: `people${seq}.${phone}@example.com`, phone, ...flags, permissions_json: JSON.stringify(permissions), created_at: new Date(Date.now() + seq).toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, phone, name: who };
}

const PEOPLE = ['people:manage'];
const put = (v: Visitor, path: string, body: unknown) => v.request(path, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describeApi('back office: people', (shop) => {
  const db = () => shop().deps.db.kysely;
  const signIns = new Map<string, Promise<Visitor>>();
  /** A seeded person signed in once (codes are limited per phone and hour). */
  const seeded = (phone: string) => signIns.get(phone) ?? (signIns.set(phone, signedIn(shop(), phone)), signIns.get(phone)!);
  const idOf = async (phone: string) => (await db().selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirstOrThrow()).id;
  /** A new staff member signed in. */
  const staff = async (options: Parameters<typeof person>[1] = {}) => {
    const p = await person(shop(), { flags: { has_admin_access: 1 }, permissions: PEOPLE, ...options });
    return Object.assign(await signedIn(shop(), p.phone), p);
  };
  const superAdmin = () => staff({ flags: { has_admin_access: 1, is_superadmin: 1 } });
  const userRow = (id: number) => db().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const auditOf = (id: number) => db().selectFrom('staff_audit').selectAll().where('subject_kind', '=', 'user').where('subject_id', '=', id).orderBy('id').execute();
  const detail = async (r: Response) => {
    expect(r.status, await r.clone().text()).toBe(200);
    return BosUserDetail.parse(await r.json());
  };
  const list = async (v: Visitor, query: string) => {
    const r = await v.get(`/bos/users?${query}`);
    expect(r.status, await r.clone().text()).toBe(200);
    return BosUserList.parse(await r.json());
  };
  /** A refusal: its status, its message, the field it names; and the user and their audit exactly as before. */
  async function refused(v: Visitor, id: number, body: unknown, status: number, message: RegExp, field?: string) {
    const [before, audit] = [await userRow(id), (await auditOf(id)).length];
    const r = await put(v, `/bos/users/${id}`, body);
    const answer = (await r.json()) as { message: string; errors?: Record<string, string[]> };
    expect(r.status, answer.message).toBe(status);
    expect(answer.message).toMatch(message);
    if (field) expect(answer.errors?.[field]?.[0]).toMatch(message);
    expect(await userRow(id)).toEqual(before);
    expect(await auditOf(id)).toHaveLength(audit);
  }

  it('answers every people call 401 signed out and 403 to shoppers, agents, administrators without people:manage and holders of it without back-office access', async () => {
    const target = await person(shop());
    const calls: [string, string, unknown?][] = [
      ['GET', '/bos/users'],
      ['GET', `/bos/users/${target.id}`],
      ['PUT', `/bos/users/${target.id}`, { blocked: true }],
      ['PUT', `/bos/customers/${target.id}/agent`, { agent_id: await idOf(AGENT) }],
    ];
    const send = (v: Visitor, [method, path, body]: [string, string, unknown?]) => (method === 'GET' ? v.get(path) : put(v, path, body));
    const signedOut = await shop().visitor().start();
    const others = [await seeded(SHOPPER), await seeded(AGENT), await staff({ permissions: ['order:manage', 'catalogue:manage'] }), await staff({ flags: {}, permissions: PEOPLE })];
    for (const call of calls) {
      expect((await send(signedOut, call)).status, call[1]).toBe(401);
      for (const v of others) expect((await send(v, call)).status, call[1]).toBe(403);
    }
    expect((await userRow(target.id)).blocked_at).toBeNull();
    expect(await db().selectFrom('agent_customers').selectAll().where('customer_id', '=', target.id).execute()).toEqual([]);
    expect(await auditOf(target.id)).toEqual([]);
  });

  it('finds users by part of a name or an email in any case, or by digits of the phone; filters by role, block and agent; pages', async () => {
    const meera = await seeded(ADMIN);
    const tag = `Zanzibar${suffix}`;
    const a = await person(shop(), { name: `${tag} Alpha` });
    const b = await person(shop(), { name: `${tag} Beta`, flags: { is_sales_agent: 1 } });
    const c = await person(shop(), { name: `${tag} Gamma`, flags: { has_admin_access: 1 } });
    const d = await person(shop(), { name: `${tag} Delta`, flags: { is_superadmin: 1, has_admin_access: 1 } });
    await db().updateTable('users').set({ blocked_at: new Date().toISOString() }).where('id', '=', c.id).execute();

    const byName = await list(meera, `q=${tag.toLowerCase()}`);
    expect(byName.meta.total).toBe(4);
    expect(byName.data.map((u) => u.id)).toEqual([a.id, b.id, d.id, c.id]); // A–Z when searching
    expect((await list(meera, `q=${encodeURIComponent(`+91 ${a.phone.slice(0, 5)} ${a.phone.slice(5)}`)}`)).data.map((u) => u.id)).toEqual([a.id]);
    expect((await list(meera, `q=${encodeURIComponent(`PEOPLE${seq - 3}.`)}`)).data.map((u) => u.id)).toEqual([a.id]);
    // LIKE's wildcards are taken literally.
    expect((await list(meera, 'q=%25')).meta.total).toBe(0);

    const ids = async (query: string) => (await list(meera, `q=${tag}&${query}`)).data.map((u) => u.id).sort((x, y) => x - y);
    expect(await ids('role=shopper')).toEqual([a.id]);
    expect(await ids('role=sales_agent')).toEqual([b.id]);
    expect(await ids('role=administrator')).toEqual([c.id]);
    expect(await ids('role=super_administrator')).toEqual([d.id]);
    expect(await ids('blocked=true')).toEqual([c.id]);
    expect(await ids('blocked=false')).toEqual([a.id, b.id, d.id]);
    const row = (await list(meera, `q=${tag}&role=administrator`)).data[0]!;
    expect(row).toMatchObject({ name: `${tag} Gamma`, phone: c.phone, has_admin_access: true, superadmin: false, sales_agent: false, blocked: true, agent: null });

    const page2 = await list(meera, `q=${tag}&perPage=3&page=2`);
    expect(page2.meta.total).toBe(4);
    expect(page2.data.map((u) => u.id)).toEqual([c.id]);
    // No search: the newest first.
    expect((await list(meera, 'perPage=1')).data[0]!.id).toBe(d.id);

    for (const bad of ['perPage=101', 'role=owner', 'blocked=yes', 'agent_id=0', `q=${'x'.repeat(81)}`]) expect((await meera.get(`/bos/users?${bad}`)).status, bad).toBe(400);
    expect((await meera.get('/bos/users/2000000000')).status).toBe(404);
  });

  it('an administrator grants back-office access and permissions they hold: one audit row with before and after; unknown permissions stay; the same again changes nothing', async () => {
    const meera = await seeded(ADMIN);
    const meeraId = await idOf(ADMIN);
    const target = await person(shop(), { permissions: ['legacy:thing'] });
    const done = await detail(await put(meera, `/bos/users/${target.id}`, { has_admin_access: true, permissions: ['catalogue:manage', 'coupon:manage'], reason: 'New store manager' }));
    expect(done).toMatchObject({ has_admin_access: true, permissions: ['legacy:thing', 'catalogue:manage', 'coupon:manage'], self: false });
    const row = await userRow(target.id);
    expect([row.has_admin_access, JSON.parse(row.permissions_json)]).toEqual([1, ['legacy:thing', 'catalogue:manage', 'coupon:manage']]);
    const audit = await auditOf(target.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'user.roles_changed', user_id: meeraId, reason: 'New store manager', order_id: null });
    expect(JSON.parse(audit[0]!.before_json!)).toEqual({ has_admin_access: false, permissions: ['legacy:thing'] });
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ has_admin_access: true, permissions: ['legacy:thing', 'catalogue:manage', 'coupon:manage'] });

    // The same again: nothing to write.
    await detail(await put(meera, `/bos/users/${target.id}`, { has_admin_access: true, permissions: ['coupon:manage', 'catalogue:manage'] }));
    expect(await auditOf(target.id)).toHaveLength(1);
    // Taking one away: allowed.
    expect((await detail(await put(meera, `/bos/users/${target.id}`, { permissions: ['catalogue:manage'] }))).permissions).toEqual(['legacy:thing', 'catalogue:manage']);
    expect(await auditOf(target.id)).toHaveLength(2);

    for (const bad of [{}, { permissions: ['owner:all'] }, { permissions: ['coupon:manage', 'coupon:manage'] }, { blocked: 'yes' }, { commission_bps: 5001 }, { commission_bps: -1 }, { commission_bps: 2.5 }, { reason: 'x'.repeat(301), blocked: true }]) {
      const r = await put(meera, `/bos/users/${target.id}`, bad);
      expect(r.status, JSON.stringify(bad)).toBe(400);
    }
    expect((await put(meera, '/bos/users/2000000000', { blocked: true })).status).toBe(404);
  });

  it('an administrator who is not a super administrator grants only what they hold, makes no super administrator and leaves super administrators alone', async () => {
    const meera = await seeded(ADMIN);
    const target = await person(shop(), { flags: { has_admin_access: 1 } });
    const arjun = await idOf(SUPER);
    // Meera holds every permission but order:view.
    await refused(meera, target.id, { permissions: ['order:view'] }, 403, /only permissions you hold yourself: order:view is not yours to give/, 'permissions');
    await refused(meera, target.id, { superadmin: true }, 403, /Only a super administrator can make someone a super administrator/, 'superadmin');
    await refused(meera, arjun, { blocked: true }, 403, /Only a super administrator can change a super administrator's account/, 'blocked');
    await refused(meera, arjun, { permissions: [] }, 403, /Only a super administrator can change a super administrator's account/);

    const root = await seeded(SUPER);
    const made = await detail(await put(root, `/bos/users/${target.id}`, { superadmin: true, permissions: ['order:view'] }));
    expect(made).toMatchObject({ superadmin: true, permissions: ['order:view'] });
    expect((await auditOf(target.id)).map((a) => a.action)).toEqual(['user.roles_changed']);
  });

  it('nobody raises their own standing; lowering it is allowed', async () => {
    const clerk = await staff({ permissions: ['people:manage', 'catalogue:manage'] });
    await refused(clerk, clerk.id, { permissions: ['people:manage', 'catalogue:manage', 'coupon:manage'] }, 403, /You cannot raise your own permissions \(coupon:manage\)/, 'permissions');
    await refused(clerk, clerk.id, { sales_agent: true }, 403, /You cannot make yourself a sales agent/, 'sales_agent');
    await refused(clerk, clerk.id, { commission_bps: 900 }, 403, /You cannot change your own commission/, 'commission_bps');
    await refused(clerk, clerk.id, { blocked: true }, 403, /You cannot block yourself/, 'blocked');
    await refused(clerk, clerk.id, { superadmin: true }, 403, /Only a super administrator/, 'superadmin');
    // Even a super administrator adds nothing to their own list.
    const root = await superAdmin();
    await refused(root, root.id, { permissions: ['order:manage'] }, 403, /You cannot raise your own permissions/, 'permissions');

    const lowered = await detail(await put(clerk, `/bos/users/${clerk.id}`, { permissions: ['people:manage'] }));
    expect(lowered).toMatchObject({ self: true, permissions: ['people:manage'] });
    // Giving up people:manage: the next call is refused.
    await detail(await put(clerk, `/bos/users/${clerk.id}`, { permissions: [] }));
    expect((await clerk.get('/bos/users')).status).toBe(403);
  });

  it('a blocked user loses every session at once, on every website, and cannot sign in again until unblocked', async () => {
    const meera = await seeded(ADMIN);
    const target = await person(shop());
    const here = await signedIn(shop(), target.phone);
    const there = await signedIn(shop(), target.phone, OTHER_SITE);
    expect((await here.get('/profile')).status).toBe(200);
    const outboxBefore = await db().selectFrom('outbox').select('id').where('recipient', '=', target.phone).execute();

    const blocked = await detail(await put(meera, `/bos/users/${target.id}`, { blocked: true, reason: 'Fake orders' }));
    expect(blocked).toMatchObject({ blocked: true, sessions: 0, blocked_by: { id: await idOf(ADMIN), name: 'Meera Iyer' } });
    expect(await db().selectFrom('sessions').select('id').where('user_id', '=', target.id).execute()).toEqual([]);
    expect((await here.get('/profile')).status).toBe(401);
    expect((await there.get('/profile')).status).toBe(401);
    const [audit] = await auditOf(target.id);
    expect(audit).toMatchObject({ action: 'user.blocked', reason: 'Fake orders' });
    expect(JSON.parse(audit!.before_json!)).toEqual({ blocked: false });
    expect(JSON.parse(audit!.after_json!)).toEqual({ blocked: true, sessions_ended: 2 });

    // Signing in again: refused in words, and no code is sent.
    const again = await shop().visitor().start();
    const login = await again.post('/auth/login', { identifier: target.phone }, { headers: { 'x-client-ip': '10.9.9.9' } });
    expect(login.status).toBe(403);
    expect(((await login.json()) as { message: string }).message).toBe('This account is blocked, so it cannot sign in. Please contact the shop if you think this is a mistake.');
    expect(await db().selectFrom('outbox').select('id').where('recipient', '=', target.phone).execute()).toEqual(outboxBefore);
    expect((await list(meera, `q=${target.phone}&blocked=true`)).data.map((u) => u.id)).toEqual([target.id]);

    const unblocked = await detail(await put(meera, `/bos/users/${target.id}`, { blocked: false }));
    expect(unblocked).toMatchObject({ blocked: false, blocked_at: null, blocked_by: null });
    expect((await auditOf(target.id)).map((a) => a.action)).toEqual(['user.blocked', 'user.unblocked']);
    expect((await (await signedIn(shop(), target.phone)).get('/profile')).status).toBe(200);
  });

  it('a code asked for before the block does not sign the user in after it', async () => {
    const meera = await seeded(ADMIN);
    const target = await person(shop());
    const v = await shop().visitor().start();
    const client = { headers: { 'x-client-ip': '10.9.8.7' } };
    expect((await v.post('/auth/login', { identifier: target.phone }, client)).status).toBe(200);
    await detail(await put(meera, `/bos/users/${target.id}`, { blocked: true }));
    const { messages } = (await (await shop().visitor().get(`/dev/outbox?to=${target.phone}`)).json()) as { messages: { text: string }[] };
    const verify = await v.post('/auth/verify', { code: /\b(\d{6})\b/.exec(messages[0]!.text)![1] }, client);
    expect(verify.status).toBe(403);
    expect((await v.get('/profile')).status).toBe(401);
    expect(await db().selectFrom('sessions').select('id').where('user_id', '=', target.id).execute()).toEqual([]);
  });

  it('a session of a blocked user that slipped through ends on its first request', async () => {
    const target = await person(shop());
    const v = await signedIn(shop(), target.phone);
    // As if a sign-in crossed the block: the user is blocked while a session of theirs still exists.
    await db().updateTable('users').set({ blocked_at: new Date().toISOString() }).where('id', '=', target.id).execute();
    expect((await v.get('/profile')).status).toBe(401);
    expect(await db().selectFrom('sessions').select('id').where('user_id', '=', target.id).execute()).toEqual([]);
  });

  it("makes a user a sales agent with a commission; the dashboard opens to them; an agent with customers stays one until they are given away", async () => {
    const meera = await seeded(ADMIN);
    const target = await person(shop());
    const made = await detail(await put(meera, `/bos/users/${target.id}`, { sales_agent: true, commission_bps: 350 }));
    expect(made).toMatchObject({ sales_agent: true, commission_bps: 350, customers: 0 });
    const [audit] = await auditOf(target.id);
    expect(audit!.action).toBe('user.sales_agent_changed');
    expect(JSON.parse(audit!.before_json!)).toEqual({ sales_agent: false, commission_bps: 200 });
    expect(JSON.parse(audit!.after_json!)).toEqual({ sales_agent: true, commission_bps: 350 });
    const agent = await signedIn(shop(), target.phone);
    expect((await agent.get('/agent/customers')).status).toBe(200);

    const customer = await person(shop());
    BosCustomerAgent.parse(await (await put(meera, `/bos/customers/${customer.id}/agent`, { agent_id: target.id })).json());
    await refused(meera, target.id, { sales_agent: false }, 409, /One customer is still assigned to this sales agent: give them to another agent first/, 'sales_agent');
    expect((await put(meera, `/bos/customers/${customer.id}/agent`, { agent_id: null })).status).toBe(200);
    expect((await detail(await put(meera, `/bos/users/${target.id}`, { sales_agent: false }))).sales_agent).toBe(false);
    expect((await agent.get('/agent/customers')).status).toBe(403);
  });

  it("gives a customer to another agent: the new agent's dashboard has them at once, the old one's no longer does, and the old agent's cart for them goes", async () => {
    const meera = await seeded(ADMIN);
    const [one, two] = [await person(shop(), { name: 'Agent One', flags: { is_sales_agent: 1 } }), await person(shop(), { name: 'Agent Two', flags: { is_sales_agent: 1 } })];
    const customer = await person(shop(), { name: 'Lakshmi Customer' });
    const [agentOne, agentTwo] = [await signedIn(shop(), one.phone), await signedIn(shop(), two.phone)];
    const customersOf = async (v: Visitor) => AgentCustomerList.parse(await (await v.get('/agent/customers')).json()).data.map((c) => c.id);
    const assign = async (agentId: number | null) => {
      const r = await put(meera, `/bos/customers/${customer.id}/agent`, { agent_id: agentId });
      expect(r.status, await r.clone().text()).toBe(200);
      return BosCustomerAgent.parse(await r.json());
    };

    expect(await assign(one.id)).toMatchObject({ customer_id: customer.id, agent: { id: one.id, name: 'Agent One' } });
    expect(await customersOf(agentOne)).toEqual([customer.id]);
    expect((await agentOne.get(`/agent/customers/${customer.id}`)).status).toBe(200);
    expect((await list(meera, `agent_id=${one.id}`)).data.map((u) => ({ id: u.id, agent: u.agent }))).toEqual([{ id: customer.id, agent: { id: one.id, name: 'Agent One' } }]);
    const websiteId = (await db().selectFrom('website_domains').select('website_id').where('host', '=', 'localhost').executeTakeFirstOrThrow()).website_id;
    await db().insertInto('carts').values({ website_id: websiteId, session_id: null, user_id: null, agent_id: one.id, customer_id: customer.id, offercode: null, notes: null, updated_at: new Date().toISOString() }).execute();

    expect(await assign(two.id)).toMatchObject({ agent: { id: two.id, name: 'Agent Two' } });
    expect(await customersOf(agentTwo)).toEqual([customer.id]);
    expect(await customersOf(agentOne)).toEqual([]);
    expect((await agentOne.get(`/agent/customers/${customer.id}`)).status).toBe(404);
    expect((await agentTwo.get(`/agent/customers/${customer.id}`)).status).toBe(200);
    expect(await db().selectFrom('carts').select('id').where('customer_id', '=', customer.id).where('agent_id', '=', one.id).execute()).toEqual([]);
    // Giving them to the same agent again changes nothing.
    await assign(two.id);

    const audit = await auditOf(customer.id);
    expect(audit.map((a) => a.action)).toEqual(['customer.agent_assigned', 'customer.agent_changed']);
    expect(JSON.parse(audit[1]!.before_json!)).toEqual({ agent: 'Agent One', agent_id: one.id });
    expect(JSON.parse(audit[1]!.after_json!)).toEqual({ agent: 'Agent Two', agent_id: two.id });

    // The other website's assignment is its own.
    const elsewhere = await signedIn(shop(), ADMIN, OTHER_SITE);
    expect((await list(elsewhere, `agent_id=${two.id}`)).meta.total).toBe(0);

    expect(await assign(null)).toMatchObject({ agent: null, assigned_at: null });
    expect(await customersOf(agentTwo)).toEqual([]);
    expect((await auditOf(customer.id)).at(-1)!.action).toBe('customer.agent_removed');
  });

  it('refuses to give a customer to someone who is not a sales agent, to a blocked agent, or to themselves; an unknown customer is a 404', async () => {
    const meera = await seeded(ADMIN);
    const customer = await person(shop());
    const notAgent = await person(shop());
    const blockedAgent = await person(shop(), { name: 'Blocked Agent', flags: { is_sales_agent: 1 } });
    await db().updateTable('users').set({ blocked_at: new Date().toISOString() }).where('id', '=', blockedAgent.id).execute();
    const agent = await person(shop(), { flags: { is_sales_agent: 1 } });
    const cases: [number, unknown, number, RegExp][] = [
      [customer.id, { agent_id: notAgent.id }, 422, /is not a sales agent/],
      [customer.id, { agent_id: 2_000_000_000 }, 422, /That user is not a sales agent/],
      [customer.id, { agent_id: blockedAgent.id }, 422, /Blocked Agent is blocked/],
      [agent.id, { agent_id: agent.id }, 422, /cannot be their own customer/],
      [2_000_000_000, { agent_id: agent.id }, 404, /No such user/],
      [customer.id, {}, 400, /.+/],
      [customer.id, { agent_id: 'Ravi' }, 400, /.+/],
    ];
    for (const [id, body, status, message] of cases) {
      const r = await put(meera, `/bos/customers/${id}/agent`, body);
      const answer = (await r.json()) as { message: string; errors?: Record<string, string[]> };
      expect(r.status, JSON.stringify(body)).toBe(status);
      expect(answer.message).toMatch(message);
      if (status === 422) expect(answer.errors?.agent_id?.[0]).toMatch(message);
    }
    expect(await db().selectFrom('agent_customers').select('agent_id').where('customer_id', 'in', [customer.id, agent.id]).execute()).toEqual([]);
    expect(await auditOf(customer.id)).toEqual([]);
  });

  /**
   * The shop's super administrators are made exactly these for a test (the others lose the role for its length, and
   * get it back after), so "the last one" is theirs to decide.
   */
  async function onlySupers<T>(n: number, work: (supers: (Visitor & Person)[]) => Promise<T>): Promise<T> {
    const others = await db().selectFrom('users').select('id').where('is_superadmin', '=', 1).execute();
    await db().updateTable('users').set({ is_superadmin: 0 }).where('is_superadmin', '=', 1).execute();
    try {
      const supers: (Visitor & Person)[] = [];
      for (let i = 0; i < n; i++) supers.push(await superAdmin());
      return await work(supers);
    } finally {
      await db().updateTable('users').set({ is_superadmin: 0 }).where('is_superadmin', '=', 1).execute();
      if (others.length) await db().updateTable('users').set({ is_superadmin: 1 }).where('id', 'in', others.map((o) => o.id)).execute();
    }
  }
  const activeSupers = async () =>
    (await db().selectFrom('users').select('id').where('is_superadmin', '=', 1).where('blocked_at', 'is', null).orderBy('id').execute()).map((r) => r.id);

  it('the last super administrator who is not blocked cannot be demoted or blocked', () =>
    onlySupers(2, async ([first, second]) => {
      await refused(first!, first!.id, { blocked: true }, 403, /You cannot block yourself/);
      // Two: one may go.
      expect((await detail(await put(first!, `/bos/users/${second!.id}`, { blocked: true }))).blocked).toBe(true);
      // A blocked super administrator does not count: the first is now the last.
      await refused(first!, first!.id, { superadmin: false }, 409, /The shop's last super administrator cannot be demoted: make someone else a super administrator first/, 'superadmin');
      expect(await activeSupers()).toEqual([first!.id]);
      await detail(await put(first!, `/bos/users/${second!.id}`, { blocked: false }));
      expect((await detail(await put(first!, `/bos/users/${first!.id}`, { superadmin: false }))).superadmin).toBe(false);
      expect(await activeSupers()).toEqual([second!.id]);
      // The demoted one, still an administrator with people:manage, cannot touch the last super administrator.
      await refused(first!, second!.id, { superadmin: false }, 403, /Only a super administrator/);
      // The block ended the second one's sessions: signed in again, they are the last one.
      const secondAgain = await signedIn(shop(), second!.phone);
      await refused(secondAgain, second!.id, { superadmin: false }, 409, /last super administrator cannot be demoted/, 'superadmin');
      await refused(secondAgain, second!.id, { blocked: true }, 403, /You cannot block yourself/);
    }));

  it('two super administrators demoting each other at once leave one; so do two demoting themselves at once', () =>
    onlySupers(2, async ([first, second]) => {
      for (let round = 0; round < 4; round++) {
        await db().updateTable('users').set({ is_superadmin: 1 }).where('id', 'in', [first!.id, second!.id]).execute();
        const each = round % 2 === 0 ? [put(first!, `/bos/users/${second!.id}`, { superadmin: false }), put(second!, `/bos/users/${first!.id}`, { superadmin: false })] : [put(first!, `/bos/users/${first!.id}`, { superadmin: false }), put(second!, `/bos/users/${second!.id}`, { superadmin: false })];
        const statuses = (await Promise.all(each)).map((r) => r.status).sort();
        expect(statuses[0], `round ${round}`).toBe(200);
        expect([403, 409], `round ${round}: ${statuses}`).toContain(statuses[1]);
        expect(await activeSupers(), `round ${round}`).toHaveLength(1);
        expect(await db().selectFrom('staff_audit').select('id').where('action', '=', 'user.roles_changed').where('subject_id', 'in', [first!.id, second!.id]).execute()).toHaveLength(round + 1);
      }
    }));

  it('two super administrators blocking each other at once leave one who can sign in', () =>
    onlySupers(2, async ([first, second]) => {
      const statuses = (await Promise.all([put(first!, `/bos/users/${second!.id}`, { blocked: true }), put(second!, `/bos/users/${first!.id}`, { blocked: true })])).map((r) => r.status).sort();
      expect(statuses[0]).toBe(200);
      expect(statuses[1]).not.toBe(200);
      expect(await activeSupers()).toHaveLength(1);
    }));

  it('shows a user with their standing, sessions, customers and what the viewer needs to judge the controls', async () => {
    const meera = await seeded(ADMIN);
    const agent = await person(shop(), { name: 'Counted Agent', flags: { is_sales_agent: 1 } });
    const c1 = await person(shop());
    await put(meera, `/bos/customers/${c1.id}/agent`, { agent_id: agent.id });
    await signedIn(shop(), agent.phone);
    const seen = await detail(await meera.get(`/bos/users/${agent.id}`));
    expect(seen).toMatchObject({ id: agent.id, name: 'Counted Agent', sales_agent: true, commission_bps: 200, customers: 1, customers_total: 1, sessions: 1, self: false, blocked_at: null });
    expect(seen.viewer).toMatchObject({ id: await idOf(ADMIN), superadmin: false, has_admin_access: true });
    expect(seen.viewer.permissions).toContain('people:manage');
    expect(seen.other_active_supers).toBeGreaterThanOrEqual(1);
    expect((await detail(await meera.get(`/bos/users/${c1.id}`))).agent).toEqual({ id: agent.id, name: 'Counted Agent' });
  });
});
