import type { APIRoute } from 'astro';
import { handleSmallForm } from '../../lib/api/small-forms';

/** POST /cart/coupon: apply (or, with remove=1, remove) a coupon without JavaScript. */
export const POST: APIRoute = (context) =>
  handleSmallForm(context, (api, form) => (form.get('remove') === '1' ? api.removeCoupon() : api.applyCoupon(String(form.get('code') ?? ''))));
