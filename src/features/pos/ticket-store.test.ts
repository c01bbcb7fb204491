import { afterAll, describe, expect, it } from 'vitest';
import { reportCall } from './connection-store';
import { addPack, addPayment, setQuantity } from './ticket';
import { $settlement, $ticket, newTicket, updateTicket } from './ticket-store';

const dal = { pack_id: 2, name: 'Toor Dal', pack_name: '1 kg', unit_paise: 3_333 };

describe('the ticket store', () => {
  // The screen reads the stores through useStore, which subscribes; so do the tests.
  const unsubscribe = $settlement.listen(() => {});
  afterAll(unsubscribe);

  it('holds the ticket the pure functions make, and its settlement follows', () => {
    newTicket();
    updateTicket((t) => setQuantity(addPack(t, dal), 2, 3));
    expect($settlement.get()).toMatchObject({ total_paise: 9_999, due_paise: 9_999, can_complete: false });
    updateTicket((t) => addPayment(t, { method: 'cash', tendered_paise: 10_000 }));
    expect($settlement.get()).toMatchObject({ due_paise: 0, change_paise: 1, can_complete: true });
  });

  it('blocks UPI as soon as the till goes offline, and frees it when a call succeeds', () => {
    newTicket();
    reportCall(true);
    updateTicket((t) => addPayment(addPack(t, dal), { method: 'upi', amount_paise: 3_333 }));
    expect($settlement.get().can_complete).toBe(true);
    reportCall(false);
    expect($settlement.get().blockers).toEqual(['upi-offline']);
    reportCall(true);
    expect($settlement.get().can_complete).toBe(true);
  });

  it('starts a new ticket with the cashier\'s discount limit', () => {
    updateTicket((t) => addPack(t, dal));
    newTicket(25);
    expect($ticket.get()).toMatchObject({ lines: [], payments: [], discount_limit_percent: 25 });
  });
});
