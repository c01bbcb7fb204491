import { atom, computed } from 'nanostores';
import { $online } from './connection-store';
import { emptyTicket, settle, type Ticket } from './ticket';

/**
 * The ticket on the till's screen. The rules are ticket.ts's pure functions; the store only holds the current
 * ticket, so every change is `updateTicket((t) => addPack(t, pack))` and the screen re-renders from `$ticket`
 * and `$settlement`, which follows the connection too (UPI is blocked the moment the till goes offline).
 */
export const $ticket = atom<Ticket>(emptyTicket());

export const $settlement = computed([$ticket, $online], (ticket, online) => settle(ticket, { online }));

export const updateTicket = (change: (ticket: Ticket) => Ticket) => $ticket.set(change($ticket.get()));

/** A fresh ticket after a sale (or to abandon one), with the signed-in cashier's line-discount limit. */
export const newTicket = (discountLimitPercent?: number) => $ticket.set(emptyTicket(discountLimitPercent));
