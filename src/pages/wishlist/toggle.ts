import type { APIRoute } from 'astro';
import { handleSmallForm } from '../../lib/api/small-forms';

/** POST /wishlist/toggle: the heart without JavaScript toggles the product in the Default list, then back (303). */
export const POST: APIRoute = (context) => handleSmallForm(context, (api, form) => api.toggleWishlist(Number(form.get('product_id'))));
