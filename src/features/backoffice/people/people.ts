/**
 * The People screens' pure logic (docs/back-office-people.md): what the list's address asks for, a user's forms
 * and the body each sends (only what changed), which control the viewer may not touch and why (the API's own
 * rules, contract/people-rules.ts, asked about each control), and what a change did, in words. No DOM, no fetch.
 */
import type { BosUserDetail, BosUserQuery, BosUserRole, BosUserRow, BosUserUpdateBody } from '../../../contract/bos-people';
import { MAX_COMMISSION_BPS, refusalOf, type Standing, type StandingChange } from '../../../contract/people-rules';
import { plural } from '../../../contract/plural';
import { STAFF_PERMISSIONS, type StaffPermission } from '../../../contract/staff-permissions';

const PEOPLE_PATH = '/bos/admin/people';
export const PER_PAGE = 20;

const ROLE_LABELS: Record<BosUserRole, string> = {
  shopper: 'Shoppers',
  sales_agent: 'Sales agents',
  administrator: 'Administrators',
  super_administrator: 'Super administrators',
};
const ROLES = Object.keys(ROLE_LABELS) as BosUserRole[];
export const ROLE_CHOICES = ROLES.map((value) => ({ value, label: ROLE_LABELS[value] }));
export const BLOCKED_CHOICES = [
  { value: 'false', label: 'Not blocked' },
  { value: 'true', label: 'Blocked' },
];

/** What each permission lets someone do, as the user's page says it beside its box. */
export const PERMISSION_WORDS: Record<StaffPermission, { label: string; hint: string }> = {
  'order:view': { label: 'See orders', hint: 'The orders queue, an order, refunds and printouts, without changing them' },
  'order:manage': { label: 'Run orders', hint: 'Confirm, pack, send out, deliver and cancel orders; refunds' },
  'catalogue:manage': { label: 'Catalogue', hint: 'Products, prices, stock, categories, brands, suppliers, warehouses' },
  'coupon:manage': { label: 'Coupons', hint: 'Create and change coupons' },
  'delivery:manage': { label: 'Delivery', hint: 'Zones, pincodes, windows and charges' },
  'people:manage': { label: 'People and audit log', hint: 'This screen: roles, sales agents, blocking; the audit log' },
  'website_setting:view': { label: 'See the page builder', hint: 'Pages, the website and media, without changing them' },
  'website_setting:edit': { label: 'Edit the website', hint: 'Publish pages, change the website, upload media' },
  'pos_access:view': { label: 'Point of sale', hint: 'The shop counter' },
};

/** The list's view, as its address keeps it (`?q=asha&role=sales_agent&blocked=true&agent=5&page=2`). */
export interface PeopleQuery {
  q: string;
  role: BosUserRole | '';
  blocked: '' | 'true' | 'false';
  /** The customers of this sales agent (an id), or ''. */
  agent: string;
  page: number;
}
export const NO_PEOPLE_FILTERS: Omit<PeopleQuery, 'page'> = { q: '', role: '', blocked: '', agent: '' };

/** What the address asks for; anything malformed is left out. */
export function readPeopleQuery(search: URLSearchParams): PeopleQuery {
  const q = (search.get('q') ?? '').trim().slice(0, 80);
  const role = search.get('role') ?? '';
  const blocked = search.get('blocked') ?? '';
  const agent = search.get('agent') ?? '';
  const page = Number(search.get('page'));
  return {
    q,
    role: (ROLES as string[]).includes(role) ? (role as BosUserRole) : '',
    blocked: blocked === 'true' || blocked === 'false' ? blocked : '',
    agent: /^[1-9]\d{0,9}$/.test(agent) ? agent : '',
    page: Number.isSafeInteger(page) && page > 1 && page <= 100_000 ? page : 1,
  };
}

/** The address of a view: what is not set is left out, so the plain list is just /bos/admin/people. */
export function peopleHref(query: PeopleQuery): string {
  const search = new URLSearchParams();
  if (query.q.trim()) search.set('q', query.q.trim());
  if (query.role) search.set('role', query.role);
  if (query.blocked) search.set('blocked', query.blocked);
  if (query.agent) search.set('agent', query.agent);
  if (query.page > 1) search.set('page', String(query.page));
  const text = search.toString();
  return text ? `${PEOPLE_PATH}?${text}` : PEOPLE_PATH;
}

/** The call's query for a view (GET /s/api/bos/users). */
export function usersQuery(query: PeopleQuery): Partial<BosUserQuery> {
  return {
    page: query.page,
    perPage: PER_PAGE,
    ...(query.q.trim() ? { q: query.q.trim() } : {}),
    ...(query.role ? { role: query.role } : {}),
    ...(query.blocked ? { blocked: query.blocked === 'true' } : {}),
    ...(query.agent ? { agent_id: Number(query.agent) } : {}),
  };
}

