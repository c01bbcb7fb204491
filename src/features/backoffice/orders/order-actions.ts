/**
 * The order page's moves (docs/back-office.md#screens): what each button says, which ask for more first (a
 * reason to cancel, the cash collected at the door, an optional rider), the call's body from what was typed,
 * and a refusal as a person reads it. Plain functions: the island and the tests share them.
 */
import type { BosConflict, BosStatusBody } from '../../../contract/bos-orders';
import type { OrderStatus } from '../../../contract/order-constants';
import { formatTime } from '../../../lib/format';
import { formatRupees, toRupees } from '../../../lib/money';
import { toPaise } from '../../../lib/to-paise';

type Move = BosStatusBody['to'];

export const MOVE_LABELS: Record<Move, string> = {
  confirmed: 'Confirm order',
  packed: 'Mark packed',
  out_for_delivery: 'Send out for delivery',
  delivered: 'Mark delivered',
  cancelled: 'Cancel order',
};

const STAFF_MOVES: readonly string[] = ['confirmed', 'packed', 'out_for_delivery', 'delivered', 'cancelled'];

/** The moves the order page offers, in the order of the day's work (cancel last). */
export const staffMoves = (next: readonly OrderStatus[]): Move[] => STAFF_MOVES.filter((m) => next.includes(m as OrderStatus)) as Move[];

/** Does this move ask for something first (a form in a dialog)? */
export const asksFirst = (move: Move, duePaise: number | null) => move === 'cancelled' || move === 'out_for_delivery' || (move === 'delivered' && duePaise !== null);

export interface MoveForm {
  reason: string;
  note: string;
  rider_name: string;
  rider_phone: string;
  /** Rupees as typed. */
  collected: string;
}
export const EMPTY_FORM: MoveForm = { reason: '', note: '', rider_name: '', rider_phone: '', collected: '' };

/** The call's body from what was typed, or what is wrong with it (said where it is typed). */
export function moveBody(move: Move, form: MoveForm, duePaise: number | null): { body: BosStatusBody } | { problem: { field: keyof MoveForm; message: string } } {
  const note = form.note.trim() || undefined;
  if (move === 'cancelled') {
    const reason = form.reason.trim();
    if (!reason) return { problem: { field: 'reason', message: 'Say why the order is cancelled' } };
    return { body: { to: move, reason } };
  }
  if (move === 'out_for_delivery') {
    const phone = form.rider_phone.replace(/\s+/g, '');
    if (phone && !/^\d{10}$/.test(phone)) return { problem: { field: 'rider_phone', message: "The rider's phone must be 10 digits" } };
    return { body: { to: move, ...(form.rider_name.trim() ? { rider_name: form.rider_name.trim() } : {}), ...(phone ? { rider_phone: phone } : {}), ...(note ? { note } : {}) } };
  }
  if (move === 'delivered' && duePaise !== null) {
    let collected: number;
    try {
      collected = toPaise(form.collected.replace(/[₹,\s]/g, ''));
    } catch {
      return { problem: { field: 'collected', message: 'Enter the amount collected in rupees, e.g. 450 or 450.50' } };
    }
    if (collected < 0) return { problem: { field: 'collected', message: 'Enter the amount collected in rupees, e.g. 450 or 450.50' } };
    if (collected !== duePaise && !note) return { problem: { field: 'note', message: `${formatRupees(toRupees(duePaise))} was due: say why a different amount was collected` } };
    return { body: { to: move, collected_paise: collected, ...(note ? { note } : {}) } };
  }
  return { body: { to: move, ...(note ? { note } : {}) } };
}

const KIND_WORD: Record<string, string> = { shopper: 'the shopper', agent: 'a sales agent', staff: 'staff', provider: 'the payment provider', sweeper: 'the system' };

/** A 409 as a person reads it: where the order is now, who moved it there and when. */
export function conflictText(conflict: Pick<BosConflict, 'status' | 'set_by'>, statusLabel: (s: OrderStatus) => string): string {
  const by = conflict.set_by ? ` by ${conflict.set_by.name ?? KIND_WORD[conflict.set_by.kind] ?? conflict.set_by.kind} at ${formatTime(conflict.set_by.at)}` : '';
  return `Someone moved this order first: it is now ${statusLabel(conflict.status).toLowerCase()}${by}. Reload to see it.`;
}
