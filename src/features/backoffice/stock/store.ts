import { atom } from 'nanostores';
import type { BosLowStockList, BosStockLedger } from '../../../contract/bos-products';
import { ApiCallError } from '../../../lib/api/client';
import type { BosProductsApi } from '../../../lib/api/bos-products';
import { errorMessage } from '../../../lib/errors';
import { adjustBody, adjustedText, EMPTY_ADJUST, ledgerCall, ledgerHref, lowStockCall, lowStockHref, type AdjustForm, type AdjustProblems, type LedgerQuery, type LowStockQuery } from './stock';

/**
 * The stock screens' state: the low-stock view, and a pack's ledger with its adjustment form. Each page renders
 * its first view on the server; the island carries on, the address following each view, and an answer that
 * arrives after a newer question was asked is dropped.
 */
export type Remember = (href: string) => void;
const rememberInHistory: Remember = (href) => history.replaceState(history.state, '', href);
const words = (failure: unknown) => (failure instanceof ApiCallError ? failure.message : errorMessage(failure));

// --- The low-stock view -------------------------------------------------------------------------------------

export interface LowStockState {
  query: LowStockQuery;
  list: BosLowStockList;
  loading: boolean;
  error: string | null;
}
export type LowStockSeed = Pick<LowStockState, 'query' | 'list' | 'error'>;
type LowStockApi = Pick<BosProductsApi, 'bosLowStock'>;

export const $lowStock = atom<LowStockState | null>(null);
export const seededLowStock = (seed: LowStockSeed): LowStockState => ({ ...seed, loading: false });
export const seedLowStock = (seed: LowStockSeed) => $lowStock.set(seededLowStock(seed));

/** Loads the first view (the page does, on the server). */
export async function loadLowStock(client: LowStockApi, query: LowStockQuery): Promise<LowStockSeed> {
  try {
    return { query, list: await client.bosLowStock(lowStockCall(query)), error: null };
  } catch (failure) {
    return { query, list: { data: [], meta: { total: 0, threshold: query.threshold ?? 0 } }, error: `The low-stock list could not be loaded: ${words(failure)}` };
  }
}

let askedLow = 0;
/** Shows a view: a new filter starts at page 1 (unless the page is given too: back and forward). */
export async function showLowStock(client: LowStockApi, change: Partial<LowStockQuery>, remember: Remember = rememberInHistory) {
  const before = $lowStock.get()!;
  const filtered = (['q', 'warehouse', 'threshold'] as const).some((key) => key in change && change[key] !== before.query[key]);
  const query: LowStockQuery = { ...before.query, ...change, page: change.page ?? (filtered ? 1 : before.query.page) };
  remember(lowStockHref(query));
  const ask = ++askedLow;
  $lowStock.set({ ...before, query, loading: true, error: null });
  try {
    const list = await client.bosLowStock(lowStockCall(query));
    if (ask === askedLow) $lowStock.set({ ...$lowStock.get()!, list, loading: false });
  } catch (failure) {
    if (ask === askedLow) $lowStock.set({ ...$lowStock.get()!, loading: false, error: `The low-stock list could not be loaded: ${words(failure)}` });
  }
}

// --- A pack's ledger -------------------------------------------------------------------------------------------

export interface LedgerState {
  query: LedgerQuery;
  ledger: BosStockLedger;
  loading: boolean;
  error: string | null;
  form: AdjustForm;
  problems: AdjustProblems;
  saving: boolean;
  report: { tone: 'success' | 'error'; text: string } | null;
  /** The entry just written, shown out in the ledger. */
  fresh: number | null;
}
export type LedgerSeed = Pick<LedgerState, 'query' | 'ledger'>;
type LedgerApi = Pick<BosProductsApi, 'bosStockLedger' | 'bosMoveStock'>;

