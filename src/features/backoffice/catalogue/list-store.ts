import { atom } from 'nanostores';
import type { BosCatalogueApi } from '../../../lib/api/bos-catalogue';
import { ApiCallError } from '../../../lib/api/client';
import { errorMessage } from '../../../lib/errors';
import { apiFieldErrors, formBody, KINDS, listHref, loadList, rowName, type AnyRow, type FormValues, type ListKind, type ListQuery, type ListView } from './lists';

/**
 * A Catalogue list's state (brands, suppliers, warehouses or synonym groups). The page renders the first view on
 * the server (the search and page the address asks for); the island carries on: typing a search or turning a page
 * loads on its own and the address follows, and an answer that arrives after a newer question was asked is
 * dropped. After a save or a removal the page is loaded again, and the report says what was done.
 */
export interface ListState extends ListView {
  loading: boolean;
  error: string | null;
  /** A save or removal under way. */
  busy: boolean;
  report: { tone: 'success' | 'error'; text: string } | null;
}

export type CatalogueListApi = Pick<
  BosCatalogueApi,
  | 'bosBrands' | 'bosCreateBrand' | 'bosUpdateBrand' | 'bosRemoveBrand'
  | 'bosSuppliers' | 'bosCreateSupplier' | 'bosUpdateSupplier' | 'bosRemoveSupplier'
  | 'bosWarehouses' | 'bosCreateWarehouse' | 'bosUpdateWarehouse' | 'bosRemoveWarehouse'
  | 'bosSynonyms' | 'bosAddSynonyms' | 'bosUpdateSynonyms' | 'bosRemoveSynonyms'
>;
export type Remember = (href: string, how: 'push' | 'replace') => void;
const rememberInHistory: Remember = (href, how) => (how === 'push' ? history.pushState(history.state, '', href) : history.replaceState(history.state, '', href));

export const $list = atom<ListState | null>(null);
const now = () => $list.get()!;
const update = (change: Partial<ListState>) => $list.set({ ...now(), ...change });

export const seededList = (seed: ListView): ListState => ({ ...seed, loading: false, error: null, busy: false, report: null });
export const seedList = (seed: ListView) => $list.set(seededList(seed));

let asked = 0;
/** Shows a view: a new search is a new history entry at page 1, a page replaces the entry. `report` is kept or set. */
export async function showList(client: CatalogueListApi, change: Partial<ListQuery>, { remember = rememberInHistory, report = null as ListState['report'] } = {}) {
  const ask = ++asked;
  const { kind, query: before } = now();
  const q = change.q !== undefined ? change.q.trim().slice(0, 80) : before.q;
  const fresh = q !== before.q;
  const query: ListQuery = { q, page: change.page ?? (fresh ? 1 : before.page) };
  update({ query, loading: true, error: null, report });
  remember(listHref(kind, query), fresh ? 'push' : 'replace');
  try {
    const view = await loadList(client, kind, query);
    // A page emptied by a removal (its last row went) shows the page before it.
    if (view.list.data.length === 0 && query.page > 1 && view.list.meta.total > 0 && ask === asked) return showList(client, { page: query.page - 1 }, { remember, report });
    if (ask === asked) update({ ...view, loading: false });
  } catch (failure) {
    if (ask === asked) update({ loading: false, error: errorMessage(failure) });
  }
}

/** Back or forward: the address is already there, only the view follows it. */
export const followAddress = (client: CatalogueListApi, query: ListQuery) => showList(client, query, { remember: () => {} });

/** Each list's calls, by what they do. */
function callsOf(client: CatalogueListApi, kind: ListKind) {
  switch (kind) {
    case 'brands':
      return { create: client.bosCreateBrand, update: client.bosUpdateBrand, remove: client.bosRemoveBrand };
    case 'suppliers':
      return { create: client.bosCreateSupplier, update: client.bosUpdateSupplier, remove: client.bosRemoveSupplier };
    case 'warehouses':
      return { create: client.bosCreateWarehouse, update: client.bosUpdateWarehouse, remove: client.bosRemoveWarehouse };
    case 'synonyms':
      return {
        create: (body: { terms: string[] }) => client.bosAddSynonyms(body.terms),
        update: (no: number, body: { terms: string[] }) => client.bosUpdateSynonyms(no, body.terms),
        remove: client.bosRemoveSynonyms,
      };
  }
}

const idOf = (kind: ListKind, row: AnyRow) => (kind === 'synonyms' ? (row as { no: number }).no : (row as { id: number }).id);

/**
 * Saves a form: a new row (editing null) or changes to one. Resolves to what is wrong by field (said in the form,
 * nothing changed: the form's own check, or the API's refusal), or null once saved (the form closes, the page is
 * loaded again and the report says what was done).
 */
export async function saveRow(client: CatalogueListApi, editing: AnyRow | null, values: FormValues, remember: Remember = rememberInHistory): Promise<Record<string, string> | null> {
  const { kind } = now();
  const built = formBody(kind, values);
  if ('errors' in built) return built.errors;
  if (now().busy) return { _: 'Wait for the last change to finish' };
  update({ busy: true, report: null });
  const calls = callsOf(client, kind);
  try {
    const saved = (editing ? await calls.update(idOf(kind, editing), built.body as never) : await calls.create(built.body as never)) as AnyRow;
    const text = `${capital(rowName(kind, saved))} ${editing ? 'saved' : 'added'}.`;
    update({ busy: false });
    await showList(client, {}, { remember, report: { tone: 'success', text } });
    return null;
  } catch (failure) {
    update({ busy: false });
    const errors = apiFieldErrors(kind, failure, built.body);
    return Object.keys(errors).length ? errors : { _: errorMessage(failure) };
  }
}

/** Removes a row (after the confirm step), says what was done or the refusal in words, and loads the page again. */
export async function removeRow(client: CatalogueListApi, row: AnyRow, remember: Remember = rememberInHistory) {
  const { kind } = now();
  if (now().busy) return;
  update({ busy: true, report: null });
  let report: ListState['report'];
  try {
    report = { tone: 'success', text: `${(await callsOf(client, kind).remove(idOf(kind, row))).message}.` };
  } catch (failure) {
    report = { tone: 'error', text: `Not removed: ${failure instanceof ApiCallError ? failure.message : errorMessage(failure)}` };
  }
  update({ busy: false });
  await showList(client, {}, { remember, report });
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The name of the list's Add button: "Add brand". */
export const addLabel = (kind: ListKind) => `Add ${KINDS[kind].one}`;
