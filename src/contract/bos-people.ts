/**
 * The back office's People and Audit log calls (docs/back-office-people.md): users found by name, phone or email,
 * their roles, permissions, sales-agent standing and block; customers given to sales agents; and every staff
 * change as the audit log keeps it. Permission people:manage (a super administrator holds it).
 */
import { z } from 'zod';
import { Flag, Id, pagingQuery } from './common';
import { MAX_COMMISSION_BPS } from './people-rules';
import { STAFF_PERMISSIONS } from './staff-permissions';
import { Text } from './rules';

/** The role filter of the users list: shoppers hold none of the other three. */
const BOS_USER_ROLES = ['shopper', 'sales_agent', 'administrator', 'super_administrator'] as const;
export type BosUserRole = (typeof BOS_USER_ROLES)[number];

export const BosUserQuery = z
  .object({
    ...pagingQuery(20),
    q: Text('Search', { max: 80 }).optional().meta({ description: 'Part of a name or an email (any case), or digits of a phone number' }),
    role: z.enum(BOS_USER_ROLES, { error: `role must be one of ${BOS_USER_ROLES.join(', ')}` }).optional(),
    blocked: Flag('blocked').optional().meta({ description: 'true: only blocked users; false: only those who are not' }),
    agent_id: Id.optional().meta({ description: "Only the customers of this sales agent on the website" }),
  })
  .meta({ id: 'BosUserQuery' });
export type BosUserQuery = z.infer<typeof BosUserQuery>;

const Person = z.object({ id: z.number().int(), name: z.string() });

/** A user as the list shows them. `agent`: the sales agent they are a customer of on this website. */
export const BosUserRow = z
  .object({
    id: z.number().int(),
    name: z.string(),
    phone: z.string(),
    email: z.string(),
    joined_at: z.string(),
    superadmin: z.boolean(),
    has_admin_access: z.boolean(),
    sales_agent: z.boolean(),
    blocked: z.boolean(),
    agent: Person.nullable(),
  })
  .meta({ id: 'BosUserRow' });
export type BosUserRow = z.infer<typeof BosUserRow>;

export const BosUserList = z.object({ data: z.array(BosUserRow), meta: z.object({ total: z.number().int() }) }).meta({ id: 'BosUserList' });
export type BosUserList = z.infer<typeof BosUserList>;

/**
 * One user for their page: the row, their permissions and commission, who blocked them when, how many sessions
 * they have, their customers as a sales agent (on this website, and on every website), and what the page needs to
 * judge each control with the same rules as the API (contract/people-rules.ts): who is looking, and how many
 * other super administrators are not blocked.
 */
export const BosUserDetail = BosUserRow.extend({
  permissions: z.array(z.string()),
  commission_bps: z.number().int(),
  blocked_at: z.string().nullable(),
  blocked_by: Person.nullable(),
  sessions: z.number().int(),
  customers: z.number().int(),
  customers_total: z.number().int(),
  self: z.boolean(),
  viewer: z.object({ id: z.number().int(), superadmin: z.boolean(), has_admin_access: z.boolean(), permissions: z.array(z.string()) }),
  other_active_supers: z.number().int(),
}).meta({ id: 'BosUserDetail' });
export type BosUserDetail = z.infer<typeof BosUserDetail>;

const Yes = (label: string) => z.boolean({ error: `${label} must be true or false` });

/**
 * PUT /s/api/bos/users/{id}: any of the parts; one left out stays as it is. `permissions` is the whole list of
 * staff permissions the user holds afterwards. `reason` goes into the audit row (why someone was blocked).
 */
export const BosUserUpdateBody = z
  .object({
    superadmin: Yes('Super administrator').optional(),
    has_admin_access: Yes('Back-office access').optional(),
    permissions: z
      .array(z.enum(STAFF_PERMISSIONS, { error: `Permissions must be among ${STAFF_PERMISSIONS.join(', ')}` }))
      .max(STAFF_PERMISSIONS.length)
      .refine((list) => new Set(list).size === list.length, 'Name each permission once')
      .optional(),
    sales_agent: Yes('Sales agent').optional(),
    commission_bps: z
      .number({ error: 'Commission must be a whole number of basis points' })
      .int('Commission must be a whole number of basis points')
      .min(0, 'Commission cannot be negative')
      .max(MAX_COMMISSION_BPS, `Commission is at most ${MAX_COMMISSION_BPS / 100}%`)
      .optional(),
    blocked: Yes('Blocked').optional(),
    reason: Text('Reason', { max: 300 }).optional(),
  })
  .refine((b) => ['superadmin', 'has_admin_access', 'permissions', 'sales_agent', 'commission_bps', 'blocked'].some((k) => k in b && b[k as keyof typeof b] !== undefined), {
    message: 'Say what to change',
  })
  .meta({ id: 'BosUserUpdateBody' });