export const $ledger = atom<LedgerState | null>(null);
export const seededLedger = (seed: LedgerSeed): LedgerState => ({ ...seed, loading: false, error: null, form: EMPTY_ADJUST, problems: {}, saving: false, report: null, fresh: null });
export const seedLedger = (seed: LedgerSeed) => $ledger.set(seededLedger(seed));
const ledgerNow = () => $ledger.get()!;
const updateLedger = (change: Partial<LedgerState>) => $ledger.set({ ...ledgerNow(), ...change });

/** The warehouse the form adjusts, and its level now: the one asked for, else the pack's first. */
export function whereOf(state: Pick<LedgerState, 'query' | 'ledger'>): { warehouse_id: number; warehouse_name: string; level: number } | null {
  const { stock } = state.ledger;
  const chosen = state.query.warehouse ? stock.find((s) => String(s.warehouse_id) === state.query.warehouse) : undefined;
  return chosen ?? stock[0] ?? null;
}

let askedLedger = 0;
/** Shows a page of the ledger. */
export async function showLedger(client: Pick<LedgerApi, 'bosStockLedger'>, change: Partial<LedgerQuery>, { remember = rememberInHistory, keep = {} as Partial<LedgerState> } = {}) {
  const query: LedgerQuery = { ...ledgerNow().query, ...change };
  remember(ledgerHref(query));
  const ask = ++askedLedger;
  updateLedger({ query, loading: true, error: null, ...keep });
  try {
    const ledger = await client.bosStockLedger(ledgerCall(query));
    if (ask === askedLedger) updateLedger({ ledger, loading: false });
  } catch (failure) {
    if (ask === askedLedger) updateLedger({ loading: false, error: `The ledger could not be loaded: ${words(failure)}` });
  }
}

/** The adjustment form typed in; a problem shown is judged again as it is corrected. */
export function typeAdjust(form: AdjustForm) {
  const { problems, ledger, query } = ledgerNow();
  const where = whereOf({ ledger, query });
  if (Object.keys(problems).length === 0 || !where) return updateLedger({ form });
  const built = adjustBody(form, { pack_id: ledger.pack.id, ...where });
  const found: AdjustProblems = 'problems' in built ? built.problems : {};
  const kept: AdjustProblems = {};
  for (const key of Object.keys(problems) as (keyof AdjustProblems)[]) if (found[key]) kept[key] = found[key];
  updateLedger({ form, problems: kept });
}

/**
 * Sends the adjustment (POST /s/api/bos/stock): the ledger is loaded again at its first page with the new entry
 * shown out, and the form is emptied. Resolves to whether it was written (the island then focuses the report).
 */
export async function adjust(client: LedgerApi, remember: Remember = rememberInHistory): Promise<boolean> {
  const state = ledgerNow();
  const where = whereOf(state);
  if (state.saving || !where) return false;
  const built = adjustBody(state.form, { pack_id: state.ledger.pack.id, ...where });
  if ('problems' in built) {
    updateLedger({ problems: built.problems });
    return false;
  }
  updateLedger({ saving: true, problems: {}, report: null });
  try {
    const moved = await client.bosMoveStock(built.body);
    await showLedger(client, { page: 1 }, { remember, keep: { report: { tone: 'success', text: adjustedText(moved.entry) }, fresh: moved.entry.id, form: { ...EMPTY_ADJUST, reason: state.form.reason } } });
    updateLedger({ saving: false });
    return true;
  } catch (failure) {
    const fields = failure instanceof ApiCallError ? (failure.body as { errors?: Record<string, string[]> } | null)?.errors : undefined;
    const amount = fields?.level?.[0] ?? fields?.change?.[0];
    const note = fields?.note?.[0];
    updateLedger({ saving: false, problems: { ...(amount ? { amount } : {}), ...(note ? { note } : {}), ...(!amount && !note ? { _: words(failure) } : {}) } });
    // A refusal because the level moved (an order took some): the ledger is loaded again to show the level now.
    if (failure instanceof ApiCallError && failure.status === 409) await showLedger(client, {}, { remember });
    return false;
  }
}
