import { atom, computed } from 'nanostores';
import { IDEMPOTENCY_HEADER } from '../../contract/order-constants';
import { POS_QUICK_PICKS, type PosCounter, type PosPack, type PosSale, type PosSaleList, type PosSaleSummary, type PosTill, type PosZReport } from '../../contract/pos';
import type { Send } from '../../lib/api/client';
import { browserSend } from '../../lib/api/browser';
import { errorMessage } from '../../lib/errors';
import { toPaise } from '../../lib/to-paise';
import { openCatalogue, packForTicket } from './catalogue-cache';
import { keepTill, keptTill } from './kept-till';
import { $online, setWaiting, trackedFetch } from './connection-store';
import { openOutbox, OutboxFullError } from './offline-queue';
import { activeIndex, enterAction, moveActive } from './finder-keys';
import { createShopSearch } from './shop-search';
import { startSync } from './sync';
import { addPack, saleBody, settle, type Ticket } from './ticket';
import { $ticket, keepTicket, newTicket, updateTicket } from './ticket-store';
import { attachWedge, type WedgeScan } from './wedge';

/**
 * The till's screen as state and actions (docs/pos.md#the-screen): which step the cashier is at (opening a till,
 * selling, a receipt, closing, the Z-report), the open till, the quick picks and search results, and what the
 * screen last said. The components only render these stores and call these functions; the ticket's rules are
 * ticket.ts's, the outbox's and the catalogue's their own modules'.
 */

/** A sale as its receipt shows it: the ticket as rung up, and the server's sale once it has answered. */
export interface Receipt {
  ticket: Ticket;
  settlement: ReturnType<typeof settle>;
  at: string;
  key: string;
  /** The sale the server recorded; null while it waits in the outbox. */
  sale: PosSale | null;
}

export type Screen =
  | { step: 'loading' }
  | { step: 'start'; error: string | null }
  | { step: 'selling' }
  | { step: 'receipt'; receipt: Receipt }
  | { step: 'closing'; error: string | null }
  /** Taking back goods of a sale (return-session.ts holds its steps). */
  | { step: 'returns' }
  /** A sale of this till still waiting for its UPI payment, taken up again (after a reload, from the selling screen). */
  | { step: 'upi'; sale: PosSale }
  | { step: 'report'; report: PosZReport };

export const $screen = atom<Screen>({ step: 'loading' });
export const $counter = atom<PosCounter | null>(null);
export const $till = atom<PosTill | null>(null);
export const $quickPicks = atom<PosPack[]>([]);
export const $results = atom<PosPack[] | null>(null);
/** Who found the results shown: the catalogue on the device, or (online) the shop's own search. */
export const $resultsFrom = atom<'device' | 'shop'>('device');
/** The pack the cashier chose among the results with ↑ and ↓ (null: none yet, the first is active); a new text forgets it. */
const $chosenResult = atom<number | null>(null);
/** The result Enter adds (finder-keys.ts): the chosen one while it is shown (the shop's answer may reorder them), else the first. */
export const $activeResult = computed([$results, $chosenResult], activeIndex);
/** The text the results shown were found for. */
let shownQuery: string | null = null;
/** What the screen last said (a scan not found, a sale refused); `tone` picks its colour and role. */
export const $notice = atom<{ text: string; tone: 'info' | 'error' } | null>(null);
/** Sales the server refused for good, for the cashier to see and dismiss. */
export const $refused = atom<Array<{ key: string; status: number; message: string; total: number }>>([]);
export const $busy = atom(false);
/** Counts the sales rung up on this screen: the ticket's form starts afresh with each. */
export const $saleNumber = atom(0);

interface Parts {
  send: Send;
  outbox: ReturnType<typeof openOutbox>;
  catalogue: ReturnType<typeof openCatalogue>;
  finder: ReturnType<typeof createShopSearch>;
  lang: 'en' | 'hi';
  discountLimit: number;
}
let parts: Parts | null = null;
let stopSelling: (() => void) | null = null;

async function json<T>(response: Response): Promise<T> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new Error(errorMessage(body) || `The shop answered ${response.status}`);
  return body as T;
}

const post = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

async function showRefused() {
  if (!parts) return;
  const refused = await parts.outbox.refused();
  $refused.set(refused.map((sale) => ({ key: sale.key, status: sale.refusal?.status ?? 0, message: sale.refusal?.message ?? '', total: sale.body.payments.reduce((sum, p) => sum + p.amount, 0) })));
}

