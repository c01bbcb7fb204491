import { describe, expect, it } from 'vitest';
import type { Order } from '../../contract/order';
import { translator } from '../../lib/i18n/translate';
import { cancelDialog, paymentWords, refundNote, refundStateWords, reorderSummary, statusLabel, STATUS, timeline } from './orders';

const hindi = translator('hi');
const english = translator('en');

describe('the orders\' words in both languages', () => {
  it('names every status: English as the badges always said, Hindi in its words', () => {
    for (const status of Object.keys(STATUS) as (keyof typeof STATUS)[]) {
      expect(statusLabel(status)).toBe(STATUS[status].label);
      expect(statusLabel(status, english)).toBe(STATUS[status].label);
      expect(statusLabel(status, hindi)).toMatch(/^[\u0900-\u097F][\u0900-\u097F ]*$/);
    }
    expect(statusLabel('out_for_delivery', hindi)).toBe('डिलीवरी के लिए निकला');
  });

  it('the progress steps in the page\'s words, where the order stands the same', () => {
    expect(timeline('packed', hindi)).toEqual([
      { status: 'placed', label: 'ऑर्डर हुआ', state: 'done' },
      { status: 'confirmed', label: 'पक्का हुआ', state: 'done' },
      { status: 'packed', label: 'पैक हुआ', state: 'current' },
      { status: 'out_for_delivery', label: 'डिलीवरी के लिए निकला', state: 'todo' },
      { status: 'delivered', label: 'डिलीवर हुआ', state: 'todo' },
    ]);
    expect(timeline('packed').map((s) => s.label)).toEqual(['Placed', 'Confirmed', 'Packed', 'Out for delivery', 'Delivered']);
  });

  it('cancel, payment and reorder sentences', () => {
    const order = { ordernumber: 'AF-1', status: 'confirmed', payment_method: 'upi', total: 120, refund: null } as unknown as Order;
    expect(cancelDialog(order)).toEqual({ title: 'Cancel order AF-1?', message: 'Its items go back on the shelf and ₹120.00 is refunded to your original payment method.', confirmText: 'Cancel order', cancelText: 'Keep order' });
    expect(cancelDialog(order, hindi)).toEqual({ title: 'ऑर्डर AF-1 रद्द करें?', message: 'इसका सामान वापस रख दिया जाएगा और ₹120.00 आपके भुगतान के मूल तरीके में लौटा दिए जाएँगे।', confirmText: 'ऑर्डर रद्द करें', cancelText: 'ऑर्डर रहने दें' });
    expect(paymentWords({ ...order, payment_method: 'cod' })).toBe('Cash on Delivery — pay when it arrives');
    expect(paymentWords({ ...order, payment_method: 'cod' }, hindi)).toBe('कैश ऑन डिलीवरी — सामान आने पर भुगतान करें');
    const reordered = { added: [{ quantity: 2 }, { quantity: 1 }], skipped: [{}] };
    expect(reorderSummary(reordered)).toBe('Added 3 items to your cart. Some could not be added:');
    expect(reorderSummary({ added: [{ quantity: 1 }], skipped: [] })).toBe('Added 1 item to your cart.');
    expect(reorderSummary(reordered, hindi)).toBe('आपके कार्ट में 3 आइटम डाले गए। कुछ आइटम नहीं डाले जा सके:');
    expect(reorderSummary({ added: [], skipped: [] }, hindi)).toBe('आपके कार्ट में कुछ नहीं डाला जा सका।');
  });

  it('refunds: English as before, Hindi with its dates', () => {
    const refund = { id: 1, amount: 45, status: 'processed', created_at: '2026-11-20T06:00:00.000Z', processed_at: '2026-11-22T06:00:00.000Z', reason: null, reference: null } as const;
    expect(refundNote(refund as never)).toBe('Refunded ₹45.00 on Nov 22, 2026 to your original payment method. Your bank may take 5–7 working days to show it.');
    expect(refundNote(refund as never, hindi, () => '22 नवम्बर 2026')).toBe('22 नवम्बर 2026 को ₹45.00 आपके भुगतान के मूल तरीके में लौटा दिए गए। आपके बैंक में दिखने में 5–7 कामकाजी दिन लग सकते हैं।');
    expect(refundStateWords(refund)).toBe('Refunded on Nov 22, 2026 to your original payment method');
    expect(refundStateWords(refund, 'shopper', english)).toBe('Refunded on Nov 22, 2026 to your original payment method');
    expect(refundStateWords(refund, 'shopper', hindi, () => '22 नवम्बर 2026')).toBe('22 नवम्बर 2026 को आपके भुगतान के मूल तरीके में लौटाए गए');
  });
});
