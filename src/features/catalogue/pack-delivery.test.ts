import { describe, expect, it } from 'vitest';
import type { Pack } from '../../contract';
import { translator } from '../../lib/i18n/translate';
import { deliveryLines, deliveryPromise } from './pack-delivery';

const t = { t: translator('en'), locale: 'en' } as const;
const hindi = { t: translator('hi'), locale: 'hi' } as const;

describe('a pack’s delivery promise', () => {
  const delivered = { deliverable: true, date: '2026-11-25', start: '7:00 AM', end: '11:00 AM' };
  const refused = { deliverable: false, date: null, start: null, end: null };

  it('says when a deliverable pack comes, in the cart’s window, from India’s today', () => {
    expect(deliveryPromise(delivered, '560001', t, '2026-11-24')).toEqual({ deliverable: true, text: 'Tomorrow, 7–11 AM' });
    expect(deliveryPromise(delivered, '560001', t, '2026-11-25')).toEqual({ deliverable: true, text: 'Today, 7–11 AM' });
    expect(deliveryPromise({ ...delivered, date: '2026-11-27' }, '570001', t, '2026-11-24')).toEqual({ deliverable: true, text: 'Nov 27, 7–11 AM' });
  });

  it('names the pincode a pack is not delivered to', () => {
    expect(deliveryPromise(refused, '570001', t, '2026-11-24')).toEqual({ deliverable: false, text: 'Not delivered to 570001' });
  });

  it('is worded in the page’s language', () => {
    expect(deliveryPromise(delivered, '560001', hindi, '2026-11-24')).toEqual({ deliverable: true, text: 'कल, सुबह 7–11' });
    expect(deliveryPromise(delivered, '560001', hindi, '2026-11-25')).toEqual({ deliverable: true, text: 'आज, सुबह 7–11' });
    expect(deliveryPromise({ ...delivered, date: '2026-11-27' }, '570001', hindi, '2026-11-24')).toEqual({ deliverable: true, text: '27 नवम्बर, सुबह 7–11' });
    expect(deliveryPromise({ ...delivered, date: '2027-01-05', start: null, end: null }, '570001', hindi, '2026-11-24')).toEqual({ deliverable: true, text: '5 जनवरी' });
    expect(deliveryPromise(refused, '570001', hindi, '2026-11-24')).toEqual({ deliverable: false, text: '570001 पर डिलीवरी नहीं होती' });
  });

  it('says nothing without a pincode or without the API’s delivery', () => {
    expect(deliveryPromise(undefined, '560001', t, '2026-11-24')).toBeNull();
    expect(deliveryPromise(delivered, null, t, '2026-11-24')).toBeNull();
  });
});

describe('the product page’s delivery lines', () => {
  const pack = (pack_id: number, pack_name: string, delivery?: object) =>
    ({ pack_id, pack_name, price: 10, act_price: 10, discount: 0, warehouse_id: 1, discount_type: null, in_stock: true, ...(delivery && { delivery }) }) as Pack;
  const tomorrow = { deliverable: true, date: '2026-11-25', start: '7:00 AM', end: '11:00 AM' };
  const later = { deliverable: true, date: '2026-11-27', start: '7:00 AM', end: '11:00 AM' };
  const refused = { deliverable: false, date: null, start: null, end: null };

  it('says it once when every pack says the same, so it is what the chosen pack says', () => {
    expect(deliveryLines([pack(1, '1 kg', tomorrow), pack(2, '5 kg', tomorrow)], '560001', t, '2026-11-24')).toEqual([{ deliverable: true, text: 'Delivery to 560001: Tomorrow, 7–11 AM' }]);
    expect(deliveryLines([pack(1, '1 kg', refused), pack(2, '5 kg', refused)], '570001', t, '2026-11-24')).toEqual([{ deliverable: false, text: 'Not delivered to 570001' }]);
  });

  it('names each pack when they differ', () => {
    expect(deliveryLines([pack(1, '1 kg', tomorrow), pack(2, '5 kg', refused), pack(3, '10 kg', later)], '570001', t, '2026-11-24')).toEqual([
      { deliverable: true, text: '1 kg: Tomorrow, 7–11 AM' },
      { deliverable: false, text: '5 kg: Not delivered to 570001' },
      { deliverable: true, text: '10 kg: Nov 27, 7–11 AM' },
    ]);
    expect(deliveryLines([pack(1, '1 kg', tomorrow), pack(2, '5 kg', tomorrow)], '560001', hindi, '2026-11-24')).toEqual([{ deliverable: true, text: '560001 पर डिलीवरी: कल, सुबह 7–11' }]);
    expect(deliveryLines([pack(1, '1 kg', tomorrow), pack(2, '5 kg', refused)], '570001', hindi, '2026-11-24')).toEqual([
      { deliverable: true, text: '1 kg: कल, सुबह 7–11' },
      { deliverable: false, text: '5 kg: 570001 पर डिलीवरी नहीं होती' },
    ]);
  });

  it('says nothing without a pincode', () => {
    expect(deliveryLines([pack(1, '1 kg'), pack(2, '5 kg')], null, t, '2026-11-24')).toEqual([]);
    expect(deliveryLines([pack(1, '1 kg', tomorrow)], null, t, '2026-11-24')).toEqual([]);
  });
});
