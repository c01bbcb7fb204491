import { describe, expect, it } from 'vitest';
import type { OrderRefundEntry } from '../contract/order';
import { describeEvent, eventFor, headline, orderTimeline, refundStep, spokenHeadline, type TimelineEventInput, type TimelineSpeech } from './order-timeline';
import { dateTimeIn } from './i18n/dates';
import { translator } from './i18n/translate';

const MEERA = { kind: 'staff' as const, name: 'Meera Iyer' };
const step = (over: Partial<TimelineEventInput>): TimelineEventInput => ({ at: '2026-11-26T04:30:00.000Z', actor: MEERA, kind: 'status', from: null, to: null, note: null, details: null, ...over });

// The rows exactly as src/server/orders/staff.ts and lifecycle.ts record them.
const placed = step({ actor: { kind: 'shopper', name: 'Asha Verma' }, to: 'placed', at: '2026-11-26T03:00:00.000Z' });
const confirmed = step({ from: 'placed', to: 'confirmed', at: '2026-11-26T04:30:00.000Z' });
const out = step({ from: 'packed', to: 'out_for_delivery', details: { rider_name: 'Suresh', rider_phone: '9876512345' }, at: '2026-11-26T05:00:00.000Z' });
const delivered = step({ from: 'out_for_delivery', to: 'delivered', note: 'Shopper had no change', details: { collected_paise: 50000, due_paise: 50050 }, at: '2026-11-26T06:00:00.000Z' });
const cancelled = step({ from: 'confirmed', to: 'cancelled', note: 'Out of stock at the warehouse', details: {} });
const part = step({ kind: 'refund', note: 'One packet torn', details: { refund_id: 7, amount_paise: 4500, lines: [{ order_line_id: 11, quantity: 1, amount_paise: 4500 }], restock: true } });
const retried = step({ kind: 'refund', note: 'Refund sent again', details: { refund_id: 7, amount_paise: 4500 } });
const byHand = step({ kind: 'refund', note: 'Paid from the current account', details: { refund_id: 7, amount_paise: 4500, reference: 'UTR 4455' } });
const paid = step({ actor: { kind: 'provider', name: null }, from: 'pending_payment', to: 'placed', details: { provider: 'razorpay', reference: 'pay_123' } });
const expired = step({ actor: { kind: 'sweeper', name: null }, from: 'pending_payment', to: 'payment_failed', note: 'The payment time ran out' });

describe('what a shopper may see', () => {
  it('never a name, nor the shop\'s own notes, a refund sent again or a payment\'s reference', () => {
    expect(eventFor(confirmed, 'shopper')).toMatchObject({ actor: { kind: 'staff', name: null }, to: 'confirmed', note: null, details: null });
    expect(eventFor(delivered, 'shopper')).toMatchObject({ note: null, details: { collected_paise: 50000 } });
    expect(eventFor(delivered, 'shopper')!.details).not.toHaveProperty('due_paise');
    expect(eventFor(retried, 'shopper')).toBeNull();
    expect(eventFor(step({ kind: 'note', note: 'Called the shopper' }), 'shopper')).toBeNull();
    expect(eventFor(byHand, 'shopper')).toMatchObject({ note: null, details: { amount_paise: 4500, reference: 'UTR 4455' } });
    expect(eventFor(paid, 'shopper')!.details).toBeNull();
    expect(eventFor(expired, 'shopper')!.note).toBeNull();
  });

  it('the reasons they were told: a cancel by the shop, a part refund; the rider', () => {
    expect(eventFor(cancelled, 'shopper')!.note).toBe('Out of stock at the warehouse');
    expect(eventFor(part, 'shopper')).toMatchObject({ note: 'One packet torn', details: { amount_paise: 4500, lines: [{ order_line_id: 11, quantity: 1 }] } });
    expect(eventFor(part, 'shopper')!.details).not.toHaveProperty('restock');
    expect(eventFor(out, 'shopper')!.details).toEqual({ rider_name: 'Suresh', rider_phone: '9876512345' });
  });

  it('an agent gets names and notes', () => {
    expect(eventFor(delivered, 'agent')).toMatchObject({ actor: { name: 'Meera Iyer' }, note: 'Shopper had no change', details: { collected_paise: 50000, due_paise: 50050 } });
    expect(eventFor(retried, 'agent')).not.toBeNull();
  });
});

