import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { POS_MAX_PAYMENTS, PosSaleBody } from '../../contract/pos';
import {
  TICKET_LIMITS,
  addPack,
  addPayment,
  emptyTicket,
  lineDiscountLimit,
  parseQuantity,
  removeLine,
  removePayment,
  saleBody,
  setCoupon,
  pricingKey,
  setCustomerPhone,
  setLineDiscount,
  setNote,
  setQuantity,
  settle,
  stepQuantity,
  type PackForTicket,
  type Ticket,
} from './ticket';

const atta: PackForTicket = { pack_id: 1, name: 'Aashirvaad Atta', pack_name: '5 kg', unit_paise: 29_900 };
const dal: PackForTicket = { pack_id: 2, name: 'Toor Dal', pack_name: '1 kg', unit_paise: 3_333 };
const milk: PackForTicket = { pack_id: 3, name: 'दूध', pack_name: '500 ml', unit_paise: 2_800 };

/** A ticket holding the given packs once each. */
const ticketOf = (...packs: PackForTicket[]): Ticket => packs.reduce(addPack, emptyTicket());

describe('ticket lines', () => {
  it('adds a pack as a line of one; the same pack again raises its quantity', () => {
    const ticket = ticketOf(atta, dal, atta);
    expect(ticket.lines.map((l) => [l.pack_id, l.quantity])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    expect(ticket.lines[0]).toMatchObject({ name: 'Aashirvaad Atta', pack_name: '5 kg', unit_paise: 29_900, discount_paise: 0 });
  });

  it('bounds quantity to 1..999, typed or stepped, and adding never passes 999', () => {
    let ticket = setQuantity(ticketOf(atta), 1, 1000);
    expect(ticket.lines[0]!.quantity).toBe(TICKET_LIMITS.maxQuantity);
    ticket = addPack(ticket, atta);
    expect(ticket.lines[0]!.quantity).toBe(999);
    ticket = stepQuantity(ticket, 1, +1);
    expect(ticket.lines[0]!.quantity).toBe(999);
    ticket = setQuantity(ticket, 1, 0);
    expect(ticket.lines[0]!.quantity).toBe(1);
    ticket = stepQuantity(ticket, 1, -1);
    expect(ticket.lines[0]!.quantity).toBe(1); // minus at one keeps the line; removing it is its own action
    expect(removeLine(ticket, 1).lines).toEqual([]);
  });

  it('reads a typed quantity only when it is a whole number', () => {
    expect(['3', ' 12 ', '999', '1000', '0', '2.5', '', 'abc', '-1', '1e3', '٣'].map(parseQuantity)).toEqual([
      3, 12, 999, 999, 1, null, null, null, null, null, null,
    ]);
  });

  it('leaves the ticket as it was for a pack that is not on it', () => {
    const ticket = ticketOf(atta);
    expect(setQuantity(ticket, 99, 5)).toBe(ticket);
    expect(stepQuantity(ticket, 99, 1)).toBe(ticket);
    expect(setLineDiscount(ticket, 99, 100)).toBe(ticket);
  });

  it('never changes the ticket it was given', () => {
    const ticket = ticketOf(atta);
    const frozen = structuredClone(ticket);
    setQuantity(ticket, 1, 5);
    addPack(ticket, atta);
    setLineDiscount(ticket, 1, 500);
    addPayment(ticket, { method: 'cash', tendered_paise: 100 });
    expect(ticket).toEqual(frozen);
  });
});

describe('line discounts', () => {
  it('are limited to a percentage of the line, rounded down to the paisa', () => {
    // 3 × ₹33.33 = ₹99.99; 10% is 999.9 paise, so at most 999.
    const line = setQuantity(ticketOf(dal), 2, 3).lines[0]!;
    expect(lineDiscountLimit(line)).toBe(999);
    expect(lineDiscountLimit(line, 12.5)).toBe(1_249); // 1,249.875
    expect(lineDiscountLimit(line, 0)).toBe(0);
    expect(lineDiscountLimit(line, 100)).toBe(9_999);
    expect(lineDiscountLimit(line, 150)).toBe(9_999); // never more than the line
    expect(lineDiscountLimit(line, -5)).toBe(0);
  });

  it('allow what the server allows: floor(price × quantity × percent / 100) for a whole percentage', () => {
    const line = fc.record({ unit_paise: fc.integer({ min: 0, max: 10_000_000 }), quantity: fc.integer({ min: 1, max: 999 }) });
    fc.assert(
      fc.property(line, fc.integer({ min: 0, max: 100 }), (l, percent) => {
        expect(lineDiscountLimit(l, percent)).toBe(Math.floor((l.unit_paise * l.quantity * percent) / 100));
      }),
    );
  });

  it('are held within the cashier\'s limit, which the ticket keeps', () => {
    const ticket = ticketOf(atta);
    expect(setLineDiscount(ticket, 1, 5_000).lines[0]!.discount_paise).toBe(2_990);
    expect(setLineDiscount(ticket, 1, -10).lines[0]!.discount_paise).toBe(0);
    const generous = ticketOf(atta);
    const manager = { ...generous, discount_limit_percent: 20 };
    expect(setLineDiscount(manager, 1, 5_000).lines[0]!.discount_paise).toBe(5_000);
    expect(emptyTicket(15).discount_limit_percent).toBe(15);
  });

  it('shrink with the line: fewer units cannot keep a discount above the new limit', () => {
    let ticket = setQuantity(ticketOf(atta), 1, 4);
    ticket = setLineDiscount(ticket, 1, 11_960); // 10% of ₹1,196
    ticket = stepQuantity(ticket, 1, -1);
    expect(ticket.lines[0]!.discount_paise).toBe(8_970);
  });

  it('refuse an amount that is not whole paise', () => {
    expect(() => setLineDiscount(ticketOf(atta), 1, 10.5)).toThrow(RangeError);
  });
});

describe('totals', () => {
  it('add whole paise: ₹33.33 × 3 is ₹99.99 exactly, with no floating point', () => {
    const ticket = setQuantity(ticketOf(dal), 2, 3);
    expect(settle(ticket)).toMatchObject({ subtotal_paise: 9_999, line_discount_paise: 0, coupon_discount_paise: 0, total_paise: 9_999 });
  });

  it('take line discounts, then the coupon, which never takes the total below zero', () => {
    let ticket = setQuantity(ticketOf(atta, milk), 3, 2); // 29,900 + 5,600
    ticket = setLineDiscount(ticket, 1, 2_000);
    ticket = setCoupon(ticket, 'namaste20', 2_000);
    expect(ticket.coupon).toEqual({ code: 'NAMASTE20', discount_paise: 2_000, priced_for: pricingKey(ticket) });
    expect(settle(ticket)).toMatchObject({ subtotal_paise: 35_500, line_discount_paise: 2_000, coupon_discount_paise: 2_000, total_paise: 31_500 });
    expect(settle(setCoupon(ticket, 'BIG', 1_000_000))).toMatchObject({ coupon_discount_paise: 33_500, total_paise: 0 });
    expect(setCoupon(ticket, '  ', 0).coupon).toBeNull();
  });

  it('block a coupon priced for another ticket, or offline: a sale never carries an unpriced coupon', () => {
    const priced = addPayment(setCoupon(setQuantity(ticketOf(atta, milk), 3, 2), 'NAMASTE20', 2_000), { method: 'cash', tendered_paise: 100_000 });
    expect(settle(priced)).toMatchObject({ can_complete: true, blockers: [] });
    expect(settle(priced, { online: false })).toMatchObject({ can_complete: false, blockers: ['coupon-offline'] });
    const more = stepQuantity(priced, 3, 1);
    expect(settle(more)).toMatchObject({ can_complete: false, blockers: ['coupon-unpriced'] });
    expect(settle(setCustomerPhone(priced, '9876500001')).blockers).toEqual(['coupon-unpriced']);
    expect(settle(setCoupon(more, 'NAMASTE20', 2_000)).blockers).toEqual([]);
    expect(settle(setCoupon(more, '', 0), { online: false }).blockers).toEqual([]);
  });

  it('hold for any ticket: the total is the subtotal less discounts, a whole number from 0 up', () => {
    const pack = fc.record({ pack_id: fc.integer({ min: 1, max: 5 }), unit_paise: fc.integer({ min: 0, max: 10_000_000 }) });
    const step = fc.record({ pack, quantity: fc.integer({ min: -5, max: 2000 }), discount: fc.integer({ min: 0, max: 10_000_000 }) });
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 10_000_000 }), (steps, percent, coupon) => {
        let ticket = emptyTicket(percent);
        for (const s of steps) {
          ticket = addPack(ticket, { ...s.pack, name: 'x', pack_name: 'y' });
          ticket = setQuantity(ticket, s.pack.pack_id, s.quantity);
          ticket = setLineDiscount(ticket, s.pack.pack_id, s.discount);
        }
        ticket = setCoupon(ticket, 'C', coupon);
        const t = settle(ticket);
        const wrong: string[] = [];
        for (const line of ticket.lines) {
          if (line.quantity < 1 || line.quantity > 999) wrong.push(`quantity ${line.quantity}`);
          if (line.discount_paise > lineDiscountLimit(line, percent)) wrong.push(`discount ${line.discount_paise}`);
        }
        for (const value of Object.values(t)) if (typeof value === 'number' && !Number.isSafeInteger(value)) wrong.push(`not whole: ${value}`);
        if (t.total_paise !== t.subtotal_paise - t.line_discount_paise - t.coupon_discount_paise) wrong.push('total');
        if (t.total_paise < 0) wrong.push('negative');
        expect(wrong).toEqual([]);
      }),
    );
  });
});

