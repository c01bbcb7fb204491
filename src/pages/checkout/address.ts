import type { APIRoute } from 'astro';
import { addressFromForm } from '../../features/addresses/address-values';
import { handleSmallForm } from '../../lib/api/small-forms';

/** POST /checkout/address: a new address without JavaScript; back to /checkout (in the form's page's language) delivering to it. */
export const POST: APIRoute = (context) =>
  handleSmallForm(context, (api, form) => api.createAddress(addressFromForm(form)), { next: (saved) => context.locals.localize(`/checkout?address_id=${saved.id}`) });