describe('each step in words', () => {
  it('says who in the shopper\'s words, with times on India\'s clock', () => {
    const shown = describeEvent(eventFor(confirmed, 'shopper')!, 'shopper');
    expect(headline(shown)).toBe('Confirmed by the shop');
    expect(shown.when).toBe('Nov 26, 2026 10:00 AM');
    expect(headline(describeEvent(eventFor(placed, 'shopper')!, 'shopper'))).toBe('Order placed by you');
    expect(headline(describeEvent(eventFor(step({ actor: { kind: 'agent', name: 'Ravi' }, to: 'placed' }), 'shopper')!, 'shopper'))).toBe('Order placed by your sales agent');
    expect(headline(describeEvent(paid, 'shopper'))).toBe('Payment received, order placed');
    expect(describeEvent(eventFor(step({ actor: { kind: 'shopper', name: 'Asha' }, to: 'pending_payment' }), 'shopper')!, 'shopper')).toMatchObject({ title: 'Order placed', by: 'you', details: ['Waiting for the payment'] });
    expect(headline(describeEvent(expired, 'shopper'))).toBe('The time to pay ran out');
  });

  it('the rider, the cash paid, the reason of a cancel', () => {
    expect(describeEvent(eventFor(out, 'shopper')!, 'shopper')).toMatchObject({ title: 'Sent out for delivery', by: 'the shop', details: ['Your rider: Suresh, 9876512345'] });
    expect(describeEvent(eventFor(delivered, 'shopper')!, 'shopper').details).toEqual(['You paid ₹500.00 in cash']);
    expect(describeEvent(eventFor(cancelled, 'shopper')!, 'shopper')).toMatchObject({ title: 'Cancelled', details: ['Reason: Out of stock at the warehouse'] });
  });

  it('refunds: started with its reason, paid by hand with its reference', () => {
    expect(describeEvent(eventFor(part, 'shopper')!, 'shopper')).toMatchObject({ title: 'Refund of ₹45.00 started', details: ['Reason: One packet torn'] });
    expect(describeEvent(eventFor(byHand, 'shopper')!, 'shopper')).toMatchObject({ title: 'Refund of ₹45.00 paid to you directly', details: ['Reference: UTR 4455'] });
  });

  it('staff see every particular: names through who, the cash due, the items, the notes', () => {
    expect(describeEvent(delivered, 'staff')).toMatchObject({ by: 'Meera Iyer (shop staff)', details: ['Cash collected: ₹500.00 (₹500.50 was due)', 'Note: Shopper had no change'] });
    expect(describeEvent(part, 'staff', (id) => (id === 11 ? 'Toor Dal (1 kg)' : undefined)).details).toEqual(['Reason: One packet torn', 'Items: 1 × Toor Dal (1 kg)', 'Goods back to stock']);
    expect(describeEvent(byHand, 'staff')).toMatchObject({ title: 'Refund of ₹45.00 made by hand', details: ['Reference: UTR 4455', 'Note: Paid from the current account'] });
    expect(describeEvent(retried, 'staff').title).toBe('Refund of ₹45.00 sent again');
    expect(describeEvent(paid, 'staff').details).toEqual(['Payment razorpay pay_123']);
  });

  it('tells the three refund steps staff record apart', () => {
    expect([part, retried, byHand].map((e) => refundStep(e.details))).toEqual(['part', 'retried', 'by_hand']);
    expect(refundStep({ refund_id: 1, amount_paise: 100, lines: [], restock: false })).toBe('part');
  });
});

describe('the shopper\'s timeline', () => {
  const refund = (over: Partial<OrderRefundEntry>): OrderRefundEntry => ({ id: 9, kind: 'whole', amount: 250, status: 'pending', created_at: '2026-11-26T07:00:00.000Z', processed_at: null, reason: null, reference: null, lines: [], ...over });

  it('adds a refund with no step of its own (a cancel\'s) and the moment a refund reached the payment, oldest first', () => {
    const timeline = [placed, cancelled, part].map((e) => eventFor(e, 'shopper')!);
    timeline[1]!.at = '2026-11-26T07:00:00.000Z';
    timeline[2]!.at = '2026-11-26T05:00:00.000Z';
    const refunds = [refund({ id: 7, kind: 'part', amount: 45, status: 'processed', processed_at: '2026-11-26T05:00:01.000Z' }), refund({ id: 9 })];
    expect(orderTimeline({ timeline, refunds }, 'shopper').map(headline)).toEqual([
      'Order placed by you',
      'Refund of ₹45.00 started',
      '₹45.00 refunded to your original payment method',
      'Cancelled by the shop',
      'Refund of ₹250.00 started',
    ]);
  });

  it('says nothing twice for a refund paid by hand', () => {
    const refunds = [refund({ id: 7, status: 'processed', processed_at: byHand.at, reference: 'UTR 4455' })];
    expect(orderTimeline({ timeline: [eventFor(byHand, 'shopper')!], refunds }, 'shopper').map(headline)).toEqual(['Refund of ₹45.00 paid to you directly']);
  });
});

