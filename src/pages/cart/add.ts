import type { APIRoute } from 'astro';
import { handleCartForm } from '../../lib/api/cart-form';

/** POST /cart/add: the add-to-cart form without JavaScript. */
export const POST: APIRoute = (context) => handleCartForm(context, 'add');
