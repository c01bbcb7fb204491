/**
 * The audit log's pure logic (docs/back-office-people.md#the-audit-log): what the address asks for, the call's
 * query and the CSV's address for a view, what an action and a subject are called, where a subject's page is, and
 * the filters' choices. Every kind of subject reads the same way: kinds and actions without words of their own are
 * said from their codes, never dropped. No DOM, no fetch.
 */
import { AUDIT_EXPORT_MAX_ROWS } from '../../../contract/audit-limits';
import type { BosAuditFilters, BosAuditQuery, BosAuditRow } from '../../../contract/bos-people';
import { plural } from '../../../contract/plural';
import { codeWords } from '../../../lib/audit-diff';
import { ROWS_PER_PAGE_OPTIONS } from '../../../lib/pagination';
import { actionText } from '../orders/order-view';

const AUDIT_PATH = '/bos/admin/audit';
const DEFAULT_PER_PAGE = 50;

/** The filters a person sets; every one is kept in the address. */
export interface AuditFilters {
  who: string;
  subject: string;
  subject_id: string;
  action: string;
  from: string;
  to: string;
}
const FILTER_KEYS = ['who', 'subject', 'subject_id', 'action', 'from', 'to'] as const satisfies readonly (keyof AuditFilters)[];
export const NO_AUDIT_FILTERS: AuditFilters = { who: '', subject: '', subject_id: '', action: '', from: '', to: '' };

export interface AuditQuery {
  filters: AuditFilters;
  page: number;
  perPage: number;
}

const ID = /^[1-9]\d{0,9}$/;
const DATE = /^(19|20)\d\d-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** A calendar date as YYYY-MM-DD that exists (not 30 February). */
const realDate = (v: string) => DATE.test(v) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);
const KEEP: Record<keyof AuditFilters, (v: string) => boolean> = {
  who: (v) => ID.test(v),
  subject: (v) => /^[a-z][a-z0-9_]{0,39}$/.test(v),
  subject_id: (v) => ID.test(v),
  action: (v) => /^[a-z][a-z0-9_.]{0,79}$/.test(v),
  from: (v) => realDate(v),
  to: (v) => realDate(v),
};

/** What the address asks for; anything malformed is left out (never sent to be refused). */
export function readAuditQuery(search: URLSearchParams): AuditQuery {
  const filters = { ...NO_AUDIT_FILTERS };
  for (const key of FILTER_KEYS) {
    const value = (search.get(key) ?? '').trim();
    filters[key] = value && KEEP[key](value) ? value : '';
  }
  // A range the wrong way round is read the right way round.
  if (filters.from && filters.to && filters.from > filters.to) [filters.from, filters.to] = [filters.to, filters.from];
  if (!filters.subject) filters.subject_id = '';
  const page = Number(search.get('page'));
  const perPage = Number(search.get('perPage'));
  return {
    filters,
    page: Number.isSafeInteger(page) && page > 1 && page <= 100_000 ? page : 1,
    perPage: (ROWS_PER_PAGE_OPTIONS as readonly number[]).includes(perPage) ? perPage : DEFAULT_PER_PAGE,
  };
}

const filterParams = (filters: AuditFilters) => {
  const search = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key]) search.set(key, filters[key]);
  return search;
};

/** The address of a view: defaults left out. */
export function auditHref(query: AuditQuery): string {
  const search = filterParams(query.filters);
  if (query.page > 1) search.set('page', String(query.page));
  if (query.perPage !== DEFAULT_PER_PAGE) search.set('perPage', String(query.perPage));
  const text = search.toString();
  return text ? `${AUDIT_PATH}?${text}` : AUDIT_PATH;
}

/** The address of the CSV of a view's filters (every page of it). */
export function exportHref(filters: AuditFilters): string {
  const text = filterParams(filters).toString();
  return `/s/api/bos/audit/export.csv${text ? `?${text}` : ''}`;
}

/** The call's query for a view (GET /s/api/bos/audit). */
export function auditQuery(query: AuditQuery): Partial<BosAuditQuery> {
  const out: Record<string, string | number> = { page: query.page, perPage: query.perPage };
  for (const key of FILTER_KEYS) if (query.filters[key]) out[key] = key === 'who' || key === 'subject_id' ? Number(query.filters[key]) : query.filters[key];
  return out as Partial<BosAuditQuery>;
}

export const activeFilters = (filters: AuditFilters) => FILTER_KEYS.filter((key) => filters[key] !== '').length;

const ACTION_WORDS: Record<string, string> = {
  'user.roles_changed': 'Roles and permissions changed',
  'user.sales_agent_changed': 'Sales agent standing changed',
  'user.blocked': 'Blocked',
  'user.unblocked': 'Unblocked',
  'user.updated': 'Changed',
  'customer.agent_assigned': 'Given to a sales agent',
  'customer.agent_changed': 'Given to another sales agent',
  'customer.agent_removed': 'Taken from their sales agent',
};

/** What an action was, in words: the people's and orders' own, else its code in words ("Product updated"). */
export function actionWords(action: string): string {
  const known = ACTION_WORDS[action] ?? actionText(action);
  return known !== action ? known : codeWords(action);
}

/** The page of a row's subject in the back office, where there is one: a user's, or the order's. */
export function subjectHref(row: Pick<BosAuditRow, 'subject' | 'order'>): string | null {
  if (row.subject.kind === 'user') return `/bos/admin/people/${row.subject.id}`;
  if (row.order) return `/bos/admin/orders/${row.order.id}`;
  return null;
}

/** The subject as a row says it: "User · Asha Verma", "Order · AF-000123", "Product #42". */
export function subjectText(row: Pick<BosAuditRow, 'subject'>): string {
  return row.subject.name ? `${codeWords(row.subject.kind)} · ${row.subject.name}` : `${codeWords(row.subject.kind)} #${row.subject.id}`;
}

export interface Choice {
  value: string;
  label: string;
}

/** The lists of the who, subject and action filters; a value in the address that is not offered stays chosen. */
export function filterChoices(options: BosAuditFilters, filters: AuditFilters): Record<'who' | 'subject' | 'action', Choice[]> {
  const keep = (choices: Choice[], value: string, label: (v: string) => string) => (value && !choices.some((c) => c.value === value) ? [...choices, { value, label: label(value) }] : choices);
  return {
    who: keep(options.people.map((p) => ({ value: String(p.id), label: p.name })), filters.who, (v) => `Person #${v}`),
    subject: keep(options.subjects.map((s) => ({ value: s, label: codeWords(s) })), filters.subject, codeWords),
    action: keep(options.actions.map((a) => ({ value: a, label: `${actionWords(a)} (${a})` })), filters.action, (a) => `${actionWords(a)} (${a})`),
  };
}

/** What the export holds, said beside its link: all the rows, or the newest of them when there are more. */
export function exportNote(total: number): string {
  if (total > AUDIT_EXPORT_MAX_ROWS) return `The CSV holds the newest ${AUDIT_EXPORT_MAX_ROWS.toLocaleString('en-IN')} of these ${total.toLocaleString('en-IN')} changes: narrow the dates for the rest.`;
  return `The CSV holds all ${plural(total, 'change', 'changes')} shown by these filters.`;
}
