import type { APIContext } from 'astro';
import { handleSmallForm } from './small-forms';

/**
 * The add-to-cart stepper's plain form post, for a shopper whose JavaScript has not arrived: the same API
 * call the island makes, then back to the page.
 */
export function handleCartForm(context: APIContext, action: 'add' | 'remove'): Promise<Response> {
  return handleSmallForm(context, (api, form) => {
    const [packId, warehouseId] = String(form.get('pack') ?? '').split(':').map(Number);
    return action === 'add'
      ? api.addToCart({ pack_id: packId!, warehouse_id: warehouseId! })
      : api.removeFromCart({ pack_id: packId!, remove: form.get('remove') === '1' });
  });
}
