import type { APIRoute } from 'astro';
import { afterOrder } from '../../features/checkout/checkout';
import { checkoutPath, orderFromForm } from '../../features/checkout/form-posts';
import { handleSmallForm } from '../../lib/api/small-forms';

/**
 * POST /checkout/place: Place Order without JavaScript. The page's Idempotency-Key rides in the form, so posting
 * the same page twice answers the same order. On to payment or the success page; refused, back to /checkout.
 */
export const POST: APIRoute = (context) =>
  handleSmallForm(
    context,
    (api, form) => {
      const { body, key } = orderFromForm(form);
      return api.createOrder(body, key);
    },
    { back: checkoutPath, next: afterOrder },
  );
