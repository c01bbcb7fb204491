import type { APIRoute } from 'astro';
import { handleSmallForm } from '../../../../lib/api/small-forms';

/** POST /account/orders/{id}/cancel: Cancel without JavaScript; back to the order, which shows where it stands. */
export const POST: APIRoute = (context) => {
  const id = Number(context.params.id) || 0;
  return handleSmallForm(context, (api) => api.cancelOrder(id), { back: () => context.locals.localize(`/account/orders/${id}`) });
};
