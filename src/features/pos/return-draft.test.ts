import { describe, expect, it } from 'vitest';
import { PosReturnBody, type PosSale } from '../../contract/pos';
import { anythingLeft, defaultRefundMode, newDraft, returnBody, returnNote, returnSummary, setRefundMode, setReturnQuantity } from './return-draft';

const line = (over: Partial<PosSale['lines'][number]>): PosSale['lines'][number] => ({
  line_id: 1, pack_id: 11, name: 'Atta', pack: '1 kg', quantity: 3, price: 90, discount: 20, amount: 250, returned: 0, refunded: 0, ...over,
});

const sale: PosSale = {
  order_id: 5, ordernumber: 'AF-000005', till_id: 7, status: 'delivered', customer: null,
  lines: [line({}), line({ line_id: 2, pack_id: 12, name: 'Dal', quantity: 2, price: 45.5, discount: 0, amount: 91, returned: 1, refunded: 45.5 })],
  amount: 361, discount: 20, total: 341, offercode: 'NAMASTE20',
  payments: [{ id: 1, mode: 'cash', amount: 341, tendered: 500, reference: null, state: 'paid', qr: null }],
  payment_state: 'paid', change_due: 159, stock_short: false, note: null, created_at: '2026-11-27T08:00:00.000Z',
};

describe('a return at the till', () => {
  it('holds each line to what is left of it: sold less earlier returns', () => {
    let draft = newDraft(sale);
    draft = setReturnQuantity(draft, sale, 1, 5);
    draft = setReturnQuantity(draft, sale, 2, 2);
    expect(draft.quantities).toEqual({ 1: 3, 2: 1 });
    expect(setReturnQuantity(draft, sale, 1, -2).quantities[1]).toBe(0);
    expect(setReturnQuantity(draft, sale, 99, 1)).toBe(draft);
    expect(anythingLeft(sale)).toBe(true);
    expect(anythingLeft({ ...sale, lines: [line({ returned: 3 })] })).toBe(false);
  });

  it("gives back each unit's share of what the line was paid, the last units what is left of it", () => {
    const one = returnSummary(setReturnQuantity(newDraft(sale), sale, 1, 1), sale);
    expect(one).toEqual({ lines: [{ line_id: 1, name: 'Atta', pack: '1 kg', quantity: 1, refund_paise: 8_333 }], units: 1, refund_paise: 8_333 });
    const afterOne = { ...sale, lines: [line({ returned: 1, refunded: 83.33 })] };
    expect(returnSummary(setReturnQuantity(newDraft(afterOne), afterOne, 1, 2), afterOne).refund_paise).toBe(16_667);
    const both = setReturnQuantity(setReturnQuantity(newDraft(sale), sale, 1, 3), sale, 2, 1);
    expect(returnSummary(both, sale).refund_paise).toBe(25_000 + 4_550);
  });

  it('refunds the way the sale was paid by default, and sends the body the contract takes', () => {
    expect(defaultRefundMode(sale)).toBe('cash');
    expect(defaultRefundMode({ payments: [{ ...sale.payments[0]!, mode: 'card' }] })).toBe('card');
    expect(defaultRefundMode({ payments: [{ ...sale.payments[0]!, mode: 'upi' }] })).toBe('upi');
    expect(defaultRefundMode({ payments: [{ ...sale.payments[0]!, mode: 'card' }, sale.payments[0]!] })).toBe('cash');
    let draft = setRefundMode(setReturnQuantity(newDraft(sale), sale, 1, 2), 'card');
    expect(setRefundMode(draft, 'cheque')).toBe(draft);
    draft = { ...draft, reason: 'Damaged or leaking', detail: '  bag torn ' };
    expect(returnNote(draft)).toBe('Damaged or leaking: bag torn');
    const body = returnBody(draft, sale, 9);
    expect(body).toEqual({ till_id: 9, lines: [{ line_id: 1, quantity: 2 }], refund_mode: 'card', note: 'Damaged or leaking: bag torn' });
    expect(PosReturnBody.parse(body)).toEqual(body);
  });
});
