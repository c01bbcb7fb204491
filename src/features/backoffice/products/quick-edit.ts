/**
 * The products list's quick edit (docs/back-office-products-screens.md#quick-edit): the morning count and a
 * price change typed straight into the list. One pack is one row: its stock (the level counted on the shelf),
 * price and MRP as typed, what is sent for them (only what changed), and how the row stands (changed, saving,
 * saved, refused with the field and the words). A count goes into the stock ledger as a "count" entry: the API
 * records the difference. Plain functions: the store, the island and the tests share them.
 */
import { PRICE_MAX_PAISE, priceProblem, type BosPack, type BosPackQuickBody } from '../../../contract/bos-products';
import { ApiCallError } from '../../../lib/api/client';
import { errorMessage } from '../../../lib/errors';
import { readCount, readRupees, rupeesField } from './amounts';

/** Which cells the list lets one type into: the stock of each pack (the morning count), or prices. */
export const EDIT_MODES = ['stock', 'price'] as const;
export type EditMode = (typeof EDIT_MODES)[number];
export const EDIT_MODE_LABELS: Record<EditMode, string> = { stock: 'Count stock', price: 'Change prices' };

export type QuickField = 'level' | 'price' | 'mrp';
export const QUICK_FIELD_LABELS: Record<QuickField, string> = { level: 'Stock', price: 'Price', mrp: 'MRP' };

export interface RowEdit {
  /** What is typed in the row's cells (a cell not typed in is absent). */
  typed: Partial<Record<QuickField, string>>;
  state: 'changed' | 'saving' | 'saved' | 'refused';
  problem: { field: QuickField | null; message: string } | null;
}

/** The pack's level where it ships from (a pack is kept in one warehouse: its one entry). */
export const levelOf = (pack: Pick<BosPack, 'stock' | 'warehouse_id'>) => pack.stock.find((s) => s.warehouse_id === pack.warehouse_id)?.level ?? pack.stock[0]?.level ?? 0;

/** A cell's value as the pack has it, as it would be typed. */
function savedValue(pack: BosPack, field: QuickField): string {
  if (field === 'level') return String(levelOf(pack));
  return rupeesField(field === 'price' ? pack.price : pack.mrp);
}

/** What a cell shows: what is typed in it, else the pack's own. */
export const cellValue = (pack: BosPack, field: QuickField, edit: RowEdit | undefined) => edit?.typed[field] ?? savedValue(pack, field);

/** A cell typed in: the row is changed (and what it said before, saved or refused, is forgotten). */
export function typeInto(edit: RowEdit | undefined, field: QuickField, text: string): RowEdit {
  return { typed: { ...edit?.typed, [field]: text }, state: 'changed', problem: null };
}

/** Whether a row holds typing that differs from the pack (what Enter would save, what leaving would lose). */
export function isChanged(pack: BosPack, edit: RowEdit | undefined): boolean {
  if (!edit || edit.state === 'saved') return false;
  return (Object.keys(edit.typed) as QuickField[]).some((field) => edit.typed[field]!.trim() !== savedValue(pack, field));
}

/**
 * The quick edit's body for a row: only the cells that changed (a count of the same level is no count), or the
 * first problem (said in the row, nothing sent), or null when nothing changed.
 */
export function quickBody(pack: BosPack, edit: RowEdit | undefined): { body: BosPackQuickBody } | { problem: { field: QuickField; message: string } } | null {
  if (!edit) return null;
  const body: BosPackQuickBody = {};
  const typed = (field: QuickField) => {
    const text = edit.typed[field];
    return text === undefined || text.trim() === savedValue(pack, field) ? undefined : text;
  };
  const level = typed('level');
  if (level !== undefined) {
    const read = readCount(level);
    if (!read.ok) return { problem: { field: 'level', message: read.problem } };
    if (read.value !== levelOf(pack)) body.level = read.value;
  }
  for (const field of ['price', 'mrp'] as const) {
    const text = typed(field);
    if (text === undefined) continue;
    const read = readRupees(text, field === 'price' ? 'price' : 'MRP', { max: PRICE_MAX_PAISE, positive: true });
    if (!read.ok) return { problem: { field, message: read.problem } };
    if (read.value !== pack[field]) body[field] = read.value;
  }
  const wrong = priceProblem(body.price ?? pack.price, body.mrp ?? pack.mrp);
  if (wrong) return { problem: { field: body.price !== undefined ? 'price' : 'mrp', message: wrong } };
  return Object.keys(body).length === 0 ? null : { body };
}

/** A refused save in the row: the field the API named (`errors.level`, `errors.price`…) and its words, else the message. */
export function refusal(failure: unknown): { field: QuickField | null; message: string } {
  const body = failure instanceof ApiCallError ? (failure.body as { errors?: Record<string, string[]> } | null) : null;
  for (const field of ['level', 'price', 'mrp'] as const) {
    const words = body?.errors?.[field]?.[0];
    if (words) return { field, message: words };
  }
  return { field: null, message: failure instanceof ApiCallError ? failure.message : errorMessage(failure) };
}

/** What a saved row says, quietly: "Saved: stock 24, price ₹45.00". */
export function savedText(before: BosPack, after: BosPack): string {
  const parts: string[] = [];
  if (levelOf(before) !== levelOf(after)) parts.push(`stock ${levelOf(after).toLocaleString('en-IN')}`);
  if (before.price !== after.price) parts.push(`price ₹${rupeesField(after.price)}`);
  if (before.mrp !== after.mrp) parts.push(`MRP ₹${rupeesField(after.mrp)}`);
  return parts.length ? `Saved: ${parts.join(', ')}` : 'Saved';
}
