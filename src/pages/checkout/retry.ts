import type { APIRoute } from 'astro';
import type { PaymentMethodCode } from '../../contract/order';
import { afterOrder } from '../../features/checkout/checkout';
import { handleSmallForm } from '../../lib/api/small-forms';

/** POST /checkout/retry: pay a failed order again (the same way, another, or cash on delivery) without JavaScript. */
export const POST: APIRoute = (context) =>
  handleSmallForm(context, (api, form) => api.retryOrder(Number(form.get('order_id')), String(form.get('payment') ?? '') as PaymentMethodCode), {
    back: (form) => `/checkout/confirm/${Number(form.get('order_id')) || 0}`,
    next: afterOrder,
  });
