import { PAYMENT_METHOD_CODES, type PaymentMethodCode } from '../../contract';
import { formatRupees, toRupees } from '../../lib/money';
import type { Area } from './delivery';

/** How each method reads at checkout. */
export const PAYMENT_METHODS: Record<PaymentMethodCode, { code: PaymentMethodCode; name: string; description: string }> = {
  cod: { code: 'cod', name: 'Cash on Delivery', description: 'Pay in cash or UPI when your order arrives' },
  razorpay: { code: 'razorpay', name: 'UPI, Cards, Netbanking and Wallets', description: 'Pay online securely with Razorpay' },
  stripe: { code: 'stripe', name: 'Credit or Debit Card', description: 'Pay by card securely with Stripe' },
};

/** Why cash on delivery cannot be offered for this order, or null when it can: the zone must take it, up to a set total. */
export function codProblem(zone: Area['zone'], totalPaise: number, codLimitPaise: number): string | null {
  if (zone && zone.cod_allowed !== 1) return 'Cash on delivery is not available at this address; please pay online';
  if (totalPaise > codLimitPaise) return `Cash on delivery is available for orders up to ${formatRupees(toRupees(codLimitPaise)).replace(/\.00$/, '')}; please pay online`;
  return null;
}

/** The methods a cart may be paid with: online always, cash on delivery where codProblem allows. */
export const paymentMethodsFor = (zone: Area['zone'], totalPaise: number, codLimitPaise: number) =>
  PAYMENT_METHOD_CODES.filter((code) => code !== 'cod' || (zone !== null && !codProblem(zone, totalPaise, codLimitPaise))).map((code) => PAYMENT_METHODS[code]);