/** The sales the shop recorded from this screen, by idempotency key: a receipt shown while its sale waited gets its bill. */
const recorded = new Map<string, PosSale>();

/** `send` that notes each sale the shop records (the outbox sends it, from a flush of the sync's or the screen's). */
function recordingSales(send: Send): Send {
  return async (path, init) => {
    const response = await send(path, init);
    const key = new Headers(init.headers).get(IDEMPOTENCY_HEADER);
    if (path === '/pos/sales' && key && response.ok) {
      const sale = (await response.clone().json().catch(() => null)) as PosSale | null;
      if (sale) recorded.set(key, sale);
    }
    return response;
  };
}

/** The receipt on screen, once its sale has been sent: the shop's bill number and change. */
function showSentReceipt() {
  const screen = $screen.get();
  if (screen.step !== 'receipt' || screen.receipt.sale) return;
  const sale = recorded.get(screen.receipt.key);
  if (sale) $screen.set({ step: 'receipt', receipt: { ...screen.receipt, sale } });
}

/** A call to the shop through the till's tracked connection (the header's Online follows it); null before the start. */
export function tillSend(): Send | null {
  return parts?.send ?? null;
}

/** The island's start: the device's outbox and catalogue, then the counter (warehouses, a till left open to resume). */
export async function startScreen({ lang, discountLimit }: { lang: 'en' | 'hi'; discountLimit: number }) {
  const send = recordingSales(browserSend({ fetch: trackedFetch(globalThis.fetch.bind(globalThis)), cookies: () => document.cookie, origin: location.origin, lang: document.documentElement.lang }));
  const outbox = openOutbox({
    send,
    onChange: (counts) => {
      setWaiting(counts.waiting, counts.refused);
      void showRefused();
      showSentReceipt();
    },
  });
  const catalogue = openCatalogue();
  const finder = createShopSearch({
    send,
    tillId: () => $till.get()?.id ?? null,
    online: () => $online.get(),
    local: (query) => catalogue.search(query),
    show: (found) => {
      // The shop's answer to the same text keeps the cashier's choice; any other text starts again at the first.
      if (found?.query !== shownQuery) $chosenResult.set(null);
      shownQuery = found?.query ?? null;
      $results.set(found && found.packs);
      $resultsFrom.set(found?.from ?? 'device');
    },
  });
  parts = { send, outbox, catalogue, finder, lang, discountLimit };
  newTicket(discountLimit);
  await loadCounter();
}

/** Reads the counter again (the start screen's Retry too); resumes the newest till this cashier left open. */
export async function loadCounter() {
  if (!parts) return;
  $screen.set({ step: 'loading' });
  try {
    const counter = await json<PosCounter>(await parts.send('/pos/counter', {}));
    $counter.set(counter);
    const open = counter.open_tills[0];
    if (open) return beginSelling(open);
    keepTill(localStorage, null);
    $screen.set({ step: 'start', error: null });
  } catch (error) {
    // Unreachable (a reload offline, served by the till's service worker): the till this device last had open sells on,
    // into the outbox; the shop refuses its sales later if it was closed elsewhere meanwhile (docs/pos.md#offline).
    const kept = $online.get() ? null : keptTill(localStorage);
    if (kept) {
      $notice.set({ text: 'Offline: the till as this device last had it. Sales wait on the device until the shop is reached.', tone: 'info' });
      return beginSelling(kept);
    }
    $screen.set({ step: 'start', error: `The shop could not be reached: ${error instanceof Error ? error.message : String(error)}. Opening a till needs the network.` });
  }
}

/** Opens a till at a warehouse with the cash in the drawer (rupees as typed). */
export async function openTill(warehouseId: number, openingCash: string) {
  if (!parts || $busy.get()) return;
  let cash: number;
  try {
    cash = toPaise(openingCash || '0');
    if (cash < 0) throw new RangeError('negative');
  } catch {
    $screen.set({ step: 'start', error: 'Opening cash must be an amount in rupees, such as 2000 or 2000.50.' });
    return;
  }
  $busy.set(true);
  try {
    const till = await json<PosTill>(await parts.send('/pos/tills', post({ warehouse_id: warehouseId, opening_cash: cash / 100 })));
    await beginSelling(till);
  } catch (error) {
    $screen.set({ step: 'start', error: error instanceof Error ? error.message : String(error) });
  } finally {
    $busy.set(false);
  }
}