/** How many filters narrow the list (the search is not one). */
export const activeFilters = (query: PeopleQuery) => [query.role, query.blocked, query.agent].filter(Boolean).length;

/** A user's roles as badges, the strongest first; a shopper has none. */
export function roleBadges(user: Pick<BosUserRow, 'superadmin' | 'has_admin_access' | 'sales_agent'>): string[] {
  const badges: string[] = [];
  if (user.superadmin) badges.push('Super administrator');
  else if (user.has_admin_access) badges.push('Administrator');
  if (user.sales_agent) badges.push('Sales agent');
  return badges;
}

/** The caption of the list: "3 users, newest first", "1 user named like 'asha', A–Z". */
export function listCaption(query: PeopleQuery, total: number): string {
  return query.q.trim() ? `${plural(total, 'user', 'users')} found for "${query.q.trim()}", by name` : `${plural(total, 'user', 'users')}, newest first`;
}

/** The user as the rules read them. */
const targetOf = (d: BosUserDetail): Standing => ({
  id: d.id,
  superadmin: d.superadmin,
  has_admin_access: d.has_admin_access,
  sales_agent: d.sales_agent,
  commission_bps: d.commission_bps,
  permissions: d.permissions,
  blocked: d.blocked,
});
/** The one looking, as the rules read them (signed in: not blocked). */
const viewerOf = (d: BosUserDetail): Standing => ({ ...d.viewer, sales_agent: false, commission_bps: 0, blocked: false });

/** Why the viewer may not make this change to the user (the API's words), or null when they may. */
function whyNot(detail: BosUserDetail, change: StandingChange): string | null {
  return refusalOf(viewerOf(detail), targetOf(detail), change, { otherActiveSupers: detail.other_active_supers, customers: detail.customers_total })?.message ?? null;
}

/** The roles form: the boxes as they stand. */
export interface RolesForm {
  superadmin: boolean;
  has_admin_access: boolean;
  permissions: StaffPermission[];
}
const knownPermissions = (list: readonly string[]) => STAFF_PERMISSIONS.filter((p) => list.includes(p));
export const rolesFormOf = (d: BosUserDetail): RolesForm => ({ superadmin: d.superadmin, has_admin_access: d.has_admin_access, permissions: knownPermissions(d.permissions) });

/** The roles form's locks: each box the viewer may not change from what is saved, with why. */
export function rolesLocks(d: BosUserDetail): { superadmin: string | null; has_admin_access: string | null; permissions: Record<StaffPermission, string | null> } {
  const saved = knownPermissions(d.permissions);
  const flipped = (p: StaffPermission) => (saved.includes(p) ? saved.filter((x) => x !== p) : [...saved, p]);
  return {
    superadmin: whyNot(d, { superadmin: !d.superadmin }),
    has_admin_access: whyNot(d, { has_admin_access: !d.has_admin_access }),
    permissions: Object.fromEntries(STAFF_PERMISSIONS.map((p) => [p, whyNot(d, { permissions: flipped(p) })])) as Record<StaffPermission, string | null>,
  };
}

/** The roles form's body: only the parts that differ from what is saved; null when nothing does. */
export function rolesBody(d: BosUserDetail, form: RolesForm): BosUserUpdateBody | null {
  const body: BosUserUpdateBody = {};
  if (form.superadmin !== d.superadmin) body.superadmin = form.superadmin;
  if (form.has_admin_access !== d.has_admin_access) body.has_admin_access = form.has_admin_access;
  const saved = knownPermissions(d.permissions);
  const chosen = knownPermissions(form.permissions);
  if (saved.length !== chosen.length || saved.some((p) => !chosen.includes(p))) body.permissions = chosen;
  return Object.keys(body).length ? body : null;
}

/** What a roles change takes away, in words, for the confirm step; null when it takes nothing away. */
export function removalText(d: BosUserDetail, body: BosUserUpdateBody): string | null {
  const lost: string[] = [];
  if (body.superadmin === false) lost.push('super administrator');
  if (body.has_admin_access === false) lost.push('back-office access');
  if (body.permissions) lost.push(...knownPermissions(d.permissions).filter((p) => !body.permissions!.includes(p)).map((p) => PERMISSION_WORDS[p].label));
  if (body.sales_agent === false) lost.push('sales agent');
  if (!lost.length) return null;
  return `${d.name} loses ${lost.join(', ')}. Any page of theirs that needs it is refused from their next click.`;
}

