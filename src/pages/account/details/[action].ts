import type { APIRoute } from 'astro';
import type { ContactKind } from '../../../contract/profile-rules';
import { handleSmallForm } from '../../../lib/api/small-forms';

/**
 * The details page's plain form posts: /account/details/name, /code (send a code to a new phone or email) and
 * /verify (enter it). After /code the page shows where the code went and asks for it.
 */
export const POST: APIRoute = (context) => {
  const action = context.params.action;
  if (action !== 'name' && action !== 'code' && action !== 'verify') return new Response('Not found', { status: 404 });
  let kind: ContactKind = 'phone';
  return handleSmallForm(
    context,
    async (api, form) => {
      kind = String(form.get('kind')) === 'email' ? 'email' : 'phone';
      if (action === 'name') return { to: '', ...(await api.updateProfile(String(form.get('name') ?? '').trim())) };
      if (action === 'code') return api.requestContactCode(kind, String(form.get('value') ?? '').trim());
      return { to: '', ...(await api.verifyContact(kind, String(form.get('code') ?? '').trim())) };
    },
    {
      back: () => context.locals.localize('/account/details'),
      next: (answer) => context.locals.localize(action === 'code' ? `/account/details?verify=${kind}&to=${encodeURIComponent(answer.to)}` : '/account/details'),
    },
  );
};
