import { atom, computed } from 'nanostores';
import { $online } from './connection-store';
import { emptyTicket, setQuantity, settle, type Ticket } from './ticket';
import { typedQuantity } from './ticket-hints';

/**
 * The ticket on the till's screen. The rules are ticket.ts's pure functions; the store only holds the current
 * ticket, so every change is `updateTicket((t) => addPack(t, pack))` and the screen re-renders from `$ticket`
 * and `$settlement`, which follows the connection too (UPI is blocked the moment the till goes offline).
 */
export const $ticket = atom<Ticket>(emptyTicket());

export const $settlement = computed([$ticket, $online], (ticket, online) => settle(ticket, { online }));

export const updateTicket = (change: (ticket: Ticket) => Ticket) => $ticket.set(change($ticket.get()));

/** A fresh ticket after a sale (or to abandon one), with the signed-in cashier's line-discount limit. */
export function newTicket(discountLimitPercent?: number) {
  $ticket.set(emptyTicket(discountLimitPercent));
  $heldQuantity.set(null);
}

/** The line whose typed quantity was last held to the limit, at the quantity it was held to (said beside the field). */
export const $heldQuantity = atom<{ pack_id: number; quantity: number } | null>(null);

/**
 * A quantity typed into a line (Enter or leaving the field): the ticket takes it, held to the limit, and the line is
 * noted when it was held. Answers the quantity the line now has, or null when the text is no quantity (nothing changes).
 */
export function typeQuantity(packId: number, text: string): number | null {
  const typed = typedQuantity(text);
  if (!typed) return null;
  updateTicket((t) => setQuantity(t, packId, typed.quantity));
  const held = $heldQuantity.get();
  if (typed.held) $heldQuantity.set({ pack_id: packId, quantity: typed.quantity });
  else if (held?.pack_id === packId) $heldQuantity.set(null);
  return $ticket.get().lines.find((line) => line.pack_id === packId)?.quantity ?? null;
}

const KEPT = 'pos-ticket';

/** A kept ticket as read back: the shape a ticket has, or null (another till's, or not a ticket at all). */
export function keptTicket(text: string | null, tillId: number): Ticket | null {
  try {
    const kept = JSON.parse(text ?? 'null') as { till_id?: unknown; ticket?: Partial<Ticket> } | null;
    const ticket = kept?.ticket;
    if (kept?.till_id !== tillId || !ticket || !Array.isArray(ticket.lines) || !Array.isArray(ticket.payments) || typeof ticket.discount_limit_percent !== 'number') return null;
    return { coupon: null, customer_phone: null, note: '', ...ticket } as Ticket;
  } catch {
    return null;
  }
}

/**
 * Keeps the ticket on the device as it changes, for the till it belongs to, and gives it back when that till's
 * screen starts again: a reload or a crashed browser never loses a half-rung ticket, nor cash already taken on it.
 * Answers the function that stops keeping it.
 */
export function keepTicket(storage: Pick<Storage, 'getItem' | 'setItem'>, tillId: number): () => void {
  const kept = keptTicket(storage.getItem(KEPT), tillId);
  if (kept) $ticket.set(kept);
  return $ticket.subscribe((ticket) => {
    try {
      storage.setItem(KEPT, JSON.stringify({ till_id: tillId, ticket }));
    } catch {
      // Storage full or refused: the ticket stays on the screen as before.
    }
  });
}