describe('payments', () => {
  const total = 31_500;
  const ticket = setCoupon(setLineDiscount(setQuantity(ticketOf(atta, milk), 3, 2), 1, 2_000), 'NAMASTE20', 2_000);

  it('in cash: what is tendered, and the change due', () => {
    expect(settle(ticket).total_paise).toBe(total);
    const paid = addPayment(ticket, { method: 'cash', tendered_paise: 50_000 });
    expect(settle(paid)).toMatchObject({ due_paise: 0, change_paise: 18_500, can_complete: true, blockers: [] });
    const short = addPayment(ticket, { method: 'cash', tendered_paise: 30_000 });
    expect(settle(short)).toMatchObject({ due_paise: 1_500, change_paise: 0, can_complete: false, blockers: ['due'] });
  });

  it('by UPI or card: never more than is due, and a card needs the terminal\'s reference', () => {
    const upi = addPayment(ticket, { method: 'upi', amount_paise: 99_999 });
    expect(upi.payments).toEqual([{ method: 'upi', amount_paise: total }]);
    expect(settle(upi)).toMatchObject({ due_paise: 0, change_paise: 0, can_complete: true });

    const card = addPayment(ticket, { method: 'card', amount_paise: total, reference: '  ' });
    expect(settle(card)).toMatchObject({ due_paise: 0, can_complete: false, blockers: ['card-reference'] });
    const referenced = addPayment(ticket, { method: 'card', amount_paise: total, reference: ' RRN 4411 ' });
    expect(referenced.payments).toEqual([{ method: 'card', amount_paise: total, reference: 'RRN 4411' }]);
    expect(settle(referenced).can_complete).toBe(true);
  });

  it('split: card first, the rest in cash with change on the cash alone', () => {
    let split = addPayment(ticket, { method: 'card', amount_paise: 20_000, reference: '000123' });
    split = addPayment(split, { method: 'upi', amount_paise: 1_500 });
    expect(settle(split)).toMatchObject({ paid_paise: 21_500, due_paise: 10_000, change_paise: 0, can_complete: false });
    split = addPayment(split, { method: 'cash', tendered_paise: 20_000 });
    expect(settle(split)).toMatchObject({ due_paise: 0, change_paise: 10_000, can_complete: true });
    // Cash already covers it: a card for more is not taken at all.
    expect(addPayment(split, { method: 'card', amount_paise: 100, reference: 'x' })).toBe(split);
    expect(settle(removePayment(split, 2))).toMatchObject({ due_paise: 10_000, change_paise: 0 });
  });

  it('cash first, then the card takes only what the cash left', () => {
    let split = addPayment(ticket, { method: 'cash', tendered_paise: 10_000 });
    split = addPayment(split, { method: 'card', amount_paise: total, reference: '77' });
    expect(split.payments[1]).toEqual({ method: 'card', amount_paise: 21_500, reference: '77' });
    expect(settle(split)).toMatchObject({ due_paise: 0, change_paise: 0, can_complete: true });
  });

  it('a ticket made smaller after a card payment is not completed with the card over the total', () => {
    let paid = addPayment(ticket, { method: 'card', amount_paise: total, reference: '1' });
    paid = removeLine(paid, 3);
    const s = settle(paid);
    expect(s.total_paise).toBe(25_900);
    // The coupon was priced for the larger ticket: it is priced again too.
    expect(s).toMatchObject({ due_paise: 0, change_paise: 0, can_complete: false, blockers: ['over-paid', 'coupon-unpriced'] });
  });

  it('UPI needs the network: offline the ticket says so and cannot be completed by it', () => {
    const noCoupon = setCoupon(ticket, '', 0);
    const upi = addPayment(noCoupon, { method: 'upi', amount_paise: settle(noCoupon).total_paise });
    expect(settle(upi, { online: false })).toMatchObject({ can_complete: false, blockers: ['upi-offline'] });
    const cash = addPayment(noCoupon, { method: 'cash', tendered_paise: settle(noCoupon).total_paise });
    expect(settle(cash, { online: false }).can_complete).toBe(true);
  });

  it('an empty ticket cannot be completed; a zero or invalid payment is not taken', () => {
    expect(settle(emptyTicket())).toMatchObject({ total_paise: 0, can_complete: false, blockers: ['empty'] });
    expect(addPayment(ticket, { method: 'cash', tendered_paise: 0 })).toBe(ticket);
    expect(() => addPayment(ticket, { method: 'upi', amount_paise: 1.5 })).toThrow(RangeError);
    expect(TICKET_LIMITS.maxPayments).toBe(POS_MAX_PAYMENTS);
    let many = ticket;
    for (let i = 0; i < 10; i += 1) many = addPayment(many, { method: 'upi', amount_paise: 100 });
    expect(many.payments).toHaveLength(POS_MAX_PAYMENTS);
  });
});

