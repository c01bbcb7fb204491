import type { APIRoute } from 'astro';
import type { PaymentMethodCode } from '../../contract/order';
import { afterOrder } from '../../features/checkout/checkout';
import { handleSmallForm } from '../../lib/api/small-forms';

/**
 * POST /checkout/retry: pay a failed order again (the same way, another, or cash on delivery) without JavaScript;
 * back to the confirm or on to the payment or success page in the language of the page the form was on.
 */
export const POST: APIRoute = (context) => {
  const { locale, localize } = context.locals;
  return handleSmallForm(context, (api, form) => api.retryOrder(Number(form.get('order_id')), String(form.get('payment') ?? '') as PaymentMethodCode), {
    back: (form) => localize(`/checkout/confirm/${Number(form.get('order_id')) || 0}`),
    next: (created) => afterOrder(created, locale),
  });
};
