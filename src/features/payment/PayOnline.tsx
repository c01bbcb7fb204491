import { useRef, useState } from 'react';
import type { PaymentStarted } from '../../contract/payment';
import { errorMessage } from '../../lib/errors';
import { formatRupees, toRupees } from '../../lib/money';
import { safeUrl } from '../../contract/safe-url';
import { payWithRazorpay, stripeElement } from './provider-checkout';
import { payment } from '../../lib/i18n/messages/en/payment';
import { english, speak, type Words } from '../../lib/i18n/words';

const BUTTON = 'inline-flex min-h-12 items-center justify-center rounded-full bg-primary px-6 text-lg font-semibold text-primary-foreground disabled:opacity-60';

/**
 * /checkout/{provider}/{id}: pays the order with the provider. With the provider simulated (no keys: the
 * embedded default, and here without internet), the pay button is a link to the simulator's hosted page; with
 * keys, Razorpay Checkout or Stripe's Payment Element loads on the tap. Every path returns to
 * /checkout/confirm/{id}, which asks the server.
 */
export default function PayOnline({ started, words }: { started: PaymentStarted; words?: Words<typeof payment> }) {
  const say = speak(words ?? english(payment));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [confirmCard, setConfirmCard] = useState<(() => Promise<string | undefined>) | null>(null);
  const cardForm = useRef<HTMLDivElement>(null);
  const amount = formatRupees(toRupees(started.amount_paise));
  const hosted = started.hosted_url && safeUrl(started.hosted_url, 'link');

  if (hosted) {
    return <a href={hosted} className={BUTTON} data-pay>{say('payment.pay', { amount })}</a>;
  }

  async function pay() {
    setBusy(true);
    setError('');
    try {
      if (started.provider === 'razorpay') {
        await payWithRazorpay(started, () => setBusy(false), say('payment.pageFailed'));
      } else if (!confirmCard) {
        const confirm = await stripeElement(started, cardForm.current!, say('payment.cardFailed'));
        setConfirmCard(() => confirm);
        setBusy(false);
      } else {
        const message = await confirmCard();
        if (message) throw new Error(message);
      }
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div ref={cardForm} />
      <button type="button" onClick={pay} disabled={busy} aria-busy={busy || undefined} className={BUTTON} data-pay>
        {started.provider === 'stripe' && !confirmCard ? say('payment.payByCard') : say('payment.pay', { amount })}
      </button>
      {error && <p role="alert" className="text-sm text-red-700">{error}</p>}
    </div>
  );
}
