import { useEffect, useState, type FormEvent } from 'react';
import type { PaymentState } from '../../contract/payment';
import type { PaymentMethodCode } from '../../contract/order';
import { ordersApi } from '../../lib/api/orders';
import { errorMessage } from '../../lib/errors';
import { formatRupees } from '../../lib/money';
import CancelOrder from '../orders/CancelOrder';
import { afterOrder } from '../checkout/checkout';
import { paymentView, POLL, RETRY_METHODS } from './payment';

interface Props {
  /** The provider's word on the payment as the server asked it when the page was drawn. */
  state: PaymentState;
  total: number;
  xsrf: string;
  /** The shopper came back from the provider's page without paying (its Cancel). */
  left: boolean;
}

/**
 * /checkout/confirm/{id}: the server's answer, never the URL's. Paid goes on to the success page; pending asks
 * again every 2 s for 30 s, then explains; failed offers to pay again the same way, another way, or with cash on
 * delivery where the shop allows it (each a real form: /checkout/retry without JavaScript). Leaving the
 * provider's page without paying offers the same: pay now the same way, another way, or cancel the order.
 */
export default function PaymentResult({ state: initial, total, xsrf, left }: Props) {
  const [state, setState] = useState(initial);
  const [asked, setAsked] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState('');
  const view = paymentView(state, asked, left);

  useEffect(() => {
    if (view.kind === 'paid') location.replace(view.next);
    if (view.kind !== 'pending') return;
    const timer = setTimeout(async () => {
      try {
        setState(await ordersApi().paymentStatus(state.order_id));
      } catch {
        // A lost answer is asked again at the next tick.
      }
      setAsked((n) => n + 1);
    }, POLL.everyMs);
    return () => clearTimeout(timer);
  }, [view.kind, asked]);

  async function retry(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const payment = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') as PaymentMethodCode | null;
    if (!payment || busy) return;
    setBusy(payment);
    setError('');
    try {
      location.assign(afterOrder(await ordersApi().retryOrder(state.order_id, payment)));
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(null);
    }
  }

  if (view.kind === 'paid') {
    return <p role="status" data-payment-result="paid">Payment received for order {state.ordernumber}. Taking you to your order…</p>;
  }
  /** The ways to pay: a real form each (/checkout/retry without JavaScript). */
  const retryForm = (heading: string, methods: readonly (typeof RETRY_METHODS)[number][]) => (
    <form method="post" action="/checkout/retry" onSubmit={retry} className="flex flex-col gap-2">
      <input type="hidden" name="xsrf" value={xsrf} />
      <input type="hidden" name="order_id" value={state.order_id} />
      <p className="font-medium">{heading}</p>
      {methods.map((m) => (
        <button
          key={m.code}
          type="submit"
          name="payment"
          value={m.code}
          disabled={busy !== null}
          aria-busy={busy === m.code || undefined}
          className={`min-h-11 rounded-full border border-primary px-4 text-left font-medium disabled:opacity-60 ${m.code === state.provider ? 'bg-primary text-primary-foreground' : 'text-primary'}`}
        >
          {m.code === state.provider ? `Try again: ${m.label}` : m.label}
        </button>
      ))}
      {error && <p role="alert" className="text-sm text-red-700" data-retry-error>{error}</p>}
    </form>
  );

  if (view.kind === 'left') {
    return (
      <div data-payment-result="left" className="flex flex-col gap-4">
        <div role="status" className="flex flex-col gap-3">
          <p className="text-lg font-medium">You left the payment page before paying.</p>
          <p className="text-sm text-muted-foreground">Order {state.ordernumber} waits for its payment of {formatRupees(total)} for a while; after that it is released.</p>
        </div>
        {state.provider && (
          <a href={`/checkout/${encodeURIComponent(state.provider)}/${state.order_id}`} className="self-start rounded-full bg-primary px-6 py-3 font-medium text-primary-foreground">Pay now</a>
        )}
        {state.order_status === 'pending_payment' && (
          <>
            {retryForm('Or pay another way', RETRY_METHODS.filter((m) => m.code !== state.provider))}
            <CancelOrder
              order={{ id: state.order_id, ordernumber: state.ordernumber, status: state.order_status, payment_method: state.provider ?? 'online', total }}
              disabled={busy !== null}
              onCancelled={() => location.assign(`/account/orders/${state.order_id}`)}
            />
          </>
        )}
      </div>
    );
  }
  if (view.kind === 'pending' || view.kind === 'waited') {
    return (
      <div role="status" data-payment-result={view.kind} className="flex flex-col gap-2">
        <p className="text-lg font-medium">Waiting for your bank to confirm the payment of {formatRupees(total)}…</p>
        {view.kind === 'waited' ? (
          <p className="text-sm text-muted-foreground">
            Your bank has not confirmed it yet. This can take a few minutes with UPI. You do not need to pay again: the order
            {' '}{state.ordernumber} is kept for you, and this page shows the result when you <a href="" className="text-primary underline">reload it</a>. You can also find it under <a href="/account/orders" className="text-primary underline">your orders</a>.
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">Please keep this page open.</p>
        )}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4" data-payment-result="failed">
      <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-900">{view.message}</p>
      {state.order_status === 'payment_failed' && retryForm(`Pay for order ${state.ordernumber} again`, RETRY_METHODS)}
    </div>
  );
}