async function beginSelling(till: PosTill) {
  if (!parts) return;
  const { catalogue, outbox, send, finder } = parts;
  $till.set(till);
  keepTill(localStorage, till);
  $screen.set({ step: 'selling' });
  await catalogue.refresh(send, till.id).catch(() => undefined);
  // The counter's best sellers as the last refresh named them (kept on the device), then the first packs.
  $quickPicks.set(await catalogue.quickPicks(POS_QUICK_PICKS));
  stopSelling?.();
  const stopSync = startSync({ target: window, nav: navigator, outbox, catalogue, send, tillId: till.id });
  const detach = attachWedge(window, (scan) => void scanned(scan));
  // The ticket on the device: a reload gives back this till's ticket as it was.
  const stopKeeping = keepTicket(localStorage, till.id);
  void showRefused();
  stopSelling = () => {
    stopSync();
    stopKeeping();
    detach();
    finder.stop();
  };
}

/**
 * A scan anywhere on the screen (the USB scanner's, or the camera's): its characters taken back out of a text field
 * they landed in, then the pack added. Answers whether it was.
 */
export async function scanned(scan: WedgeScan): Promise<boolean> {
  if ($screen.get().step !== 'selling') return false;
  if (scan.typedIntoField) {
    const field = document.activeElement;
    if (field instanceof HTMLInputElement && field.value.endsWith(scan.code)) {
      // Through the prototype's setter: React notices the change (the search box's text is its state), which it does
      // not when the element's own `value` is set, and would then put the code back at its next render.
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, field.value.slice(0, -scan.code.length));
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
  return addByBarcode(scan.code);
}

/** Adds the pack with this barcode: the catalogue on the device first, then (online) the shop's barcode call. */
async function addByBarcode(code: string): Promise<boolean> {
  if (!parts) return false;
  const till = $till.get();
  const digits = code.trim();
  let pack = await parts.catalogue.byBarcode(digits);
  if (!pack && till && $online.get() && /^\d{13}$/.test(digits)) {
    const response = await parts.send(`/pos/packs?till_id=${till.id}&barcode=${digits}`, {}).catch(() => null);
    if (response?.ok) pack = (await response.json()) as PosPack;
  }
  if (!pack) {
    $notice.set({ text: `No pack with barcode ${digits} in this counter's catalogue.`, tone: 'error' });
    return false;
  }
  addToTicket(pack);
  return true;
}

export function addToTicket(pack: PosPack) {
  if (!parts) return;
  const forTicket = packForTicket(pack, parts.lang);
  updateTicket((ticket) => addPack(ticket, forTicket));
  $notice.set({ text: `Added ${forTicket.name} ${forTicket.pack_name}.`, tone: 'info' });
}

/**
 * The search box's text changed: the catalogue on the device's name search at once (English or Hindi names), then,
 * online, the shop's own search (shop-search.ts); a barcode typed is looked up on Enter.
 */
export async function search(query: string) {
  await parts?.finder.type(query);
}

/** ↓ (`step` 1) or ↑ (−1) in the search box: the next or the previous result becomes the active one. */
export function moveActiveResult(step: 1 | -1) {
  const results = $results.get();
  if (!results?.length) return;
  $chosenResult.set(results[moveActive($activeResult.get(), results.length, step)]!.pack_id);
}

/**
 * Enter in the search box, or its Add button: a barcode typed is looked up and added; otherwise the active result is
 * added (the first, unless the cashier chose another). Answers whether the box should be emptied (a barcode added).
 */
export async function addFromSearch(query: string): Promise<boolean> {
  const action = enterAction(query, $results.get(), $activeResult.get());
  if (action?.add === 'barcode') return addByBarcode(action.code);
  if (action?.add === 'pack') addToTicket(action.pack);
  return false;
}

/** Completes the ticket: into the outbox first (online or not, one way), then sent; the receipt either way. */
export async function completeSale() {
  const till = $till.get();
  if (!parts || !till || $busy.get()) return;
  const ticket = $ticket.get();
  const settlement = settle(ticket, { online: $online.get() });
  if (!settlement.can_complete) return;
  $busy.set(true);
  try {
    const queued = await parts.outbox.enqueue(saleBody(ticket, till.id));
    const receipt: Receipt = { ticket, settlement, at: new Date().toISOString(), key: queued.key, sale: null };
    newTicket(parts.discountLimit);
    $saleNumber.set($saleNumber.get() + 1);
    void parts.finder.type('');
    $notice.set(null);
    const flushed = await parts.outbox.flush({ force: true }).catch(() => null);
    const sent = flushed?.sent.find((s) => s.key === queued.key);
    if (sent) receipt.sale = sent.answer as PosSale;
    const refused = flushed?.refused.find((s) => s.key === queued.key);
    if (refused) $notice.set({ text: `The shop refused this sale: ${refused.refusal?.message ?? ''}`, tone: 'error' });
    $screen.set({ step: 'receipt', receipt });
  } catch (error) {
    $notice.set({ text: error instanceof OutboxFullError ? error.message : `The sale could not be kept on this device: ${errorMessage(error)}`, tone: 'error' });
  } finally {
    $busy.set(false);
  }
}

export function nextSale() {
  $screen.set({ step: 'selling' });
}

export function dismissRefused(key: string) {
  void parts?.outbox.dismiss(key);
}

export function startClosing() {
  $screen.set({ step: 'closing', error: null });
}

/** Closes the till with the cash counted: the waiting sales sent first (the shop refuses them once it is closed). */
export async function closeTill(countedCash: string, note: string) {
  const till = $till.get();
  if (!parts || !till || $busy.get()) return;
  let counted: number;
  try {
    counted = toPaise(countedCash);
    if (counted < 0) throw new RangeError('negative');
  } catch {
    $screen.set({ step: 'closing', error: 'Counted cash must be an amount in rupees, such as 2450 or 2450.50.' });
    return;
  }
  $busy.set(true);
  try {
    await parts.outbox.flush({ force: true }).catch(() => null);
    const { waiting } = await parts.outbox.counts();
    if (waiting > 0) {
      $screen.set({ step: 'closing', error: `${waiting} ${waiting === 1 ? 'sale is' : 'sales are'} still waiting to be sent: connect the till to the network and try again.` });
      return;
    }
    const report = await json<PosZReport>(await parts.send(`/pos/tills/${till.id}/close`, post({ counted_cash: counted / 100, ...(note.trim() ? { note: note.trim() } : {}) })));
    stopSelling?.();
    stopSelling = null;
    $till.set(null);
    keepTill(localStorage, null);
    $screen.set({ step: 'report', report });
  } catch (error) {
    $screen.set({ step: 'closing', error: error instanceof Error ? error.message : String(error) });
  } finally {
    $busy.set(false);
  }
}

/** After the Z-report: back to the start, to open the next till. */
export function afterReport() {
  void loadCounter();
}

export function stopScreen() {
  stopSelling?.();
  stopSelling = null;
}

/**
 * This till's sales still waiting for their UPI payment. The QR screen of a sale lives on the device: after a reload
 * (or a crash) the selling screen lists them from the shop, so the cashier can show the code again, take cash or
 * cancel (docs/pos.md#upi-on-the-screen). Empty offline: UPI needs the network anyway.
 */
export const $upiWaiting = atom<PosSaleSummary[]>([]);

/** Asks the shop for the till's latest sales and keeps those waiting for UPI; a failed ask leaves the list as it was. */
export async function loadUpiWaiting() {
  const till = $till.get();
  if (!parts || !till) return;
  try {
    const list = await json<PosSaleList>(await parts.send(`/pos/sales?till_id=${till.id}`, {}));
    $upiWaiting.set(waitingForUpi(list.data));
  } catch {
    // Offline or the shop away: asked again on the next return to selling.
  }
}

/** The sales of a till's list still waiting for their UPI payment (an order of the till waits as pending_payment). */
const waitingForUpi = (sales: readonly PosSaleSummary[]): PosSaleSummary[] => sales.filter((sale) => sale.status === 'pending_payment');

/** Shows a waiting sale's UPI screen again, as the shop has it now. */
export async function resumeUpiWait(orderId: number) {
  if (!parts || $busy.get()) return;
  $busy.set(true);
  try {
    const sale = await json<PosSale>(await parts.send(`/pos/sales/${orderId}`, {}));
    $screen.set({ step: 'upi', sale });
  } catch (error) {
    $notice.set({ text: `That sale could not be opened: ${error instanceof Error ? error.message : String(error)}`, tone: 'error' });
  } finally {
    $busy.set(false);
  }
}
