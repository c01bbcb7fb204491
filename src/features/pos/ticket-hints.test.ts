import { describe, expect, it } from 'vitest';
import { addPack, addPayment, emptyTicket, settle, setCoupon, type Ticket } from './ticket';
import { completeReason, heldQuantityNote, shortStockNote, typedQuantity } from './ticket-hints';

const dal = { pack_id: 2, name: 'Toor Dal', pack_name: '1 kg', unit_paise: 4_500, stock: 20 };
const oneDal = (): Ticket => addPack(emptyTicket(), dal);
const cash = { mode: 'cash' as const, amount: '', reference: '' };

describe('a typed quantity', () => {
  it('is taken as typed within 1..999, held to 999 above it (and says so), refused when it is no number', () => {
    expect(typedQuantity('21')).toEqual({ quantity: 21, held: false });
    expect(typedQuantity(' 999 ')).toEqual({ quantity: 999, held: false });
    expect(typedQuantity('1000')).toEqual({ quantity: 999, held: true });
    expect(typedQuantity('9999')).toEqual({ quantity: 999, held: true });
    expect(typedQuantity('0')).toEqual({ quantity: 1, held: false });
    for (const text of ['', 'abc', '2.5', '-3', '१२']) expect(typedQuantity(text), text).toBeNull();
    expect(heldQuantityNote('Toor Dal')).toBe('Quantity of Toor Dal held to 999, the most one line takes.');
  });
});

describe('a quantity over the stock the till knows', () => {
  it('is warned of, never refused: the sale can still be completed', () => {
    expect(shortStockNote({ quantity: 20, stock: 20 })).toBeNull();
    expect(shortStockNote({ quantity: 21, stock: 20 })).toBe('Only 20 in stock at this counter: the sale goes through, and the back office sees it flagged short.');
    expect(shortStockNote({ quantity: 1, stock: 0 })).toBe('None in stock at this counter: the sale goes through, and the back office sees it flagged short.');
    expect(shortStockNote({ quantity: 1, stock: -2 })).toMatch(/^None in stock/);
    const ticket = addPayment({ ...oneDal(), lines: [{ ...oneDal().lines[0]!, quantity: 30 }] }, { method: 'cash', tendered_paise: 200_000 });
    expect(settle(ticket).can_complete).toBe(true);
  });

  it('says nothing when the stock is not known (a ticket kept from before the till noted it)', () => {
    expect(shortStockNote({ quantity: 500 })).toBeNull();
    expect(shortStockNote({ quantity: 500, stock: null })).toBeNull();
  });
});

describe('why Complete sale waits', () => {
  it('says nothing when the sale can be completed, or when there is nothing to sell yet', () => {
    const paid = addPayment(oneDal(), { method: 'cash', tendered_paise: 4_500 });
    expect(completeReason(settle(paid), 1, { ...cash, amount: '100' })).toBeNull();
    expect(completeReason(settle(emptyTicket()), 0, { ...cash, amount: '100' })).toBeNull();
  });

  it('asks for the payment to be taken when none is typed', () => {
    expect(completeReason(settle(oneDal()), 1, cash)).toBe('Take the payment.');
  });

  it('names the button to press when an amount is typed but not taken', () => {
    const ticket = settle(oneDal());
    expect(completeReason(ticket, 1, { ...cash, amount: '100' })).toBe('Press Take Cash payment to record ₹100.00 tendered.');
    expect(completeReason(ticket, 1, { mode: 'upi', amount: '45', reference: '' })).toBe('Press Take UPI payment to record ₹45.00.');
    expect(completeReason(ticket, 1, { mode: 'card', amount: '45', reference: 'TID-1' })).toBe('Press Take Card payment to record ₹45.00.');
    expect(completeReason(ticket, 1, { mode: 'card', amount: '45', reference: ' ' })).toBe("Type the terminal's reference, then press Take Card payment to record ₹45.00.");
    // Not an amount (or nothing): the plain reason.
    expect(completeReason(ticket, 1, { ...cash, amount: 'abc' })).toBe('Take the payment.');
    expect(completeReason(ticket, 1, { ...cash, amount: '0' })).toBe('Take the payment.');
  });

  it('keeps every other reason after it', () => {
    const coupon = setCoupon(oneDal(), 'NAMASTE20', 500);
    expect(completeReason(settle(coupon, { online: false }), 1, { ...cash, amount: '50' })).toBe('Press Take Cash payment to record ₹50.00 tendered. A coupon needs the network: take it off or wait to be online.');
    expect(completeReason(settle(coupon, { online: false }), 1, cash)).toBe('Take the payment. A coupon needs the network: take it off or wait to be online.');
  });
});
