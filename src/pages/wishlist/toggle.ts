import type { APIRoute } from 'astro';
import { useFormToken } from '../../lib/api/form-call';
import { serverApi } from '../../lib/api/server';
import { setFlash } from '../../lib/flash';
import { safeReturnPath } from '../../lib/redirect';

/** POST /wishlist/toggle: the heart without JavaScript toggles the product in the Default list, then back (303). */
export const POST: APIRoute = async ({ request, cookies }) => {
  const form = await request.formData();
  const api = serverApi(request);
  try {
    await useFormToken(api, form);
    await api.toggleWishlist(Number(form.get('product_id')));
  } catch (error) {
    setFlash(cookies, error instanceof Error ? error.message : 'Something went wrong');
  }
  const headers = new Headers({ location: safeReturnPath(form.get('return'), '/products') });
  for (const cookie of api.setCookies) headers.append('set-cookie', cookie);
  return new Response(null, { status: 303, headers });
};
