import { afterAll, describe, expect, it } from 'vitest';
import { reportCall } from './connection-store';
import { addPack, addPayment, setQuantity } from './ticket';
import { $heldQuantity, $settlement, $ticket, keepTicket, keptTicket, newTicket, typeQuantity, updateTicket } from './ticket-store';

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

  it('takes a typed quantity, notes the line when it was held to 999, and forgets it once the line is typed again', () => {
    newTicket();
    updateTicket((t) => addPack(t, dal));
    expect(typeQuantity(2, '9999')).toBe(999);
    expect($ticket.get().lines[0]?.quantity).toBe(999);
    expect($heldQuantity.get()).toEqual({ pack_id: 2, quantity: 999 });
    expect(typeQuantity(2, 'lots')).toBeNull();
    expect($ticket.get().lines[0]?.quantity).toBe(999);
    expect(typeQuantity(2, '21')).toBe(21);
    expect($heldQuantity.get()).toBeNull();
    expect(typeQuantity(9, '5')).toBeNull(); // no such line
    typeQuantity(2, '1000');
    newTicket();
    expect($heldQuantity.get()).toBeNull();
  });

  it('starts a new ticket with the cashier\'s discount limit', () => {
    updateTicket((t) => addPack(t, dal));
    newTicket(25);
    expect($ticket.get()).toMatchObject({ lines: [], payments: [], discount_limit_percent: 25 });
  });
});

describe('the ticket kept on the device', () => {
  /** A stand-in for the browser's localStorage: what was written, by key. */
  const storage = () => {
    const items = new Map<string, string>();
    return { items, getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
  };

  it("gives back a till's ticket after a reload, its cash taken included, and keeps each change", () => {
    const device = storage();
    newTicket();
    let stop = keepTicket(device, 7);
    updateTicket((t) => addPayment(setQuantity(addPack(t, dal), 2, 3), { method: 'cash', tendered_paise: 5_000 }));
    stop();
    // The page reloads: a fresh ticket, then the till's screen starts again.
    newTicket();
    stop = keepTicket(device, 7);
    expect($ticket.get().lines.map((l) => [l.pack_id, l.quantity])).toEqual([[2, 3]]);
    expect($ticket.get().payments).toHaveLength(1);
    updateTicket((t) => setQuantity(t, 2, 1));
    stop();
    expect(keptTicket(device.getItem('pos-ticket'), 7)?.lines[0]?.quantity).toBe(1);
  });

  it("never gives another till's ticket, nor anything that is not a ticket", () => {
    const device = storage();
    newTicket();
    const stop = keepTicket(device, 7);
    updateTicket((t) => addPack(t, dal));
    stop();
    expect(keptTicket(device.getItem('pos-ticket'), 8)).toBeNull();
    for (const text of [null, '', '{', '42', '{"till_id":7}', '{"till_id":7,"ticket":{"lines":"x","payments":[]}}']) expect(keptTicket(text, 7), String(text)).toBeNull();
    newTicket();
    keepTicket(device, 8)();
    expect($ticket.get().lines).toEqual([]);
  });
});
