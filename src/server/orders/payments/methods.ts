import { translator, type Translate } from '../../../lib/i18n/translate';
import { refusal, type Refusal } from '../../http/errors';
import { PAYMENT_METHOD_CODES, type PaymentMethodCode } from '../../../contract';
import { formatRupees, toRupees } from '../../../lib/money';
import type { ServerConfig } from '../../config';
import { enabledProviders } from './providers';
import type { Area } from '../../services/delivery';

/** How each method reads at checkout. */
export const PAYMENT_METHODS: Record<PaymentMethodCode, { code: PaymentMethodCode; name: string; description: string }> = {
  cod: { code: 'cod', name: 'Cash on Delivery', description: 'Pay in cash or UPI when your order arrives' },
  razorpay: { code: 'razorpay', name: 'UPI, Cards, Netbanking and Wallets', description: 'Pay online securely with Razorpay' },
  stripe: { code: 'stripe', name: 'Credit or Debit Card', description: 'Pay by card securely with Stripe' },
};

/**
 * Why cash on delivery cannot be offered for this order, or null when it can: the zone must take it, up to its
 * limit (the zone's own, else the shop's, `codLimitPaise`).
 */
export function codProblem(zone: Area['zone'], totalPaise: number, shopLimitPaise: number): Refusal | null {
  if (zone && zone.cod_allowed !== 1) return refusal('refusals.codNotHere');
  const codLimitPaise = zone?.cod_limit_paise ?? shopLimitPaise;
  if (totalPaise > codLimitPaise) return refusal('refusals.codLimit', { amount: formatRupees(toRupees(codLimitPaise)).replace(/\.00$/, '') });
  return null;
}

export type PaymentSettings = Pick<ServerConfig, 'codLimitPaise' | 'production' | 'razorpay' | 'stripe'>;

/**
 * Why this order cannot be paid this way, or null when it can: cash on delivery by codProblem, an online
 * provider only while it is on (with keys, or simulated outside production).
 */
export function paymentProblem(config: PaymentSettings, zone: Area['zone'], totalPaise: number, payment: PaymentMethodCode): Refusal | null {
  if (payment === 'cod') return codProblem(zone, totalPaise, config.codLimitPaise);
  return (enabledProviders(config) as string[]).includes(payment) ? null : refusal('refusals.payUnavailable', { method: PAYMENT_METHODS[payment].name });
}

/**
 * The methods the shop has that this cart may not be paid with, each with the reason to show beside it: cash on
 * delivery to a delivered address when codProblem rules it out (a provider that is off is simply not offered).
 */
export function unavailablePaymentMethods(config: PaymentSettings, zone: Area['zone'], totalPaise: number, t: Translate = translator('en')) {
  const reason = zone && codProblem(zone, totalPaise, config.codLimitPaise);
  return reason ? [{ ...PAYMENT_METHODS.cod, reason: reason.say(t) }] : [];
}

/** The methods a cart may be paid with: the providers that are on, and cash on delivery where codProblem allows. */
export const paymentMethodsFor = (config: PaymentSettings, zone: Area['zone'], totalPaise: number) =>
  PAYMENT_METHOD_CODES.filter((code) => (code !== 'cod' || zone !== null) && !paymentProblem(config, zone, totalPaise, code)).map((code) => PAYMENT_METHODS[code]);
