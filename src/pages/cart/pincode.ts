import type { APIRoute } from 'astro';
import { handleSmallForm } from '../../lib/api/small-forms';

/** POST /cart/pincode: the pincode dialog without JavaScript. */
export const POST: APIRoute = (context) => handleSmallForm(context, (api, form) => api.checkPincode(String(form.get('pincode') ?? '').trim()));
