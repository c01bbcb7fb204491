/**
 * The back office's People (docs/back-office-people.md): users found by name, phone or email; their roles,
 * permissions, sales-agent standing and block, changed under the rules of contract/people-rules.ts; and customers
 * given to sales agents on a website. Every change is one transaction with its one audit row (subject kind user).
 *
 * A change of someone's standing locks, before it reads anything it judges by, the rows of the one acting, of the
 * one changed and of every super administrator (FOR UPDATE on PostgreSQL, in the order of their ids, so two
 * changes never wait on each other in a circle; SQLite runs write transactions one at a time). So two super
 * administrators demoting each other at once are judged one after the other: the second finds the first change
 * made — it is no longer a super administrator itself, or the other is the last one — and is refused.
 */
import { sql, type Kysely, type Selectable, type SqlBool } from 'kysely';
import type { BosCustomerAgent, BosUserDetail, BosUserList, BosUserQuery, BosUserRow, BosUserUpdateBody } from '../../contract/bos-people';
import { applyChange, changedParts, refusalOf, type Standing, type StandingPart } from '../../contract/people-rules';
import type { Db } from '../db';
import type { Database, UserTable } from '../db/schema';
import { ApiError } from '../http/errors';
import { recordAudit } from './audit';

type DB = Kysely<Database>;
interface Staff {
  userId: number;
  websiteId: number;
}
type UserRow = Selectable<UserTable>;

