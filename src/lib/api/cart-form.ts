import type { APIContext } from 'astro';
import { setFlash } from '../flash';
import { safeReturnPath } from '../redirect';
import { useFormToken } from './form-call';
import { serverApi } from './server';

/**
 * The add-to-cart stepper's plain form post, for a shopper whose JavaScript has not arrived: it makes the
 * same API call the island makes, with the anti-forgery token the form carries, then sends the shopper back
 * to the page (303).
 */
export async function handleCartForm(context: APIContext, action: 'add' | 'remove'): Promise<Response> {
  const form = await context.request.formData();
  const back = safeReturnPath(form.get('return'), '/products');
  const [packId, warehouseId] = String(form.get('pack') ?? '').split(':').map(Number);
  const api = serverApi(context.request);
  try {
    await useFormToken(api, form);
    if (action === 'add') await api.addToCart({ pack_id: packId!, warehouse_id: warehouseId! });
    else await api.removeFromCart({ pack_id: packId!, remove: form.get('remove') === '1' });
  } catch (error) {
    setFlash(context.cookies, error instanceof Error ? error.message : 'Something went wrong');
  }
  const headers = new Headers({ location: back });
  for (const cookie of api.setCookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
}
