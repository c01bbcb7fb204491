import { useState, type FormEvent } from 'react';
import { MAX_LINE_QUANTITY } from '../../contract/constants';
import { ApiCallError } from '../../lib/api/client';
import { addOne, removeOne, toastFailure } from './actions';
import type { CartSay } from './words';

type Step = 'add' | 'remove' | 'remove-line';

/** Which call a stepper form's submit button asks for: its formaction and `remove` value say. */
function stepOf(submitter: HTMLElement | null | undefined): Step {
  if (submitter?.getAttribute('formaction') !== '/cart/remove' && submitter?.closest('form')?.getAttribute('action') !== '/cart/remove') return 'add';
  return submitter?.closest('form')?.querySelector<HTMLInputElement>('input[name="remove"]')?.value === '1' ? 'remove-line' : 'remove';
}

/** A pack's ids from its `pack_id:warehouse_id` value (what a stepper form posts), or null. */
export function packOfValue(value: string): { pack_id: number; warehouse_id: number } | null {
  const [packId, warehouseId] = value.split(':').map(Number);
  return packId && warehouseId ? { pack_id: packId, warehouse_id: warehouseId } : null;
}

/** The pack a stepper form posts, as the form holds it now. */
const packFromForm = (form: HTMLFormElement) => packOfValue(String(new FormData(form).get('pack') ?? ''));

/**
 * The state of one pack's stepper: which call is in flight (one at a time), whether + is at the item's limit
 * (the pack's max_per_order when known, the contract's, or the quantity at which the server refused one more),
 * the note to show at the per-order limit ('Max 5 per order', in `say`'s language), and the form's submit handler.
 */
export function useStepper(say: CartSay, pack: { pack_id: number; warehouse_id: number } | undefined, quantity: number, max?: number) {
  // The form's own pack field is the truth at submit time (a radio may change before state catches up).
  const [busy, setBusy] = useState<Step | null>(null);
  const [refusedAt, setRefusedAt] = useState<Record<number, number>>({});
  const most = Math.min(MAX_LINE_QUANTITY, max || MAX_LINE_QUANTITY);
  const atLimit = pack ? quantity >= Math.min(most, refusedAt[pack.pack_id] ?? Infinity) : true;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const step = stepOf((event.nativeEvent as SubmitEvent).submitter as HTMLElement | null);
    const sent = packFromForm(event.currentTarget) ?? pack;
    if (busy || !sent || (step === 'add' && atLimit)) return;
    setBusy(step);
    try {
      await (step === 'add' ? addOne(sent) : removeOne(sent.pack_id, step === 'remove-line'));
    } catch (failure) {
      if (step === 'add' && failure instanceof ApiCallError && failure.status === 400) setRefusedAt((was) => ({ ...was, [sent.pack_id]: quantity }));
      toastFailure(failure, say);
    } finally {
      setBusy(null);
    }
  }
  return { busy, atLimit, note: quantity < most ? null : say('cart.max', { most }), submit };
}
