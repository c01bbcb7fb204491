import { atom } from 'nanostores';
import type { BosAuditFilters, BosAuditList } from '../../../contract/bos-people';
import type { PeopleApi } from '../../../lib/api/bos-people';
import { errorMessage } from '../../../lib/errors';
import { auditHref, auditQuery, type AuditQuery } from './audit';

/**
 * The audit log's state. The page renders the first view on the server (the filters and page the address asks
 * for, and the filters' choices); the island carries on: applying filters is a new history entry at page 1, a page
 * or the rows per page replaces the entry, and an answer that arrives after a newer question was asked is dropped.
 */
export interface AuditSeed {
  query: AuditQuery;
  list: BosAuditList;
  options: BosAuditFilters;
}
export interface AuditState extends AuditSeed {
  loading: boolean;
  error: string | null;
}

export type AuditApi = Pick<PeopleApi, 'bosAudit'>;
export type Remember = (href: string, how: 'push' | 'replace') => void;
const rememberInHistory: Remember = (href, how) => (how === 'push' ? history.pushState(history.state, '', href) : history.replaceState(history.state, '', href));

export const $audit = atom<AuditState | null>(null);
const now = () => $audit.get()!;
const update = (change: Partial<AuditState>) => $audit.set({ ...now(), ...change });

export const seededAudit = (seed: AuditSeed): AuditState => ({ ...seed, loading: false, error: null });
export const seedAudit = (seed: AuditSeed) => $audit.set(seededAudit(seed));

let asked = 0;
/** Loads a view: new filters or rows per page start at page 1. */
export async function showAudit(client: AuditApi, change: Partial<AuditQuery>, remember: Remember = rememberInHistory) {
  const ask = ++asked;
  const before = now().query;
  const query: AuditQuery = { ...before, ...change, page: change.page ?? 1 };
  update({ query, loading: true, error: null });
  remember(auditHref(query), change.filters ? 'push' : 'replace');
  try {
    const list = await client.bosAudit(auditQuery(query));
    if (ask === asked) update({ list, loading: false });
  } catch (failure) {
    if (ask === asked) update({ loading: false, error: `The audit log could not be loaded: ${errorMessage(failure)}` });
  }
}

/** Back or forward: the address is already there, only the view follows it. */
export const followAddress = (client: AuditApi, query: AuditQuery) => showAudit(client, query, () => {});
