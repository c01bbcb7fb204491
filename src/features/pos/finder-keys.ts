import type { PosPack } from '../../contract/pos';

/**
 * The search box at the keyboard (docs/pos.md#the-screen), as plain functions: the results are a listbox the box
 * controls (a combobox). ↑ and ↓ choose a result, Enter (or Add) adds the chosen one — the first until the cashier
 * chooses another — and a barcode typed is looked up instead. The scanner's own Enter never reaches these: wedge.ts
 * stops it before the form sees it.
 */

/** What Enter (or the Add button) does with the text in the box and the results shown. */
export type EnterAction = { add: 'barcode'; code: string } | { add: 'pack'; pack: PosPack } | null;

/** Digits only, 6 to 14 of them: a barcode typed by hand (EAN-8 to GTIN-14, shop codes of 6). */
const BARCODE = /^\d{6,14}$/;

/** The active result: the pack the cashier chose with the arrows while it is still shown, else the first. */
export function activeIndex(results: readonly PosPack[] | null, chosen: number | null): number {
  if (!results?.length || chosen === null) return 0;
  return Math.max(0, results.findIndex((pack) => pack.pack_id === chosen));
}

/** The active result after ↓ (`step` 1) or ↑ (−1): held at the first and the last, never wrapping round. */
export function moveActive(active: number, count: number, step: 1 | -1): number {
  if (count <= 0) return 0;
  return Math.min(count - 1, Math.max(0, active + step));
}

/** Enter in the box: a barcode typed is looked up; otherwise the active result is added, if there is one. */
export function enterAction(query: string, results: readonly PosPack[] | null, active: number): EnterAction {
  const typed = query.trim();
  if (BARCODE.test(typed)) return { add: 'barcode', code: typed };
  const pack = results?.[active] ?? results?.[0];
  return typed && pack ? { add: 'pack', pack } : null;
}

/** The line under the box while there are results: what Enter will add, and the other keys. */
export const enterHint = (pack: PosPack) => `Enter adds ${pack.product_name} ${pack.pack_name} (↑ ↓ choose another, Esc clears).`;

/** Offline the box searches only what the device keeps: it says so (null online). */
export const searchNote = (online: boolean) => (online ? null : "Offline: searching the packs kept on this device (the shop's search needs the network).");

/** The results' heading: how many, and who found them. */
export function foundHeading(count: number, from: 'device' | 'shop', online: boolean): string {
  if (from === 'shop') return `Found ${count} by the shop's search`;
  return online ? `Found ${count}` : `Found ${count} on this device`;
}
