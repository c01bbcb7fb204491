import type { APIRoute } from 'astro';
import { handleCartForm } from '../../lib/api/cart-form';

/** POST /cart/remove: the stepper's minus button (or remove) without JavaScript. */
export const POST: APIRoute = (context) => handleCartForm(context, 'remove');
