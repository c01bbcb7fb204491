import { useState, type FormEvent } from 'react';
import type { Order } from '../../contract/order';
import { ordersApi } from '../../lib/api/orders';
import { errorMessage } from '../../lib/errors';
import { useConfirm } from '../../ui/Confirm';
import type { orders as ordersWords } from '../../lib/i18n/messages/en/orders';
import { speak, type Words } from '../../lib/i18n/words';
import { linkIn } from '../account/page-language';
import { cancelDialog, ENGLISH_ORDERS } from './orders';

interface Props {
  order: Pick<Order, 'id' | 'ordernumber' | 'status' | 'payment_method' | 'total'>;
  /** After the order was cancelled (show it again, or go to it). */
  onCancelled: () => void | Promise<void>;
  disabled?: boolean;
  /** The orders' words in the page's language (absent: English). */
  words?: Words<typeof ordersWords>;
}

/**
 * 'Cancel order': asks first with the Confirm dialog in this use's words ('Cancel order AF-…?', Keep order,
 * Cancel order), then cancels. Tapped before the island woke, or without JavaScript, it is a plain form to the
 * order's page with ?confirm=cancel, where the same question is a step of the page (ConfirmStep).
 */
export default function CancelOrder({ order, onCancelled, disabled = false, words }: Props) {
  const say = words ? speak(words) : ENGLISH_ORDERS;
  const [dialog, ask] = useConfirm();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function cancel(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || disabled || !(await ask(cancelDialog(order, say)))) return;
    setBusy(true);
    setError('');
    try {
      await ordersApi().cancelOrder(order.id);
      await onCancelled();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-1">
      <form method="get" action={linkIn(words, `/account/orders/${order.id}`)} onSubmit={cancel}>
        <input type="hidden" name="confirm" value="cancel" />
        <button type="submit" disabled={busy || disabled} aria-busy={busy || undefined} className="min-h-11 rounded-full border border-red-300 px-5 font-medium text-red-700 disabled:opacity-60">
          {say('orders.cancel')}
        </button>
      </form>
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      {dialog}
    </div>
  );
}
