import { useEffect, useState, type FormEvent } from 'react';
import type { PaymentState } from '../../contract/payment';
import type { PaymentMethodCode } from '../../contract/order';
import { ordersApi } from '../../lib/api/orders';
import { errorMessage } from '../../lib/errors';
import { formatRupees } from '../../lib/money';
import CancelOrder from '../orders/CancelOrder';
import { afterOrder } from '../checkout/checkout';
import { localeOfLang } from '../../lib/i18n/locales';
import { payment } from '../../lib/i18n/messages/en/payment';
import { localizePath } from '../../lib/i18n/locales';
import { english, speak, type Words } from '../../lib/i18n/words';
import type { orders } from '../../lib/i18n/messages/en/orders';
import { paymentView, POLL, RETRY_METHODS } from './payment';

interface Props {
  /** The provider's word on the payment as the server asked it when the page was drawn. */
  state: PaymentState;
  total: number;
  xsrf: string;
  /** The shopper came back from the provider's page without paying (its Cancel). */
  left: boolean;
  /** The payment's words in the page's language (lib/i18n/island-words.ts); English when absent. */
  words?: Words<typeof payment>;
  /** The orders' words for Cancel order, in the page's language; English when absent. */
  orderWords?: Words<typeof orders>;
}

/**
 * /checkout/confirm/{id}: the server's answer, never the URL's. Paid goes on to the success page; pending asks
 * again every 2 s for 30 s, then explains; failed offers to pay again the same way, another way, or with cash on
 * delivery where the shop allows it (each a real form: /checkout/retry without JavaScript). Leaving the
 * provider's page without paying offers the same: pay now the same way, another way, or cancel the order.
 */
export default function PaymentResult({ state: initial, total, xsrf, left, words, orderWords }: Props) {
  const say = speak(words ?? english(payment));
  const locale = localeOfLang(words?.lang);
  const [state, setState] = useState(initial);
  const [asked, setAsked] = useState(0);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState('');
  const view = paymentView(state, asked, left, say, locale);

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
      location.assign(afterOrder(await ordersApi().retryOrder(state.order_id, payment), locale));
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(null);
    }
  }

  if (view.kind === 'paid') {
    return <p role="status" data-payment-result="paid">{say('payment.received', { ordernumber: state.ordernumber })}</p>;
  }
  /** The ways to pay: a real form each (/checkout/retry without JavaScript). */
  const retryForm = (heading: string, methods: readonly (typeof RETRY_METHODS)[number][]) => (
    <form method="post" action={localizePath('/checkout/retry', locale)} onSubmit={retry} className="flex flex-col gap-2">
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
          {m.code === state.provider ? say('payment.tryAgainWith', { method: say(m.label) }) : say(m.label)}
        </button>
      ))}
      {error && <p role="alert" className="text-sm text-red-700" data-retry-error>{error}</p>}
    </form>
  );

  if (view.kind === 'left') {
    return (
      <div data-payment-result="left" className="flex flex-col gap-4">
        <div role="status" className="flex flex-col gap-3">
          <p className="text-lg font-medium">{say('payment.left')}</p>
          <p className="text-sm text-muted-foreground">{say('payment.leftWaits', { ordernumber: state.ordernumber, total: formatRupees(total) })}</p>
        </div>
        {state.provider && (
          <a href={localizePath(`/checkout/${encodeURIComponent(state.provider)}/${state.order_id}`, locale)} className="self-start rounded-full bg-primary px-6 py-3 font-medium text-primary-foreground">{say('payment.payNow')}</a>
        )}
        {state.order_status === 'pending_payment' && (
          <>
            {retryForm(say('payment.orAnother'), RETRY_METHODS.filter((m) => m.code !== state.provider))}
            <CancelOrder
              order={{ id: state.order_id, ordernumber: state.ordernumber, status: state.order_status, payment_method: state.provider ?? 'online', total }}
              disabled={busy !== null}
              onCancelled={() => location.assign(localizePath(`/account/orders/${state.order_id}`, locale))}
              words={orderWords}
            />
          </>
        )}
      </div>
    );
  }
  if (view.kind === 'pending' || view.kind === 'waited') {
    return (
      <div role="status" data-payment-result={view.kind} className="flex flex-col gap-2">
        <p className="text-lg font-medium">{say('payment.waiting', { total: formatRupees(total) })}</p>
        {view.kind === 'waited' ? (
          <p className="text-sm text-muted-foreground">
            {say('payment.waited', { ordernumber: state.ordernumber })
              .split(/(\{reload\}|\{orders\})/)
              .map((part, i) =>
                part === '{reload}' ? <a key={i} href="" className="text-primary underline">{say('payment.reloadIt')}</a>
                : part === '{orders}' ? <a key={i} href={localizePath('/account/orders', locale)} className="text-primary underline">{say('payment.yourOrders')}</a>
                : part,
              )}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">{say('payment.keepOpen')}</p>
        )}
      </div>
    );
  }
  return (
    <div className="flex flex-col gap-4" data-payment-result="failed">
      <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-red-900">{view.message}</p>
      {state.order_status === 'payment_failed' && retryForm(say('payment.payAgain', { ordernumber: state.ordernumber }), RETRY_METHODS)}
    </div>
  );
}