describe('the customer and the note', () => {
  it('keeps a phone only when it is an Indian mobile number, and none is fine', () => {
    const ticket = emptyTicket();
    expect(setCustomerPhone(ticket, ' 98765 00001 ').customer_phone).toBe('9876500001');
    expect(setCustomerPhone(ticket, '+91 9876500001').customer_phone).toBe('9876500001');
    expect(setCustomerPhone(ticket, '12345').customer_phone).toBeNull();
    expect(setCustomerPhone(ticket, '').customer_phone).toBeNull();
  });

  it('keeps a note within its bound', () => {
    expect(setNote(emptyTicket(), '  no bag  ').note).toBe('no bag');
    expect(setNote(emptyTicket(), 'x'.repeat(1000)).note).toHaveLength(TICKET_LIMITS.maxNote);
  });
});

describe('the sale the till sends', () => {
  it('is the ticket in the contract\'s shape, rupees exact from paise, empty fields left out', () => {
    let ticket = setQuantity(ticketOf(atta, dal), 2, 3);
    ticket = setLineDiscount(ticket, 2, 999);
    ticket = addPayment(ticket, { method: 'card', amount_paise: 20_000, reference: 'RRN 1' });
    ticket = addPayment(ticket, { method: 'upi', amount_paise: 10_001 });
    ticket = addPayment(ticket, { method: 'cash', tendered_paise: 10_000 });
    const body = saleBody(setCustomerPhone(ticket, '9876500001'), 7);
    expect(body).toEqual({
      till_id: 7,
      lines: [
        { pack_id: 1, quantity: 1 },
        { pack_id: 2, quantity: 3, discount: 9.99 },
      ],
      payments: [
        { mode: 'card', amount: 200, reference: 'RRN 1' },
        { mode: 'upi', amount: 100.01 },
        { mode: 'cash', amount: 100 },
      ],
      phone: '9876500001',
    });
    expect(PosSaleBody.safeParse(body).success).toBe(true);
    const full = setNote(setCoupon(ticket, 'save10', 500), 'no bag');
    expect(saleBody(full, 7)).toMatchObject({ coupon: 'SAVE10', note: 'no bag' });
    expect(PosSaleBody.safeParse(saleBody(full, 7)).success).toBe(true);
  });
});