export type BosUserUpdateBody = z.infer<typeof BosUserUpdateBody>;

/** PUT /s/api/bos/customers/{id}/agent: the sales agent the customer is given to on this website, or null for none. */
export const BosCustomerAgentBody = z
  .object({ agent_id: z.union([Id, z.null()], { error: 'Choose a sales agent, or none' }) })
  .meta({ id: 'BosCustomerAgentBody' });
export type BosCustomerAgentBody = z.infer<typeof BosCustomerAgentBody>;

export const BosCustomerAgent = z
  .object({ customer_id: z.number().int(), agent: Person.nullable(), assigned_at: z.string().nullable() })
  .meta({ id: 'BosCustomerAgent' });
export type BosCustomerAgent = z.infer<typeof BosCustomerAgent>;

const dateWords = 'must be a date as YYYY-MM-DD';
const IndiaDate = (name: string) =>
  z
    .string({ error: `${name} ${dateWords}` })
    .regex(/^(19|20)\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, `${name} ${dateWords}`)
    .refine((v) => {
      const day = new Date(`${v}T00:00:00Z`);
      return Number.isNaN(day.getTime()) || day.toISOString().startsWith(v);
    }, `${name} is not a real date`);

/** A subject kind or an action as the audit keeps them: lower-case words (the filters read them from the table). */
const AUDIT_KIND = /^[a-z][a-z0-9_]{0,39}$/;
const AUDIT_ACTION = /^[a-z][a-z0-9_.]{0,79}$/;

/** The audit log's filters, shared by the list and the CSV export. Dates are India's calendar days, both included. */
const auditFilters = {
  who: Id.optional().meta({ description: 'The staff member who made the change' }),
  subject: z.string().regex(AUDIT_KIND, 'subject must be a kind of subject such as order or user').optional(),
  subject_id: Id.optional(),
  action: z.string().regex(AUDIT_ACTION, 'action must be an action such as user.blocked').optional(),
  from: IndiaDate('from').optional(),
  to: IndiaDate('to').optional(),
};
const datesInOrder = (q: { from?: string; to?: string }) => !q.from || !q.to || q.from <= q.to;

export const BosAuditQuery = z
  .object({ ...pagingQuery(50), ...auditFilters })
  .refine(datesInOrder, { message: 'from must not be after to', path: ['from'] })
  .meta({ id: 'BosAuditQuery' });
export type BosAuditQuery = z.infer<typeof BosAuditQuery>;

export const BosAuditExportQuery = z.object(auditFilters).refine(datesInOrder, { message: 'from must not be after to', path: ['from'] }).meta({ id: 'BosAuditExportQuery' });
export type BosAuditExportQuery = z.infer<typeof BosAuditExportQuery>;

/** One staff change: who, when (ISO), what, about what, before → after as recorded (JSON), and why. */
export const BosAuditRow = z
  .object({
    id: z.number().int(),
    at: z.string(),
    who: z.object({ id: z.number().int(), name: z.string().nullable() }),
    action: z.string(),
    subject: z.object({ kind: z.string(), id: z.number().int(), name: z.string().nullable() }),
    order: z.object({ id: z.number().int(), ordernumber: z.string().nullable() }).nullable(),
    before: z.unknown(),
    after: z.unknown(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'BosAuditRow' });
export type BosAuditRow = z.infer<typeof BosAuditRow>;

export const BosAuditList = z.object({ data: z.array(BosAuditRow), meta: z.object({ total: z.number().int() }) }).meta({ id: 'BosAuditList' });
export type BosAuditList = z.infer<typeof BosAuditList>;

/** What the audit log's filters offer: the people, kinds of subject and actions found in this website's log. */
export const BosAuditFilters = z
  .object({ people: z.array(Person), subjects: z.array(z.string()), actions: z.array(z.string()) })
  .meta({ id: 'BosAuditFilters' });
export type BosAuditFilters = z.infer<typeof BosAuditFilters>;

/** The CSV text of an export (text/csv; charset=utf-8, a byte order mark first). */
export const BosAuditCsv = z.string().meta({ id: 'BosAuditCsv' });
