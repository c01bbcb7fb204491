import { useState, type FormEvent } from 'react';
import type { Order } from '../../contract/order';
import type { Reordered } from '../../contract/invoice';
import { ordersApi } from '../../lib/api/orders';
import { callCart } from '../cart/store';
import { errorMessage } from '../../lib/errors';
import { dateIn, dateTimeIn } from '../../lib/i18n/dates';
import type { orders as ordersWords } from '../../lib/i18n/messages/en/orders';
import { speak, type Words } from '../../lib/i18n/words';
import { linkIn } from '../account/page-language';
import { localeOfLang } from '../../lib/i18n/locales';
import { ConfirmStep } from '../../ui/ConfirmStep';
import OrderDetails from './OrderDetails';
import CancelOrder from './CancelOrder';
import { cancelDialog, ENGLISH_ORDERS, paymentWords, refundNote, reorderSummary, STATUS, statusLabel, timeline } from './orders';

interface Props {
  order: Order;
  xsrf: string;
  /** The page was asked to confirm Cancel (`?confirm=cancel`: a tap before the island woke, or no JavaScript). */
  askCancel?: boolean;
  /** The orders' words in the page's language (absent: English). */
  words?: Words<typeof ordersWords>;
}

/**
 * /account/orders/{id}: the order as placed (lines with their prices, discount, delivery, the deliveries with
 * date and window, the address as it was), its status, how it stands with its payment (paymentWords) and its
 * progress through the five steps (the page draws its refunds and updates, with their times, outside it); Cancel through the Confirm dialog in its own words while it can be cancelled (without JavaScript the
 * same question as a step of the page, then a plain post); Pay now while it waits for a payment, Pay again after
 * one failed; the invoice once it was charged.
 */
export default function OrderView({ order, xsrf, askCancel = false, words }: Props) {
  const say = words ? speak(words) : ENGLISH_ORDERS;
  const locale = localeOfLang(words?.lang);
  const link = (path: string) => linkIn(words, path);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [reordered, setReordered] = useState<Reordered | null>(null);

  /** Puts every line still sold back in the cart (the cart's islands take the new cart), and says what could not. */
  async function reorder(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      let answer: Reordered | null = null;
      await callCart(async () => (answer = await ordersApi().reorder(order.id)).cart);
      setReordered(answer);
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  const asked = cancelDialog(order, say);
  const payAgain =
    order.status === 'pending_payment' && order.payment_provider
      ? link(`/checkout/${encodeURIComponent(order.payment_provider)}/${order.id}`)
      : order.can_retry
        ? link(`/checkout/confirm/${order.id}`)
        : null;
  const steps = order.status === 'cancelled' || order.status === 'payment_failed' || order.status === 'pending_payment' ? [] : timeline(order.status, say);

  return (
    <div className="flex flex-col gap-5" data-order={order.ordernumber}>
      {askCancel && order.can_cancel && (
        <ConfirmStep {...asked} action={link(`/account/orders/${order.id}/cancel`)} fields={{ xsrf }} back={link(`/account/orders/${order.id}`)} />
      )}
      <div className="flex flex-wrap items-center gap-3">
        <span className={`rounded-full px-3 py-1 text-sm font-medium ${STATUS[order.status].tone}`} data-status={order.status}>{statusLabel(order.status, say)}</span>
        <span className="text-sm text-muted-foreground">{say('orders.ordered', { when: dateTimeIn(locale, order.created_at) })} · <span data-payment>{paymentWords(order, say)}</span></span>
      </div>
      {order.refund && (
        <p role="status" data-refund={order.refund.status} className={`rounded-md border px-3 py-2 text-sm ${order.refund.status === 'failed' ? 'border-red-200 bg-red-50 text-red-900' : 'border-green-200 bg-green-50 text-green-900'}`}>
          {refundNote(order.refund, say, (date) => dateIn(locale, date))}
        </p>
      )}
      {steps.length > 0 && (
        // Five steps side by side; where they would not fit (large text), one under another.
        <div className="@container">
          <ol className="grid grid-cols-5 gap-1 text-center text-xs @max-[16rem]:grid-cols-1 @max-[16rem]:text-left" aria-label={say('orders.progress')}>
            {steps.map((s) => (
              <li key={s.status} aria-current={s.state === 'current' ? 'step' : undefined} className={`border-t-4 pt-1 @max-[16rem]:border-t-0 @max-[16rem]:border-l-4 @max-[16rem]:pl-2 @max-[16rem]:pt-0 ${s.state === 'todo' ? 'border-border text-muted-foreground' : 'border-primary font-medium'}`}>{s.label}</li>
            ))}
          </ol>
        </div>
      )}
      <OrderDetails order={order} words={words} />
      {order.note && <p className="text-sm"><span className="font-medium">{say('orders.yourNote')}</span> {order.note}</p>}
      <div className="flex flex-wrap gap-3">
        {payAgain && <a href={payAgain} className="rounded-full bg-primary px-5 py-2.5 font-medium text-primary-foreground">{order.status === 'pending_payment' ? say('orders.payNow') : say('orders.payAgain')}</a>}
        <form method="post" action={link(`/account/orders/${order.id}/reorder`)} onSubmit={reorder}>
          <input type="hidden" name="xsrf" value={xsrf} />
          <button type="submit" disabled={busy} className="min-h-11 rounded-full border border-primary px-5 font-medium text-primary disabled:opacity-60">{say('orders.reorder')}</button>
        </form>
        {order.has_invoice && <a href={link(`/account/orders/${order.id}/invoice`)} className="inline-flex min-h-11 items-center rounded-full border border-border px-5">{say('orders.invoice')}</a>}
        {/* Cancelled, the page loads again: its refunds and updates are drawn by the server, outside this island. */}
        {order.can_cancel && <CancelOrder order={order} words={words} disabled={busy} onCancelled={() => window.location.reload()} />}
      </div>
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      {reordered && (
        <div role="status" className="rounded-md border border-border bg-muted/40 px-3 py-2 text-sm" data-reordered>
          <p>{reorderSummary(reordered, say)}</p>
          {reordered.skipped.length > 0 && (
            <ul className="mt-1 list-disc pl-5">
              {reordered.skipped.map((s) => <li key={s.pack_id}>{s.name}: {s.reason}</li>)}
            </ul>
          )}
          {reordered.added.length > 0 && <button type="button" commandfor="cart-panel" command="show-modal" popoverTarget="cart-panel" className="mt-2 min-h-11 font-medium text-primary underline">{say('orders.openCart')}</button>}
        </div>
      )}
    </div>
  );
}
