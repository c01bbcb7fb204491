import type { APIRoute } from 'astro';
import { checkoutPath } from '../../features/checkout/form-posts';
import { readFormOrRefusal } from '../../lib/api/form-body';

/** POST /checkout/review: without JavaScript, shows /checkout (in the form's page's language) priced for the address and method chosen. Changes nothing. */
export const POST: APIRoute = async ({ request, locals }) => {
  const form = await readFormOrRefusal(request);
  if (form instanceof Response) return form;
  return new Response(null, { status: 303, headers: { location: locals.localize(checkoutPath(form)) } });
};