/** The sales-agent form: whether they are one, and their commission in percent as typed. */
export interface AgentForm {
  sales_agent: boolean;
  commission: string;
}
/** A commission in percent as the form shows it: 200 → "2", 350 → "3.5". */
export const commissionText = (bps: number) => String(Math.round(bps) / 100);
export const agentFormOf = (d: BosUserDetail): AgentForm => ({ sales_agent: d.sales_agent, commission: commissionText(d.commission_bps) });

/** A commission typed in percent, in basis points, or what is wrong with it. */
export function parseCommission(text: string): { bps: number } | { problem: string } {
  const t = text.trim().replace(/%$/, '').trim();
  if (!t) return { problem: 'Enter the commission in percent, such as 2 or 2.5' };
  if (!/^\d{1,2}(\.\d{1,2})?$/.test(t)) return { problem: 'Enter the commission in percent, with at most two decimals, such as 2.5' };
  const bps = Math.round(Number(t) * 100);
  if (bps > MAX_COMMISSION_BPS) return { problem: `Commission is at most ${MAX_COMMISSION_BPS / 100}%` };
  return { bps };
}

/** The sales-agent form's body (only what changed; null when nothing did), or what is wrong with it. */
export function agentBody(d: BosUserDetail, form: AgentForm): { body: BosUserUpdateBody | null } | { problem: { field: 'commission'; message: string } } {
  const body: BosUserUpdateBody = {};
  if (form.sales_agent !== d.sales_agent) body.sales_agent = form.sales_agent;
  if (form.sales_agent) {
    const parsed = parseCommission(form.commission);
    if ('problem' in parsed) return { problem: { field: 'commission', message: parsed.problem } };
    if (parsed.bps !== d.commission_bps) body.commission_bps = parsed.bps;
  }
  return { body: Object.keys(body).length ? body : null };
}

/** The sales-agent form's locks: the box and the commission, with why the viewer may not change them. */
export const agentLocks = (d: BosUserDetail) => ({
  sales_agent: whyNot(d, { sales_agent: !d.sales_agent }),
  commission: whyNot(d, { commission_bps: d.commission_bps === 0 ? 1 : d.commission_bps - 1 }),
});

/** Whether the forms hold changes not saved (the page warns before it is left). */
export const unsaved = (d: BosUserDetail, roles: RolesForm, agent: AgentForm) => {
  const a = agentBody(d, agent);
  return rolesBody(d, roles) !== null || !('body' in a) || a.body !== null;
};

/** The block's lock: why the viewer may not block (or unblock) the user, or null. */
export const blockLock = (d: BosUserDetail) => whyNot(d, { blocked: !d.blocked });

/** What blocking does, said before it is done. */
export const blockQuestion = (d: Pick<BosUserDetail, 'name' | 'sessions'>) =>
  `${d.name} is signed out everywhere at once${d.sessions ? ` (${plural(d.sessions, 'session', 'sessions')})` : ''} and cannot sign in again until unblocked. Their orders, addresses and customers stay as they are.`;

/** The sales agents a customer may be given to: those offered, and the present one even if not offered. */
export function agentChoices(agents: readonly Pick<BosUserRow, 'id' | 'name' | 'phone' | 'blocked'>[], d: Pick<BosUserDetail, 'id' | 'agent'>): { value: string; label: string }[] {
  const choices = agents.filter((a) => a.id !== d.id && !a.blocked).map((a) => ({ value: String(a.id), label: `${a.name} (${a.phone})` }));
  if (d.agent && !choices.some((c) => c.value === String(d.agent!.id))) choices.unshift({ value: String(d.agent.id), label: d.agent.name });
  return choices;
}

/** What giving a customer to an agent did. */
export function assignedText(name: string, before: BosUserDetail['agent'], after: BosUserDetail['agent']): string {
  if (!after) return `${name} is no longer a customer of ${before?.name ?? 'any sales agent'}.`;
  return before ? `${name} is now a customer of ${after.name} (no longer of ${before.name}).` : `${name} is now a customer of ${after.name}.`;
}

/** What a saved change did, in words. */
export function savedText(before: BosUserDetail, after: BosUserDetail): string {
  if (before.blocked !== after.blocked) return after.blocked ? `${after.name} is blocked and signed out everywhere.` : `${after.name} is unblocked and may sign in again.`;
  if (before.sales_agent !== after.sales_agent) return after.sales_agent ? `${after.name} is a sales agent now, at ${commissionText(after.commission_bps)}% commission.` : `${after.name} is no longer a sales agent.`;
  if (before.commission_bps !== after.commission_bps) return `${after.name}'s commission is ${commissionText(after.commission_bps)}% now.`;
  return `${after.name}'s roles and permissions are saved.`;
}
