import { POS_PAYMENT_MODES, type PosPaymentMode, type PosReturnBody, type PosSale } from '../../contract/pos';
import { refundFor, unitsLeft, type ReturnableLine } from '../../lib/pos-refund';
import { toPaise } from '../../lib/to-paise';

/**
 * A return at the till as plain data (docs/pos.md#the-screen): which lines of a sale and how many of
 * each go back, never more than was sold less what earlier returns took; the refund mode; the reason. What each
 * line gives back is lib/pos-refund.ts's rule, the one the server records the return with.
 */

export const RETURN_REASONS = ['Damaged or leaking', 'Past its date', 'Wrong item', 'Changed their mind', 'Other'] as const;

export interface ReturnDraft {
  /** Units to return, by the sale's line id; 0 or absent: none. */
  quantities: Record<number, number>;
  mode: PosPaymentMode;
  reason: string;
  /** More words on the reason (optional). */
  detail: string;
}

/** A sale's line as a return sees it: what is left of it and what it was paid. */
export function returnable(line: PosSale['lines'][number]): ReturnableLine {
  return { quantity: line.quantity, net_paise: toPaise(line.amount), returned: line.returned, refunded_paise: toPaise(line.refunded) };
}

/** The refund mode the shop uses when none is chosen: the way the sale was paid (cash for cash or split). */
export function defaultRefundMode(sale: Pick<PosSale, 'payments'>): PosPaymentMode {
  const modes = sale.payments.map((p) => p.mode);
  if (modes.length && modes.every((m) => m === 'upi')) return 'upi';
  if (modes.length && modes.every((m) => m === 'card')) return 'card';
  return 'cash';
}

export const newDraft = (sale: PosSale): ReturnDraft => ({ quantities: {}, mode: defaultRefundMode(sale), reason: RETURN_REASONS[0], detail: '' });

/** Sets how many of a line go back, held to 0..what is left of it. */
export function setReturnQuantity(draft: ReturnDraft, sale: PosSale, lineId: number, quantity: number): ReturnDraft {
  const line = sale.lines.find((l) => l.line_id === lineId);
  if (!line) return draft;
  const held = Math.min(Math.max(0, Math.trunc(Number.isFinite(quantity) ? quantity : 0)), unitsLeft(returnable(line)));
  return { ...draft, quantities: { ...draft.quantities, [lineId]: held } };
}

export const setRefundMode = (draft: ReturnDraft, mode: string): ReturnDraft =>
  (POS_PAYMENT_MODES as readonly string[]).includes(mode) ? { ...draft, mode: mode as PosPaymentMode } : draft;

/** What the return comes to: each line going back with the paise it gives back, and the total refund. */
export function returnSummary(draft: ReturnDraft, sale: PosSale) {
  const lines = sale.lines.flatMap((line) => {
    const quantity = draft.quantities[line.line_id] ?? 0;
    if (quantity <= 0) return [];
    return [{ line_id: line.line_id, name: line.name, pack: line.pack, quantity, refund_paise: refundFor(returnable(line), quantity) }];
  });
  return { lines, units: lines.reduce((s, l) => s + l.quantity, 0), refund_paise: lines.reduce((s, l) => s + l.refund_paise, 0) };
}

/** Whether anything is left to return of the sale at all. */
export const anythingLeft = (sale: PosSale) => sale.lines.some((line) => unitsLeft(returnable(line)) > 0);

/** The note the shop keeps as the refund's reason: the reason chosen, and the detail typed. */
export function returnNote(draft: ReturnDraft): string {
  const detail = draft.detail.trim();
  return (detail ? `${draft.reason}: ${detail}` : draft.reason).slice(0, 500);
}

/** The body of POST /s/api/pos/sales/{id}/returns: the lines going back at this till, the mode, the reason. */
export function returnBody(draft: ReturnDraft, sale: PosSale, tillId: number): PosReturnBody {
  const { lines } = returnSummary(draft, sale);
  return { till_id: tillId, lines: lines.map((l) => ({ line_id: l.line_id, quantity: l.quantity })), refund_mode: draft.mode, note: returnNote(draft) };
}