describe('the shopper\'s timeline in the page\'s language', () => {
  const refund = (over: Partial<OrderRefundEntry>): OrderRefundEntry => ({ id: 9, kind: 'whole', amount: 250, status: 'pending', created_at: '2026-11-26T07:00:00.000Z', processed_at: null, reason: null, reference: null, lines: [], ...over });
  const speechIn = (locale: 'en' | 'hi'): TimelineSpeech => ({ say: translator(locale), when: (at) => dateTimeIn(locale, at) });

  it('reads in Hindi: the steps, who made them, the rider, the cash, the reasons and the times', () => {
    const hindi = speechIn('hi');
    const shown = (event: TimelineEventInput) => describeEvent(eventFor(event, 'shopper')!, 'shopper', undefined, hindi);
    expect(spokenHeadline(hindi.say)(shown(confirmed))).toBe('ऑर्डर पक्का हुआ (दुकान ने किया)');
    expect(spokenHeadline(hindi.say)(shown(placed))).toBe('ऑर्डर हुआ (आपने किया)');
    expect(spokenHeadline(hindi.say)(describeEvent(paid, 'shopper', undefined, hindi))).toBe('भुगतान मिला, ऑर्डर हुआ');
    expect(shown(out)).toMatchObject({ title: 'डिलीवरी के लिए भेजा गया', details: ['आपका डिलीवरी पार्टनर: Suresh, 9876512345'] });
    expect(shown(delivered).details).toEqual(['आपने ₹500.00 नकद दिए']);
    expect(shown(cancelled)).toMatchObject({ title: 'रद्द हुआ', details: ['कारण: Out of stock at the warehouse'] });
    expect(shown(byHand)).toMatchObject({ title: '₹45.00 का रिफ़ंड सीधे आपको दिया गया', by: null, details: ['रेफ़रेंस: UTR 4455'] });
    expect(shown(confirmed).when).toBe('26 नवम्बर 2026, सुबह 10:00');
    const timeline = [placed, cancelled].map((e) => eventFor(e, 'shopper')!);
    timeline[1]!.at = '2026-11-26T06:00:00.000Z';
    const refunds = [refund({ id: 9, status: 'processed', processed_at: '2026-11-26T08:00:00.000Z' })];
    expect(orderTimeline({ timeline, refunds }, 'shopper', hindi).map(spokenHeadline(hindi.say))).toEqual([
      'ऑर्डर हुआ (आपने किया)',
      'रद्द हुआ (दुकान ने किया)',
      '₹250.00 का रिफ़ंड शुरू हुआ',
      '₹250.00 आपके भुगतान के मूल तरीके में लौटाए गए',
    ]);
  });

  it('reads in English with the English words exactly as without them', () => {
    const english = speechIn('en');
    const timeline = [placed, confirmed, out, delivered, cancelled, part, byHand, paid, expired].map((e) => eventFor(e, 'shopper')!);
    const refunds = [refund({ id: 9, status: 'processed', processed_at: '2026-11-26T08:00:00.000Z', reason: 'Payment declined' })];
    expect(orderTimeline({ timeline, refunds }, 'shopper', english).map((e) => [spokenHeadline(english.say)(e), e.when, ...e.details])).toEqual(
      orderTimeline({ timeline, refunds }, 'shopper').map((e) => [headline(e), e.when, ...e.details]),
    );
  });

  it('keeps an agent\'s timeline in English whatever the page', () => {
    const timeline = [confirmed].map((e) => eventFor(e, 'agent')!);
    expect(orderTimeline({ timeline, refunds: [] }, 'agent', speechIn('hi')).map(headline)).toEqual(['Confirmed by Meera Iyer (shop staff)']);
  });
});
