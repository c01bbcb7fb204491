import type { APIRoute } from 'astro';
import { reorderSummary } from '../../../../features/orders/orders';
import { speak } from '../../../../lib/i18n/words';
import { islandWords } from '../../../../lib/i18n/island-words';
import { orders as ordersWords } from '../../../../lib/i18n/messages/en/orders';
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
      const words = islandWords(context.locals.locale, ordersWords);
      setFlash(context.cookies, `${words ? reorderSummary(answer, speak(words)) : reorderSummary(answer)}${skipped ? ` ${skipped}` : ''}`, 'success');
      return answer;
    },
    { back: () => context.locals.localize(`/account/orders/${id}`) },
  );
};
