import { useState, type FormEvent } from 'react';
import type { Order } from '../../contract/order';
import { ordersApi } from '../../lib/api/orders';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { formatRupees } from '../../lib/money';
import { useConfirm } from '../../ui/Confirm';
import { addressLine, deliveryWindow } from '../checkout/checkout';
import { STATUS, timeline } from './orders';

interface Props {
  order: Order;
  xsrf: string;
}

/**
 * /account/orders/{id}: the order as placed (lines with their prices, discount, delivery, the deliveries with
 * date and window, the address as it was), its status and timeline; Cancel through the spec's Confirm dialog
 * while it can be cancelled (a plain form post without JavaScript), and Pay again while it waits for a payment.
 */
export default function OrderView({ order: initial, xsrf }: Props) {
  const [order, setOrder] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [dialog, ask] = useConfirm();

  async function cancel(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !(await ask({ message: `Cancel order ${order.ordernumber}? Its items go back on the shelf and you are not charged.` }))) return;
    setBusy(true);
    setError('');
    try {
      await ordersApi().cancelOrder(order.id);
      setOrder(await ordersApi().order(order.id));
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  }

  const payAgain =
    order.status === 'pending_payment' && order.payment_provider
      ? `/checkout/${encodeURIComponent(order.payment_provider)}/${order.id}`
      : order.can_retry
        ? `/checkout/confirm/${order.id}`
        : null;
  const steps = order.status === 'cancelled' || order.status === 'payment_failed' || order.status === 'pending_payment' ? [] : timeline(order.status);

  return (
    <div className="flex flex-col gap-5" data-order={order.ordernumber}>
      <div className="flex flex-wrap items-center gap-3">
        <span className={`rounded-full px-3 py-1 text-sm font-medium ${STATUS[order.status].tone}`} data-status={order.status}>{STATUS[order.status].label}</span>
        <span className="text-sm text-muted-foreground">Ordered {formatDateTime(order.created_at)} · {order.payment_method === 'cod' ? 'Cash on Delivery' : 'Paid online'}</span>
      </div>
      {steps.length > 0 && (
        <ol className="grid grid-cols-5 gap-1 text-center text-xs" aria-label="Order progress">
          {steps.map((s) => (
            <li key={s.status} aria-current={s.state === 'current' ? 'step' : undefined} className={`border-t-4 pt-1 ${s.state === 'todo' ? 'border-border text-muted-foreground' : 'border-primary font-medium'}`}>{s.label}</li>
          ))}
        </ol>
      )}
      {order.grouped_items.map((group, i) => (
        <section key={i} className="rounded-lg border border-border" aria-label={`Delivery ${i + 1}`}>
          <h2 className="border-b border-border bg-muted/50 px-3 py-2 text-sm font-medium">
            {order.grouped_items.length > 1 ? `Delivery ${i + 1} of ${order.grouped_items.length}` : 'Delivery'}
            {deliveryWindow(group) && `: ${deliveryWindow(group)}`}
          </h2>
          <ul className="divide-y divide-border">
            {group.items.map((item) => (
              <li key={item.pack_id} className="flex justify-between gap-3 px-3 py-2 text-sm">
                <span className="flex flex-col">
                  <span className="font-medium">{item.name}</span>
                  <span className="text-muted-foreground">
                    {item.pack} × {item.quantity} at {formatRupees(item.price)}{' '}
                    {item.act_price > item.price && <s>{formatRupees(item.act_price)}</s>}
                  </span>
                </span>
                <span className="font-medium">{formatRupees(item.amount)}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <div className="grid gap-4 sm:grid-cols-2">
        <section className="rounded-lg border border-border p-3 text-sm" aria-labelledby="order-address">
          <h2 id="order-address" className="mb-1 font-medium">Delivered to</h2>
          <p>{order.address.name}, {order.address.phone}</p>
          <p className="text-muted-foreground">{addressLine(order.address)}</p>
        </section>
        <dl className="grid grid-cols-[1fr_auto] gap-y-1 rounded-lg border border-border p-3 text-sm" aria-label="Amounts">
          <dt>Items Total</dt><dd className="text-right">{formatRupees(order.amount)}</dd>
          {order.discount > 0 && <><dt>Discount{order.offercode && ` (${order.offercode})`}</dt><dd className="text-right">−{formatRupees(order.discount)}</dd></>}
          <dt>Delivery</dt><dd className="text-right">{order.delivery_charge > 0 ? formatRupees(order.delivery_charge) : 'Free'}</dd>
          <dt className="font-semibold">Total</dt><dd className="text-right font-semibold">{formatRupees(order.total)}</dd>
        </dl>
      </div>
      {order.note && <p className="text-sm"><span className="font-medium">Your note:</span> {order.note}</p>}
      <div className="flex flex-wrap gap-3">
        {payAgain && <a href={payAgain} className="rounded-full bg-primary px-5 py-2 font-medium text-primary-foreground">Pay again</a>}
        {order.can_cancel && (
          <form method="post" action={`/account/orders/${order.id}/cancel`} onSubmit={cancel}>
            <input type="hidden" name="xsrf" value={xsrf} />
            <button type="submit" disabled={busy} aria-busy={busy || undefined} className="min-h-11 rounded-full border border-red-300 px-5 font-medium text-red-700 disabled:opacity-60">Cancel order</button>
          </form>
        )}
      </div>
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
      {dialog}
    </div>
  );
}
