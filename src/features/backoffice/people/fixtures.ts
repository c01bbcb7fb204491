/** Users as the People calls answer them, for the People screens' tests. */
import type { BosAuditRow, BosUserDetail, BosUserRow } from '../../../contract/bos-people';

export const row = (id: number, change: Partial<BosUserRow> = {}): BosUserRow => ({
  id,
  name: `Person ${id}`,
  phone: `98765${String(id).padStart(5, '0')}`,
  email: `person${id}@example.com`,
  joined_at: '2026-11-20T05:00:00.000Z',
  superadmin: false,
  has_admin_access: false,
  sales_agent: false,
  blocked: false,
  agent: null,
  ...change,
});

/** A user seen by Meera (id 3): an administrator with every permission but order:view, not a super administrator. */
export const detail = (id: number, change: Partial<BosUserDetail> = {}): BosUserDetail => ({
  ...row(id),
  permissions: [],
  commission_bps: 200,
  blocked_at: null,
  blocked_by: null,
  sessions: 1,
  customers: 0,
  customers_total: 0,
  self: id === 3,
  viewer: { id: 3, superadmin: false, has_admin_access: true, permissions: ['order:manage', 'catalogue:manage', 'coupon:manage', 'delivery:manage', 'people:manage'] },
  other_active_supers: 1,
  ...change,
});

export const auditRow = (id: number, change: Partial<BosAuditRow> = {}): BosAuditRow => ({
  id,
  at: '2026-11-25T18:30:00.000Z',
  who: { id: 3, name: 'Meera Iyer' },
  action: 'user.roles_changed',
  subject: { kind: 'user', id: 7, name: 'Asha Verma' },
  order: null,
  before: { permissions: [] },
  after: { permissions: ['catalogue:manage'] },
  reason: null,
  ...change,
});
