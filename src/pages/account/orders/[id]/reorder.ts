import type { APIRoute } from 'astro';
import { reorderSummary } from '../../../../features/orders/orders';
import { setFlash } from '../../../../lib/flash';
import { handleSmallForm } from '../../../../lib/api/small-forms';

/** POST /account/orders/{id}/reorder: Reorder without JavaScript; back to the order with what it did said. */
export const POST: APIRoute = (context) => {
  const id = Number(context.params.id) || 0;
  return handleSmallForm(
    context,
    async (api) => {
      const answer = await api.reorder(id);
      const skipped = answer.skipped.map((s) => `${s.name}: ${s.reason}`).join('; ');
      setFlash(context.cookies, `${reorderSummary(answer)}${skipped ? ` ${skipped}` : ''}`, 'success');
      return answer;
    },
    { back: () => `/account/orders/${id}` },
  );
};
