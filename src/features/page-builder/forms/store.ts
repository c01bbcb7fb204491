import { atom } from 'nanostores';
import type { FormResponse } from '../../../contract/page-builder';
import type { PageBuilderApi } from '../../../lib/api/page-builder';
import { ApiCallError } from '../../../lib/api/client';
import { errorMessage } from '../../../lib/errors';
import { formsHref, loadView, type FormsQuery, type FormsView } from './forms';

/**
 * The Forms screen's state. The page renders the first view on the server (the form, search and page the address
 * asks for); the island carries on: choosing a form, searching or paging loads on its own and the address
 * follows, and an answer that arrives after a newer question was asked is dropped. After a delete the view is
 * loaded again, so the rows leave and the counts follow.
 */
export interface FormsState extends FormsView {
  loading: boolean;
  error: string | null;
  /** Answers a delete is under way on. */
  deleting: number[];
  /** Answers ticked for "Delete selected", on the page shown. */
  selected: number[];
  report: { tone: 'success' | 'error'; text: string } | null;
}

export type FormsApi = Pick<PageBuilderApi, 'formResponses' | 'deleteFormResponse' | 'deleteFormResponses'>;
export type Remember = (href: string, how: 'push' | 'replace') => void;
const rememberInHistory: Remember = (href, how) => (how === 'push' ? history.pushState(history.state, '', href) : history.replaceState(history.state, '', href));

export const $forms = atom<FormsState | null>(null);
const now = () => $forms.get()!;
const update = (change: Partial<FormsState>) => $forms.set({ ...now(), ...change });

export const seededForms = (seed: FormsView): FormsState => ({ ...seed, loading: false, error: null, deleting: [], selected: [], report: null });
export const seedForms = (seed: FormsView) => $forms.set(seededForms(seed));

let asked = 0;
/**
 * Shows a view: another form or a new search is a new history entry at page 1, a page replaces the entry.
 * The ticked answers are let go (they were on the page before); `report` is kept or set.
 */
export async function showForms(client: FormsApi, change: Partial<FormsQuery>, { remember = rememberInHistory, report = null as FormsState['report'] } = {}) {
  const ask = ++asked;
  const before = now().query;
  const formtype = change.formtype !== undefined ? change.formtype : before.formtype;
  const q = change.q !== undefined ? change.q.trim().slice(0, 120) : before.q;
  const fresh = formtype !== before.formtype || q !== before.q;
  const query: FormsQuery = { formtype, q, page: change.page ?? (fresh ? 1 : before.page) };
  update({ query, loading: true, error: null, report, selected: [] });
  remember(formsHref(query), fresh ? 'push' : 'replace');
  try {
    const view = await loadView(client, query);
    // A page emptied by a delete (its last rows went) shows the page before it.
    if (view.list.data.length === 0 && query.page > 1 && view.list.total > 0 && ask === asked) return showForms(client, { page: view.list.last_page }, { remember, report });
    if (ask === asked) update({ ...view, loading: false });
  } catch (failure) {
    if (ask === asked) update({ loading: false, error: errorMessage(failure) });
  }
}

/** Back or forward: the address is already there, only the view follows it. */
export const followAddress = (client: FormsApi, query: FormsQuery) => showForms(client, query, { remember: () => {} });

/** Ticks or unticks an answer for "Delete selected"; `all` ticks every answer on the page, or none when all are. */
export function toggleSelected(id: number | 'all') {
  const { selected, list } = now();
  if (id === 'all') return update({ selected: selected.length === list.data.length ? [] : list.data.map((r) => r.id) });
  update({ selected: selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id] });
}

/**
 * Deletes answers (after the confirm step): one by DELETE /s/api/forms/responses/{id}, several in one call; says
 * what was done, or the refusal in words, and loads the view again. One delete at a time.
 */
export async function deleteAnswers(client: FormsApi, responses: Pick<FormResponse, 'id'>[], remember: Remember = rememberInHistory) {
  if (now().deleting.length || responses.length === 0) return;
  const ids = responses.map((r) => r.id);
  update({ deleting: ids, report: null });
  let report: FormsState['report'];
  try {
    const answer = ids.length === 1 ? await client.deleteFormResponse(ids[0]!) : await client.deleteFormResponses(ids);
    report = { tone: 'success', text: `${answer.message}.` };
  } catch (failure) {
    report = { tone: 'error', text: `Not deleted: ${failure instanceof ApiCallError ? failure.message : errorMessage(failure)}` };
  }
  await showForms(client, {}, { remember, report });
  update({ deleting: [] });
}
