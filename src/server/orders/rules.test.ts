import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, type OrderStatus } from '../../contract';
import { readConfig } from '../config';
import { CANCELLABLE_STATUSES, canMove, HOLDING_STATUSES } from './status';
import { orderPrefix } from './create';
import { codProblem, PAYMENT_METHODS, paymentMethodsFor, paymentProblem, unavailablePaymentMethods } from './payments/methods';

const FULFILMENT: OrderStatus[] = ['pending_payment', 'placed', 'confirmed', 'packed', 'out_for_delivery', 'delivered'];

describe('order statuses', () => {
  it('move only forward along fulfilment, never back', () => {
    for (const [i, from] of FULFILMENT.entries()) {
      for (const [j, to] of FULFILMENT.entries()) expect(canMove(from, to), `${from} → ${to}`).toBe(j === i + 1);
    }
  });

  it('end at delivered and cancelled; a failed payment goes only to paid or waiting again', () => {
    for (const to of ORDER_STATUSES) {
      expect(canMove('delivered', to)).toBe(false);
      expect(canMove('cancelled', to)).toBe(false);
      expect(canMove('payment_failed', to), to).toBe(to === 'placed' || to === 'pending_payment');
    }
    expect(ORDER_STATUSES.filter((from) => canMove(from, 'payment_failed'))).toEqual(['pending_payment']);
  });

  it('may be cancelled only before packing, and hold stock in every status but cancelled and failed', () => {
    expect(CANCELLABLE_STATUSES).toEqual(['pending_payment', 'placed', 'confirmed']);
    expect(ORDER_STATUSES.filter((s) => !(HOLDING_STATUSES as readonly string[]).includes(s))).toEqual(['cancelled', 'payment_failed']);
  });
});

describe('payment methods', () => {
  const zone = (cod_allowed: number, cod_limit_paise: number | null = null) => ({
    id: 1, name: 'Metro', charge_paise: 3000, free_above_paise: 49900, min_order_paise: 9900, lead_days: 1, cod_allowed, cod_limit_paise, window: { start: '7:00 AM', end: '11:00 AM' },
  });

  const demo = { ...readConfig({}), codLimitPaise: 500_000 };
  const codes = (methods: { code: string }[]) => methods.map((m) => m.code);

  it('offer cash on delivery up to the limit, in zones that take it; online while simulated', () => {
    expect(codes(paymentMethodsFor(demo, zone(1), 500_000))).toEqual(['cod', 'razorpay', 'stripe']);
    expect(codes(paymentMethodsFor(demo, zone(1), 500_001))).toEqual(['razorpay', 'stripe']);
    expect(codes(paymentMethodsFor(demo, zone(0), 100))).toEqual(['razorpay', 'stripe']);
    expect(codes(paymentMethodsFor(demo, null, 100))).toEqual(['razorpay', 'stripe']);
    expect(String(codProblem(zone(1), 250_001, 250_000))).toBe('Cash on delivery is available for orders up to ₹2,500; please pay online');
  });

  it("hold cash on delivery to a zone's own limit where it has one, above or below the shop's", () => {
    expect(codProblem(zone(1, 100_000), 100_000, 500_000)).toBeNull();
    expect(String(codProblem(zone(1, 100_000), 100_001, 500_000))).toBe('Cash on delivery is available for orders up to ₹1,000; please pay online');
    expect(codes(paymentMethodsFor(demo, zone(1, 900_000), 800_000))).toEqual(['cod', 'razorpay', 'stripe']);
    expect(String(codProblem(zone(0, 900_000), 100, 500_000))).toBe('Cash on delivery is not available at this address; please pay online');
  });

  it('list cash on delivery as unavailable, with the reason, where a delivered address or the total rules it out', () => {
    const cod = (reason: string) => [{ ...PAYMENT_METHODS.cod, reason }];
    expect(unavailablePaymentMethods(demo, zone(1), 500_001)).toEqual(cod('Cash on delivery is available for orders up to ₹5,000; please pay online'));
    expect(unavailablePaymentMethods(demo, zone(0), 100)).toEqual(cod('Cash on delivery is not available at this address; please pay online'));
    expect(unavailablePaymentMethods(demo, zone(1), 500_000)).toEqual([]);
    expect(unavailablePaymentMethods(demo, null, 100)).toEqual([]);
    expect(unavailablePaymentMethods({ ...demo, production: true }, zone(1), 100)).toEqual([]);
  });

  it('in production offer only the providers that have keys, and refuse the others', () => {
    const production = { ...demo, production: true };
    expect(codes(paymentMethodsFor(production, zone(1), 100))).toEqual(['cod']);
    expect(String(paymentProblem(production, zone(1), 100, 'stripe'))).toBe('Credit or Debit Card is not available right now; please choose another way to pay');
    const razorpayOnly = { ...production, razorpay: { keyId: 'rzp_live_x', keySecret: 's', webhookSecret: 'w' } };
    expect(codes(paymentMethodsFor(razorpayOnly, zone(0), 100))).toEqual(['razorpay']);
    expect(paymentProblem(razorpayOnly, zone(0), 100, 'razorpay')).toBeNull();
  });
});

describe('order settings', () => {
  it('read the cash-on-delivery limit and the payment time from the environment, with defaults', () => {
    expect(readConfig({})).toMatchObject({ codLimitPaise: 500_000, orderPaymentTtlMinutes: 30 });
    expect(readConfig({ COD_LIMIT_RUPEES: '2500.50', ORDER_PAYMENT_TTL_MINUTES: '15' })).toMatchObject({ codLimitPaise: 250_050, orderPaymentTtlMinutes: 15 });
    expect(readConfig({ COD_LIMIT_RUPEES: 'lots', ORDER_PAYMENT_TTL_MINUTES: '-1' })).toMatchObject({ codLimitPaise: 500_000, orderPaymentTtlMinutes: 30 });
  });

  it('number orders with the website’s initials', () => {
    expect(orderPrefix('Annapurna Fresh')).toBe('AF');
    expect(orderPrefix('Kirana Bazaar')).toBe('KB');
    expect(orderPrefix('the Big Fresh Mart')).toBe('TBF');
    expect(orderPrefix('123')).toBe('OD');
  });
});
