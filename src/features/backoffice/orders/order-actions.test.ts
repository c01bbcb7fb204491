import { describe, expect, it } from 'vitest';
import { asksFirst, conflictText, EMPTY_FORM, moveBody, staffMoves } from './order-actions';

describe('the order page\'s moves', () => {
  it('offers the moves allowed now, cancel last, and asks first for a reason, a rider or the cash collected', () => {
    expect(staffMoves(['cancelled', 'packed'])).toEqual(['packed', 'cancelled']);
    expect(staffMoves(['pending_payment'])).toEqual([]);
    expect(asksFirst('cancelled', null)).toBe(true);
    expect(asksFirst('out_for_delivery', null)).toBe(true);
    expect(asksFirst('delivered', 45_000)).toBe(true);
    expect(asksFirst('delivered', null)).toBe(false);
    expect(asksFirst('confirmed', 45_000)).toBe(false);
  });

  it('needs a reason to cancel', () => {
    expect(moveBody('cancelled', { ...EMPTY_FORM, reason: '  ' }, null)).toEqual({ problem: { field: 'reason', message: 'Say why the order is cancelled' } });
    expect(moveBody('cancelled', { ...EMPTY_FORM, reason: ' Out of stock ' }, null)).toEqual({ body: { to: 'cancelled', reason: 'Out of stock' } });
  });

  it('takes the cash collected in rupees, and a note when it is not what was due', () => {
    expect(moveBody('delivered', { ...EMPTY_FORM, collected: '₹450' }, 45_000)).toEqual({ body: { to: 'delivered', collected_paise: 45_000 } });
    expect(moveBody('delivered', { ...EMPTY_FORM, collected: '400' }, 45_000)).toEqual({ problem: { field: 'note', message: '₹450.00 was due: say why a different amount was collected' } });
    expect(moveBody('delivered', { ...EMPTY_FORM, collected: '400', note: 'Short change' }, 45_000)).toEqual({ body: { to: 'delivered', collected_paise: 40_000, note: 'Short change' } });
    expect(moveBody('delivered', { ...EMPTY_FORM, collected: 'four hundred' }, 45_000)).toMatchObject({ problem: { field: 'collected' } });
    expect(moveBody('delivered', EMPTY_FORM, null)).toEqual({ body: { to: 'delivered' } });
  });

  it('takes an optional rider, with a 10-digit phone', () => {
    expect(moveBody('out_for_delivery', EMPTY_FORM, null)).toEqual({ body: { to: 'out_for_delivery' } });
    expect(moveBody('out_for_delivery', { ...EMPTY_FORM, rider_name: 'Ravi', rider_phone: '98765 43210' }, null)).toEqual({ body: { to: 'out_for_delivery', rider_name: 'Ravi', rider_phone: '9876543210' } });
    expect(moveBody('out_for_delivery', { ...EMPTY_FORM, rider_phone: '12345' }, null)).toMatchObject({ problem: { field: 'rider_phone' } });
  });

  it('says who moved the order first, and when', () => {
    expect(conflictText({ status: 'packed', set_by: { kind: 'staff', name: 'Meera Iyer', at: '2026-11-26T05:02:00.000Z' } }, () => 'Packed')).toBe(
      'Someone moved this order first: it is now packed by Meera Iyer at 10:32 AM. Reload to see it.',
    );
  });
});

describe('the order page\'s parts', () => {
  it('shows the address as lines, each delivery window once, who acted and what changed', async () => {
    const { actorText, addressLines, changeText, deliveryWindows } = await import('./order-view');
    expect(addressLines({ name: 'Asha Verma', phone: '9876512345', line1: '12, 4th Main', line2: '', city: 'Bengaluru', state: 'Karnataka', pincode: '560001', id: 4 })).toEqual([
      'Asha Verma', '9876512345', '12, 4th Main', 'Bengaluru, Karnataka 560001',
    ]);
    const line = (date: string | null, start: string | null, end: string | null) => ({ delivery: { date, start, end } }) as never;
    expect(deliveryWindows([line('2026-11-28', '7:00 AM', '11:00 AM'), line('2026-11-28', '7:00 AM', '11:00 AM'), line('2026-11-29', null, null), line(null, null, null)])).toEqual([
      'Nov 28, 2026, 7:00 AM – 11:00 AM', 'Nov 29, 2026',
    ]);
    expect(actorText({ kind: 'staff', id: 3, name: 'Meera Iyer' })).toBe('Staff · Meera Iyer');
    expect(actorText({ kind: 'provider', id: null, name: null })).toBe('Payment provider');
    expect(changeText({ status: 'placed' }, { status: 'confirmed' })).toBe('placed → confirmed');
    expect(changeText(null, { amount_paise: 500 })).toBe('— → amount ₹5.00');
    // A part refund's row: amounts in rupees, its lines counted, flags in words; never the raw JSON.
    expect(changeText({ refunded_paise: 0 }, { refunded_paise: 42000, refund_id: 7, lines: [{ order_line_id: 3, quantity: 1 }], restock: false })).toBe(
      'refunded ₹0.00 → refunded ₹420.00, refund #7, 1 line, restock no',
    );
    expect(changeText({ status: 'failed', last_error: null }, { status: 'pending' })).toBe('failed → pending');
    // A status among other things is said as the status, in words, not as "status out_for_delivery".
    expect(changeText({ status: 'packed' }, { status: 'out_for_delivery', rider_name: 'Suresh' })).toBe('packed → out for delivery, rider name Suresh');
  });

  it('says a staff action in words, and counts as refunded only what reached the shopper', async () => {
    const { actionText, refundSums } = await import('./order-view');
    expect(actionText('order.out_for_delivery')).toBe('Sent out for delivery');
    expect(actionText('refund.created')).toBe('Part refund');
    expect(actionText('stock.changed')).toBe('stock.changed');
    const refund = (status: 'processed' | 'pending' | 'failed', amount_paise: number) => ({ status, amount_paise });
    expect(refundSums([refund('processed', 4200), refund('failed', 8100), refund('pending', 100), refund('processed', 800)])).toEqual({ processed: 5000, pending: 100, failed: 8100 });
    expect(refundSums([])).toEqual({ processed: 0, pending: 0, failed: 0 });
  });

  it('names a refund\'s lines as the order does', async () => {
    const { refundLinesText } = await import('./order-view');
    const lines = [{ id: 7, name: 'Toor Dal', pack: '1 kg' }, { id: 8, name: 'Rice', pack: '5 kg' }];
    expect(refundLinesText({ lines: [{ line_id: 7, quantity: 1, amount_paise: 100 }, { line_id: 8, quantity: 2, amount_paise: 900 }] }, lines)).toBe('1 × Toor Dal (1 kg), 2 × Rice (5 kg)');
    expect(refundLinesText({ lines: [{ line_id: 9, quantity: 1, amount_paise: 100 }] }, lines)).toBe('1 × line 9');
    expect(refundLinesText({ lines: [] }, lines)).toBe('');
  });
});
