import type { APIRoute } from 'astro';
import { addressFromForm } from '../../../features/addresses/address-values';
import { handleSmallForm } from '../../../lib/api/small-forms';

/**
 * The address book's plain form posts, back to /account/addresses: POST /account/addresses/save (a new address,
 * or the one whose id the form carries), /default and /delete (the form's id).
 */
export const POST: APIRoute = (context) => {
  const action = context.params.action;
  if (action !== 'save' && action !== 'default' && action !== 'delete') return new Response('Not found', { status: 404 });
  return handleSmallForm(
    context,
    async (api, form) => {
      const id = Number(form.get('id')) || 0;
      if (action === 'delete') return api.deleteAddress(id);
      if (action === 'save') return id ? api.updateAddress(id, addressFromForm(form)) : api.createAddress(addressFromForm(form));
      const address = (await api.addresses()).data.find((a) => a.id === id);
      if (!address) throw new Error('Address not found');
      const { id: _id, ...rest } = address;
      return api.updateAddress(id, { ...rest, is_default: true });
    },
    // Posted from a Hindi page (/hi/account/addresses/…), the shopper goes back to the Hindi page.
    { back: () => context.locals.localize('/account/addresses') },
  );
};