/** A user's permissions as stored (a JSON list of strings); anything else reads as none. */
function permissionsOf(json: string): string[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

const standingOf = (row: UserRow): Standing => ({
  id: row.id,
  superadmin: row.is_superadmin === 1,
  has_admin_access: row.has_admin_access === 1,
  sales_agent: row.is_sales_agent === 1,
  commission_bps: row.commission_bps,
  permissions: permissionsOf(row.permissions_json),
  blocked: row.blocked_at !== null,
});

/** `%`, `_` and the escape character itself, escaped for LIKE … ESCAPE '!'. */
const containing = (text: string) => `%${text.replace(/[!%_]/g, (ch) => `!${ch}`)}%`;

/** The digits of a phone number as typed: "+91 98765 00001" → "9876500001". */
const phoneDigits = (q: string) => q.replace(/\D/g, '').replace(/^(91|0)(?=\d{10}$)/, '');

const usersWithAgent = (db: DB, websiteId: number) =>
  db
    .selectFrom('users')
    .leftJoin('agent_customers as ac', (join) => join.onRef('ac.customer_id', '=', 'users.id').on('ac.website_id', '=', websiteId))
    .leftJoin('users as agent', 'agent.id', 'ac.agent_id');

const ROW_COLUMNS = [
  'users.id',
  'users.name',
  'users.phone',
  'users.email',
  'users.created_at',
  'users.is_superadmin',
  'users.has_admin_access',
  'users.is_sales_agent',
  'users.blocked_at',
  'agent.id as agent_id',
  'agent.name as agent_name',
] as const;

type ListedRow = {
  id: number;
  name: string;
  phone: string;
  email: string;
  created_at: string;
  is_superadmin: number;
  has_admin_access: number;
  is_sales_agent: number;
  blocked_at: string | null;
  agent_id: number | null;
  agent_name: string | null;
};

const toRow = (r: ListedRow): BosUserRow => ({
  id: r.id,
  name: r.name,
  phone: r.phone,
  email: r.email,
  joined_at: r.created_at,
  superadmin: r.is_superadmin === 1,
  has_admin_access: r.has_admin_access === 1,
  sales_agent: r.is_sales_agent === 1,
  blocked: r.blocked_at !== null,
  agent: r.agent_id !== null && r.agent_name !== null ? { id: r.agent_id, name: r.agent_name } : null,
});

/**
 * GET /s/api/bos/users: one page of users. `q` is part of a name or an email (any case) or digits of a phone; a
 * search lists by name (A–Z), no search lists the newest first. `role`, `blocked` and `agent_id` (the customers of
 * one sales agent on this website) narrow it. Digits alone (with spaces, +, dashes) search the phone too.
 */
export async function listUsers(db: DB, websiteId: number, query: BosUserQuery): Promise<BosUserList> {
  let base = usersWithAgent(db, websiteId);
  const q = query.q?.trim().toLowerCase();
  if (q) {
    // Digits search the phone only when digits are what was typed ("98765 00001", "+91-98765…"), not a name's.
    const digits = /^[+\d\s()-]+$/.test(q) ? phoneDigits(q) : '';
    base = base.where((eb) =>
      eb.or([
        sql<SqlBool>`lower(users.name) like ${containing(q)} escape '!'`,
        sql<SqlBool>`lower(users.email) like ${containing(q)} escape '!'`,
        ...(digits.length >= 3 ? [sql<SqlBool>`users.phone like ${containing(digits)} escape '!'`] : []),
      ]),
    );
  }
  if (query.role === 'shopper') base = base.where('users.is_superadmin', '=', 0).where('users.has_admin_access', '=', 0).where('users.is_sales_agent', '=', 0);
  if (query.role === 'sales_agent') base = base.where('users.is_sales_agent', '=', 1);
  if (query.role === 'administrator') base = base.where('users.has_admin_access', '=', 1).where('users.is_superadmin', '=', 0);
  if (query.role === 'super_administrator') base = base.where('users.is_superadmin', '=', 1);
  if (query.blocked !== undefined) base = base.where('users.blocked_at', query.blocked ? 'is not' : 'is', null);
  if (query.agent_id !== undefined) base = base.where('ac.agent_id', '=', query.agent_id);
  const { total } = await base.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow();
  let page = base.select(ROW_COLUMNS);
  page = q ? page.orderBy(sql`lower(users.name)`).orderBy('users.id') : page.orderBy('users.created_at', 'desc').orderBy('users.id', 'desc');
  const rows = await page.limit(query.perPage).offset((query.page - 1) * query.perPage).execute();
  return { data: rows.map(toRow), meta: { total: Number(total) } };
}

const count = async (query: { executeTakeFirstOrThrow(): Promise<{ n: number | string | bigint }> }) => Number((await query.executeTakeFirstOrThrow()).n);

/** GET /s/api/bos/users/{id}: one user for their page, as `viewer` sees them (404 for no such user). */
export async function userDetail(db: DB, staff: Staff, id: number, now = new Date()): Promise<BosUserDetail> {
  const row = await usersWithAgent(db, staff.websiteId)
    .where('users.id', '=', id)
    .select(ROW_COLUMNS)
    .select(['users.permissions_json', 'users.commission_bps', 'users.blocked_by'])
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'No such user');
  const viewer = await db.selectFrom('users').selectAll().where('id', '=', staff.userId).executeTakeFirstOrThrow();
  const [blocker, sessions, customers, customersTotal, otherSupers] = await Promise.all([
    row.blocked_by === null ? null : db.selectFrom('users').select(['id', 'name']).where('id', '=', row.blocked_by).executeTakeFirst(),
    count(db.selectFrom('sessions').select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '=', id).where('expires_at', '>', now.toISOString())),
    count(db.selectFrom('agent_customers').select((eb) => eb.fn.countAll<number | string>().as('n')).where('agent_id', '=', id).where('website_id', '=', staff.websiteId)),
    count(db.selectFrom('agent_customers').select((eb) => eb.fn.countAll<number | string>().as('n')).where('agent_id', '=', id)),
    count(
      db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('is_superadmin', '=', 1)
        .where('blocked_at', 'is', null)
        .where('id', '!=', id),
    ),
  ]);
  return {
    ...toRow(row),
    permissions: permissionsOf(row.permissions_json),
    commission_bps: row.commission_bps,
    blocked_at: row.blocked_at,
    blocked_by: row.blocked_at !== null && blocker ? { id: blocker.id, name: blocker.name } : null,
    sessions,
    customers,
    customers_total: customersTotal,
    self: id === staff.userId,
    viewer: { id: viewer.id, superadmin: viewer.is_superadmin === 1, has_admin_access: viewer.has_admin_access === 1, permissions: permissionsOf(viewer.permissions_json) },
    other_active_supers: otherSupers,
  };
}

