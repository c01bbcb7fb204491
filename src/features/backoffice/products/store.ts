import { atom } from 'nanostores';
import type { BosPack, BosProductList, BosProductQuery } from '../../../contract/bos-products';
import { ApiCallError } from '../../../lib/api/client';
import type { BosProductsApi } from '../../../lib/api/bos-products';
import { errorMessage } from '../../../lib/errors';
import { nextQuery, productsHref, sameQuestion, type ProductsQuery } from './list';
import { isChanged, quickBody, refusal, savedText, typeInto, type EditMode, type QuickField, type RowEdit } from './quick-edit';

/**
 * The products list's state. The page renders the first view on the server (seedProducts with what it loaded);
 * the island carries on: a search (as typed, once it pauses), a filter or a page loads on its own and the
 * address follows, and an answer that arrives after a newer question was asked is dropped. The quick edit keeps
 * what is typed per pack; Enter saves a pack's row (PUT /s/api/bos/packs/{id}), Escape undoes it.
 */
export interface ProductsState {
  query: ProductsQuery;
  list: BosProductList;
  loading: boolean;
  error: string | null;
  mode: EditMode;
  /** What is typed in the quick edit, and how each row stands, by pack id. */
  edits: Record<number, RowEdit>;
  /** What a saved row said, by pack id (quiet: beside the row, and once in the list's live region). */
  said: Record<number, string>;
}

export type ProductsApi = Pick<BosProductsApi, 'bosProducts' | 'bosQuickEditPack'>;
export type ProductsSeed = Pick<ProductsState, 'query' | 'list'> & { error?: string | null };
type Remember = (href: string) => void;
const rememberInHistory: Remember = (href) => history.replaceState(history.state, '', href);

export const $products = atom<ProductsState | null>(null);
const now = () => $products.get()!;
const update = (change: Partial<ProductsState>) => $products.set({ ...now(), ...change });

export const seededProducts = (seed: ProductsSeed): ProductsState => ({ query: seed.query, list: seed.list, error: seed.error ?? null, loading: false, mode: 'stock', edits: {}, said: {} });
export const seedProducts = (seed: ProductsSeed) => $products.set(seededProducts(seed));

/** The list call's query for a view (GET /s/api/bos/products). */
function apiQuery(query: ProductsQuery): Partial<BosProductQuery> {
  return {
    page: query.page,
    perPage: query.perPage,
    ...(query.q ? { q: query.q } : {}),
    ...(query.category ? { category: Number(query.category) } : {}),
    ...(query.brand ? { brand: Number(query.brand) } : {}),
    ...(query.status ? { status: query.status } : {}),
    ...(query.low ? { low_stock: true } : {}),
  };
}

/** Loads the first view (the page does, on the server): the list, or why it could not be had. */
export async function loadProducts(client: Pick<ProductsApi, 'bosProducts'>, query: ProductsQuery): Promise<ProductsSeed> {
  try {
    return { query, list: await client.bosProducts(apiQuery(query)), error: null };
  } catch (failure) {
    return { query, list: { data: [], meta: { total: 0, threshold: 0 } }, error: `The products could not be loaded: ${words(failure)}` };
  }
}

const words = (failure: unknown) => (failure instanceof ApiCallError ? failure.message : errorMessage(failure));

let asked = 0;
/** Shows a view: the address follows at once; the list when the API answers (the latest question's answer only). */
export async function showProducts(client: Pick<ProductsApi, 'bosProducts'>, change: Partial<ProductsQuery>, { remember = rememberInHistory, reload = false } = {}) {
  const before = now().query;
  const query = nextQuery(before, change);
  remember(productsHref(query));
  if (!reload && sameQuestion(before, query)) return update({ query });
  const ask = ++asked;
  update({ query, loading: true, error: null });
  try {
    const list = await client.bosProducts(apiQuery(query));
    if (ask !== asked) return;
    // A page past the end (rows removed since): the last page there is.
    const last = Math.max(1, Math.ceil(list.meta.total / query.perPage));
    if (list.data.length === 0 && query.page > last) return showProducts(client, { page: last }, { remember });
    update({ list, loading: false, said: {} });
  } catch (failure) {
    if (ask === asked) update({ loading: false, error: `The products could not be loaded: ${words(failure)}` });
  }
}

/** Back or forward: the address is already there, only the view follows it. */
export const followAddress = (client: Pick<ProductsApi, 'bosProducts'>, query: ProductsQuery) => showProducts(client, query, { remember: () => {} });

export const setMode = (mode: EditMode) => update({ mode });

const packOf = (packId: number): BosPack | undefined => {
  for (const row of now().list.data) for (const pack of row.packs) if (pack.id === packId) return pack;
  return undefined;
};

/** A cell typed in. */
export function typeCell(packId: number, field: QuickField, text: string) {
  const { edits, said } = now();
  const { [packId]: _gone, ...rest } = said;
  update({ edits: { ...edits, [packId]: typeInto(edits[packId], field, text) }, said: rest });
}

/** Escape: the row's cells show the pack's own values again. */
export function undoRow(packId: number) {
  const { [packId]: _gone, ...edits } = now().edits;
  update({ edits });
}

/** The packs shown with typing not saved (what leaving the view would lose). */
export function unsavedRows(): number[] {
  const state = $products.get();
  if (!state) return [];
  return state.list.data.flatMap((row) => row.packs).filter((pack) => isChanged(pack, state.edits[pack.id])).map((pack) => pack.id);
}

/** The pack replaced by its saved self wherever the list shows it. */
function replacePack(saved: BosPack) {
  const { list } = now();
  update({ list: { ...list, data: list.data.map((row) => ({ ...row, packs: row.packs.map((pack) => (pack.id === saved.id ? saved : pack)) })) } });
}

/**
 * Enter: saves a row. What is wrong is said in the row and nothing is sent; nothing changed drops the typing;
 * otherwise only what changed is sent, and the row says quietly what was saved, or the API's refusal on its field.
 */
export async function saveRow(client: Pick<ProductsApi, 'bosQuickEditPack'>, packId: number) {
  const pack = packOf(packId);
  const edit = now().edits[packId];
  if (!pack || !edit || edit.state === 'saving') return;
  const built = quickBody(pack, edit);
  if (built === null) return undoRow(packId);
  if ('problem' in built) return update({ edits: { ...now().edits, [packId]: { ...edit, state: 'refused', problem: built.problem } } });
  update({ edits: { ...now().edits, [packId]: { ...edit, state: 'saving', problem: null } } });
  try {
    const saved = await client.bosQuickEditPack(packId, built.body);
    replacePack(saved);
    const { [packId]: _done, ...edits } = now().edits;
    // Typing that arrived while it saved stays, for the next Enter.
    const later = now().edits[packId];
    const kept = later?.state === 'changed' ? { ...edits, [packId]: later } : edits;
    update({ edits: kept, said: { ...now().said, [packId]: savedText(pack, saved) } });
  } catch (failure) {
    const current = now().edits[packId] ?? edit;
    update({ edits: { ...now().edits, [packId]: { ...current, state: 'refused', problem: refusal(failure) } } });
  }
}
