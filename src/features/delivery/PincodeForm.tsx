import { useState, type FormEvent } from 'react';
import { api } from '../../lib/api/browser';
import { errorMessage } from '../../lib/errors';
import { callCart } from '../cart/store';
import { pincodeForm } from '../../lib/i18n/messages/en/delivery';
import { english, speak, type Words } from '../../lib/i18n/words';
import { checkPincode } from './actions';
import { normalisePincode, pincodeProblem } from './pincode';

interface Props {
  /** The session's pincode, or null. */
  pincode: string | null;
  xsrf: string;
  /** Where the no-JavaScript post comes back to. */
  back: string;
  /** The form's words in the page's language (lib/i18n/island-words.ts); English when absent. */
  words?: Words<typeof pincodeForm>;
}

/**
 * 'Change Location' (docs/product.md#pincode-dialog): a pincode form, posted to /cart/pincode without JavaScript.
 * Hydrated, it refuses fewer than 6 characters without a call, checks the pincode with the API, reloads
 * the page when it is delivered to, and shows the API's words under the input when it is not.
 *
 * Opened over the open cart panel ('Select pincode'), a delivered pincode does not reload at once: that would
 * close the panel and drop the keyboard's focus to the top of the page. The panel takes the cart priced for the
 * pincode, this dialog closes, and the focus goes to the panel's 'Continue to Checkout' (the 'Select pincode'
 * that opened the dialog is gone with the notice it sat in), or to its first button while checkout is still
 * blocked. The page behind, drawn for no pincode, is reloaded when the panel closes.
 */
export default function PincodeForm({ pincode, xsrf, back, words }: Props) {
  const say = speak(words ?? english(pincodeForm));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const value = normalisePincode(new FormData(form).get('pincode'));
    const problem = pincodeProblem(value, say);
    if (problem) return setError(problem);
    setBusy(true);
    setError('');
    try {
      await checkPincode(value);
      const panel = document.getElementById('cart-panel') as HTMLDialogElement | null;
      if (!panel?.open) return location.reload();
      await callCart(() => api().cart());
      setBusy(false);
      form.closest('dialog')?.close();
      panel.addEventListener('close', () => panel.isConnected && location.reload(), { once: true });
      requestAnimationFrame(() => (panel.querySelector<HTMLElement>('a[href="/checkout"]') ?? panel.querySelector('button'))?.focus());
    } catch (failure) {
      setError(errorMessage(failure));
      setBusy(false);
    }
  }

  return (
    <form method="post" action="/cart/pincode" onSubmit={submit} className="flex flex-col gap-3" data-pincode-form noValidate>
      <input type="hidden" name="xsrf" value={xsrf} />
      <input type="hidden" name="return" value={back} />
      <label htmlFor="pincode-input" className="sr-only">{say('delivery.pincode')}</label>
      <input id="pincode-input" name="pincode" autoFocus inputMode="numeric" autoComplete="postal-code" maxLength={6} defaultValue={pincode ?? ''} placeholder={say('delivery.pincodePlaceholder')} aria-describedby="pincode-error" aria-invalid={error ? true : undefined} className="h-11 rounded-md border border-border px-3 text-lg tracking-widest" />
      <p id="pincode-error" className="min-h-5 text-sm text-red-700" role="alert" data-pincode-error>{error}</p>
      <button type="submit" className="h-11 rounded-full bg-primary font-medium text-primary-foreground aria-busy:opacity-60" aria-busy={busy || undefined}>{say('delivery.check')}</button>
    </form>
  );
}
