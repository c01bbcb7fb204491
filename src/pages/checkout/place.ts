import type { APIRoute } from 'astro';
import { afterOrder } from '../../features/checkout/checkout';
import { checkoutPath, orderFromForm } from '../../features/checkout/form-posts';
import { handleSmallForm } from '../../lib/api/small-forms';

/**
 * POST /checkout/place (/hi/checkout/place from the Hindi page): Place Order without JavaScript. The page's
 * Idempotency-Key rides in the form, so posting the same page twice answers the same order. On to payment or the
 * success page; refused, back to /checkout; each in the language of the page the form was on, its refusal too.
 */
export const POST: APIRoute = (context) => {
  const { locale, localize, t } = context.locals;
  return handleSmallForm(
    context,
    (api, form) => {
      const { body, key } = orderFromForm(form, t);
      return api.createOrder(body, key);
    },
    { back: (form) => localize(checkoutPath(form)), next: (created) => afterOrder(created, locale) },
  );
};
