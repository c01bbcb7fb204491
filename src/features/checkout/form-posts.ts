import type { PaymentMethodCode } from '../../contract/order';
import { queryString } from '../../lib/api/client';
import { inEnglish, type CheckoutSay } from './checkout';

/**
 * The checkout's form posts without JavaScript: the fields as the API takes them, and where each post lands.
 * The endpoints under src/pages/checkout/ only wire these to handleSmallForm.
 */

/** /checkout again with the shopper's choices kept (after a refusal, or to price another address). */
export const checkoutPath = (form: FormData) =>
  `/checkout${queryString({ address_id: String(form.get('address_id') ?? ''), payment: String(form.get('payment') ?? '') })}`;

/** The order form's fields; a missing choice is refused here with the words the page shows, in its language. */
export function orderFromForm(form: FormData, say: CheckoutSay = inEnglish()) {
  const addressId = Number(form.get('address_id'));
  const payment = String(form.get('payment') ?? '');
  if (!addressId) throw new Error(say('checkout.chooseAddress'));
  if (!payment) throw new Error(say('checkout.choosePayment'));
  return {
    body: { address_id: addressId, payment: payment as PaymentMethodCode, note: String(form.get('note') ?? '').trim() || null },
    key: String(form.get('key') ?? ''),
  };
}