/** The audit row's action for what a change did: one name when it did one kind of thing. */
function actionOf(parts: StandingPart[], after: Standing): string {
  if (parts.length === 1 && parts[0] === 'blocked') return after.blocked ? 'user.blocked' : 'user.unblocked';
  if (parts.every((p) => p === 'sales_agent' || p === 'commission_bps')) return 'user.sales_agent_changed';
  if (parts.every((p) => p === 'superadmin' || p === 'has_admin_access' || p === 'permissions')) return 'user.roles_changed';
  return 'user.updated';
}

/** One side of the audit row: the changed parts only, as the standing holds them. */
const sideOf = (standing: Standing, parts: StandingPart[]) => Object.fromEntries(parts.map((p) => [p, p === 'permissions' ? [...standing.permissions] : standing[p]]));

/** Whether a standing opens the People screen: a super administrator, or an administrator with people:manage. */
const managesPeople = (s: Standing) => !s.blocked && (s.superadmin || (s.has_admin_access && s.permissions.includes('people:manage')));

/**
 * PUT /s/api/bos/users/{id}: changes a user's roles, permissions, sales-agent standing and commission, or blocks
 * or unblocks them, in one transaction under the rules of contract/people-rules.ts (a refusal is 403 or 409 with
 * the field it is about, and changes nothing). Blocking deletes the user's sessions in the same transaction. A
 * change that changes nothing writes nothing. Answers the user as they are after it.
 */
export async function updateUser(db: Db, staff: Staff, id: number, body: BosUserUpdateBody, now = new Date()): Promise<BosUserDetail> {
  await db.kysely.transaction().execute(async (trx) => {
    const locking = trx
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb.or([eb('id', 'in', [staff.userId, id]), eb('is_superadmin', '=', 1)]))
      .orderBy('id');
    const rows = await (db.dialect === 'postgres' ? locking.forUpdate() : locking).execute();
    const target = rows.find((r) => r.id === id);
    if (!target) throw new ApiError(404, 'No such user');
    const actorRow = rows.find((r) => r.id === staff.userId);
    // Judged again on the locked row: a change that lands just before this one may have taken the right away.
    if (!actorRow || !managesPeople(standingOf(actorRow))) throw new ApiError(403, 'You do not have permission to do this');
    const before = standingOf(target);
    const { reason, ...change } = body;
    const customers =
      before.sales_agent && change.sales_agent === false
        ? await count(trx.selectFrom('agent_customers').select((eb) => eb.fn.countAll<number | string>().as('n')).where('agent_id', '=', id))
        : 0;
    const otherActiveSupers = rows.filter((r) => r.id !== id && r.is_superadmin === 1 && r.blocked_at === null).length;
    const refused = refusalOf(standingOf(actorRow), before, change, { otherActiveSupers, customers });
    if (refused) throw new ApiError(refused.status, refused.message, { [refused.field]: [refused.message] });
    const after = applyChange(before, change);
    const parts = changedParts(before, after);
    if (parts.length === 0) return;

    const blocking = parts.includes('blocked') ? (after.blocked ? { blocked_at: now.toISOString(), blocked_by: staff.userId } : { blocked_at: null, blocked_by: null }) : {};
    await trx
      .updateTable('users')
      .set({
        is_superadmin: after.superadmin ? 1 : 0,
        has_admin_access: after.has_admin_access ? 1 : 0,
        permissions_json: JSON.stringify(after.permissions),
        is_sales_agent: after.sales_agent ? 1 : 0,
        commission_bps: after.commission_bps,
        ...blocking,
      })
      .where('id', '=', id)
      .execute();
    const recordedAfter: Record<string, unknown> = sideOf(after, parts);
    if (parts.includes('blocked') && after.blocked) {
      // Every session of theirs ends with the block: on every website, signed in anywhere.
      const ended = await trx.deleteFrom('sessions').where('user_id', '=', id).executeTakeFirst();
      recordedAfter.sessions_ended = Number(ended.numDeletedRows);
    }
    await recordAudit(
      trx,
      { websiteId: staff.websiteId, userId: staff.userId, action: actionOf(parts, after), subject: { kind: 'user', id }, orderId: null, before: sideOf(before, parts), after: recordedAfter, reason: reason || null },
      now,
    );
  });
  return userDetail(db.kysely, staff, id, now);
}

