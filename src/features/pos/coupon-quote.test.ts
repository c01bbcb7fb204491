import { describe, expect, it } from 'vitest';
import { PosQuoteBody, type PosQuote } from '../../contract/pos';
import { fetchQuote, quoteBody, withQuote } from './coupon-quote';
import { addPack, addPayment, emptyTicket, pricingKey, setCoupon, setCustomerPhone, setLineDiscount, settle, stepQuantity, type Ticket } from './ticket';

const atta = { pack_id: 1, name: 'Atta', pack_name: '5 kg', unit_paise: 29_900 };
const dal = { pack_id: 2, name: 'Dal', pack_name: '1 kg', unit_paise: 4_550 };
const ticket: Ticket = setCustomerPhone(setLineDiscount(addPack(addPack(emptyTicket(), atta), dal), 1, 1_050), '98765 00001');

const quote = (over: Partial<PosQuote> = {}): PosQuote => ({
  till_id: 7,
  lines: [],
  amount: 344.5,
  line_discount: 10.5,
  coupon: { code: 'NAMASTE20', discount: 20 },
  coupon_refused: null,
  discount: 30.5,
  total: 314,
  customer: null,
  ...over,
});

describe('the coupon on the ticket', () => {
  it("is quoted with the ticket's lines, discounts and phone, in rupees, as the contract takes it", () => {
    const body = quoteBody(ticket, 7, ' namaste20 ');
    expect(body).toEqual({ till_id: 7, lines: [{ pack_id: 1, quantity: 1, discount: 10.5 }, { pack_id: 2, quantity: 1 }], phone: '9876500001', coupon: 'NAMASTE20' });
    expect(PosQuoteBody.parse(body)).toEqual(body);
  });

  it('takes the discount the shop quoted, and the ticket can be sold with it', () => {
    const answered = withQuote(ticket, ticket, 'namaste20', quote());
    expect(answered?.state).toEqual({ status: 'applied', code: 'NAMASTE20', discount_paise: 2_000, total_paise: 31_400 });
    const paid = addPayment(answered!.ticket, { method: 'cash', tendered_paise: 40_000 });
    expect(settle(paid)).toMatchObject({ coupon_discount_paise: 2_000, total_paise: 31_400, change_paise: 8_600, blockers: [] });
  });

  it("takes a refused coupon off with the shop's reason", () => {
    const applied = setCoupon(ticket, 'NAMASTE20', 2_000);
    const answered = withQuote(applied, applied, 'namaste20', quote({ coupon: null, coupon_refused: { code: 'NAMASTE20', reason: 'Minimum cart value is ₹99' }, discount: 10.5, total: 334 }));
    expect(answered?.state).toEqual({ status: 'refused', code: 'NAMASTE20', reason: 'Minimum cart value is ₹99', priced_for: pricingKey(applied) });
    expect(answered?.ticket.coupon).toBeNull();
  });

  it('ignores an answer for a ticket changed since it was asked', () => {
    expect(withQuote(stepQuantity(ticket, 2, 1), ticket, 'NAMASTE20', quote())).toBeNull();
  });

  it("posts to /pos/quote and throws the shop's message when it refuses", async () => {
    const calls: [string, RequestInit][] = [];
    const ok = await fetchQuote(async (path, init) => (calls.push([path, init]), Response.json(quote())), ticket, 7, 'namaste20');
    expect(ok.total).toBe(314);
    expect([calls[0]![0], calls[0]![1].method, JSON.parse(String(calls[0]![1].body)).coupon]).toEqual(['/pos/quote', 'POST', 'NAMASTE20']);
    await expect(fetchQuote(async () => Response.json({ message: 'Till 7 is closed' }, { status: 409 }), ticket, 7, 'X')).rejects.toThrow('Till 7 is closed');
  });
});
