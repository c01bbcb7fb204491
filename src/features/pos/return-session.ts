import { atom } from 'nanostores';
import type { PosReturn, PosSale, PosSaleList, PosSaleSummary } from '../../contract/pos';
import type { Send } from '../../lib/api/client';
import { errorMessage } from '../../lib/errors';
import { newDraft, returnBody, returnSummary, type ReturnDraft } from './return-draft';
import { $screen, $till, tillSend } from './till-session';

/**
 * A return at the till as state and actions (docs/pos.md#the-screen): find the sale (its order number
 * or the till's latest sales), choose what goes back, confirm, and the return's receipt. Online only: the shop
 * holds what was sold and returned. ReturnSale.tsx draws these stores.
 */

export type ReturnStep =
  | { step: 'find' }
  | { step: 'sale'; sale: PosSale; draft: ReturnDraft }
  | { step: 'done'; sale: PosSale; taken: PosReturn; summary: ReturnType<typeof returnSummary>; note: string };

export const $returnStep = atom<ReturnStep>({ step: 'find' });
export const $recentSales = atom<PosSaleSummary[] | null>(null);
export const $returnError = atom<string | null>(null);
export const $returnBusy = atom(false);

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  const send: Send | null = tillSend();
  if (!send) throw new Error('The till is not ready');
  let response: Response;
  try {
    response = await send(path, init);
  } catch {
    throw new Error('The shop could not be reached: a return needs the network.');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(errorMessage(body) || `The shop answered ${response.status}`);
  return body as T;
}

async function busy<T>(work: () => Promise<T>): Promise<T | undefined> {
  if ($returnBusy.get()) return undefined;
  $returnBusy.set(true);
  $returnError.set(null);
  try {
    return await work();
  } catch (error) {
    $returnError.set(errorMessage(error));
    return undefined;
  } finally {
    $returnBusy.set(false);
  }
}

/** Opens the returns screen at its search, with this till's latest sales. */
export function startReturns() {
  $returnStep.set({ step: 'find' });
  $returnError.set(null);
  $screen.set({ step: 'returns' });
  void loadRecentSales();
}

/** Opens the returns screen on one sale (a receipt's Return items). */
export function startReturnOf(orderId: number) {
  $returnError.set(null);
  $returnStep.set({ step: 'find' });
  $screen.set({ step: 'returns' });
  void openSale(orderId);
}

async function loadRecentSales() {
  const till = $till.get();
  if (!till) return;
  await busy(async () => $recentSales.set((await call<PosSaleList>(`/pos/sales?till_id=${till.id}`)).data));
}

/** Finds a sale by the order number typed (any case); says so when there is none. */
export async function findSale(ordernumber: string) {
  const typed = ordernumber.trim();
  if (!typed) {
    $returnError.set('Type the order number on the bill.');
    return;
  }
  const found = await busy(() => call<PosSaleList>(`/pos/sales?ordernumber=${encodeURIComponent(typed)}`));
  if (!found) return;
  const sale = found.data[0];
  if (!sale) $returnError.set(`No sale ${typed.toUpperCase()} in this shop.`);
  else await openSale(sale.order_id);
}

export async function openSale(orderId: number) {
  const sale = await busy(() => call<PosSale>(`/pos/sales/${orderId}`));
  if (sale) $returnStep.set({ step: 'sale', sale, draft: newDraft(sale) });
}

export function updateDraft(change: (draft: ReturnDraft, sale: PosSale) => ReturnDraft) {
  const step = $returnStep.get();
  if (step.step === 'sale') $returnStep.set({ ...step, draft: change(step.draft, step.sale) });
}

/** Records the return at this till (the cashier has confirmed it): the return's receipt, or the shop's refusal. */
export async function submitReturn() {
  const step = $returnStep.get();
  const till = $till.get();
  if (step.step !== 'sale' || !till) return;
  const summary = returnSummary(step.draft, step.sale);
  if (summary.units === 0) {
    $returnError.set('Choose what goes back: at least one item.');
    return;
  }
  const body = returnBody(step.draft, step.sale, till.id);
  const taken = await busy(() => call<PosReturn>(`/pos/sales/${step.sale.order_id}/returns`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) }));
  if (taken) $returnStep.set({ step: 'done', sale: step.sale, taken, summary, note: body.note ?? '' });
}

export function backToSelling() {
  $returnStep.set({ step: 'find' });
  $recentSales.set(null);
  $returnError.set(null);
  $screen.set({ step: 'selling' });
}