/**
 * PUT /s/api/bos/customers/{id}/agent: gives the customer to a sales agent on this website (or to none), in one
 * transaction with its audit row; the agents' dashboards read the assignment, so the new agent sees the customer
 * on their next request and the old one no longer does. The old agent's cart for the customer goes with them. The
 * agent must be a sales agent who is not blocked (422, nothing changed); giving the customer to their agent again
 * changes nothing.
 */
export async function setCustomerAgent(db: Db, staff: Staff, customerId: number, agentId: number | null, now = new Date()): Promise<BosCustomerAgent> {
  return db.kysely.transaction().execute(async (trx) => {
    const customer = await trx.selectFrom('users').select(['id', 'name']).where('id', '=', customerId).executeTakeFirst();
    if (!customer) throw new ApiError(404, 'No such user');
    let agent: { id: number; name: string } | null = null;
    if (agentId !== null) {
      const refuse = (message: string) => new ApiError(422, message, { agent_id: [message] });
      if (agentId === customerId) throw refuse('A sales agent cannot be their own customer');
      // Locked, so the agent cannot stop being one (which counts their customers) while this gives them one.
      const query = trx.selectFrom('users').select(['id', 'name', 'is_sales_agent', 'blocked_at']).where('id', '=', agentId);
      const row = await (db.dialect === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
      if (!row || row.is_sales_agent !== 1) throw refuse(`${row ? row.name : 'That user'} is not a sales agent`);
      if (row.blocked_at !== null) throw refuse(`${row.name} is blocked: unblock them first, or choose another agent`);
      agent = { id: row.id, name: row.name };
    }
    const current = await trx
      .selectFrom('agent_customers as ac')
      .innerJoin('users as agent', 'agent.id', 'ac.agent_id')
      .select(['ac.agent_id', 'ac.assigned_at', 'agent.name'])
      .where('ac.website_id', '=', staff.websiteId)
      .where('ac.customer_id', '=', customerId)
      .executeTakeFirst();
    if ((current?.agent_id ?? null) === agentId) {
      return { customer_id: customerId, agent: current ? { id: current.agent_id, name: current.name } : null, assigned_at: current?.assigned_at ?? null };
    }
    const at = now.toISOString();
    if (agent) {
      await trx
        .insertInto('agent_customers')
        .values({ website_id: staff.websiteId, customer_id: customerId, agent_id: agent.id, assigned_at: at })
        .onConflict((oc) => oc.columns(['website_id', 'customer_id']).doUpdateSet({ agent_id: agent.id, assigned_at: at }))
        .execute();
    } else {
      await trx.deleteFrom('agent_customers').where('website_id', '=', staff.websiteId).where('customer_id', '=', customerId).execute();
    }
    // The cart the old agent was building for them is theirs no longer (its lines go with it).
    if (current) await trx.deleteFrom('carts').where('website_id', '=', staff.websiteId).where('customer_id', '=', customerId).where('agent_id', '=', current.agent_id).execute();
    const side = (who: { id: number; name: string } | null) => ({ agent: who?.name ?? null, agent_id: who?.id ?? null });
    await recordAudit(
      trx,
      {
        websiteId: staff.websiteId,
        userId: staff.userId,
        action: !agent ? 'customer.agent_removed' : current ? 'customer.agent_changed' : 'customer.agent_assigned',
        subject: { kind: 'user', id: customerId },
        orderId: null,
        before: side(current ? { id: current.agent_id, name: current.name } : null),
        after: side(agent),
      },
      now,
    );
    return { customer_id: customerId, agent, assigned_at: agent ? at : null };
  });
}
