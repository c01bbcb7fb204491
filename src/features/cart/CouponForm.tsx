import { useId, useState, type FormEvent } from 'react';
import type { Cart } from '../../contract/cart';
import { errorMessage } from '../../lib/errors';
import { applyCoupon, removeCoupon } from './actions';
import { cartSay, type CartSay } from './words';

interface Props {
  cart: Cart;
  xsrf: string;
  back: string;
  /** The cart's words (the panel's translator); English when left out (the checkout page). */
  say?: CartSay;
}

/** The coupon's own words in the cart message (`CODE: why`), if the message is about it. */
const couponProblem = (cart: Cart) =>
  cart.offercode && cart.message?.startsWith(`${cart.offercode}:`) ? cart.message.slice(cart.offercode.length + 2) : '';

/** Coupon entry in 'Cart Summary': apply a code or remove the applied one (POST /cart/coupon without JavaScript). */
export default function CouponForm({ cart, xsrf, back, say = cartSay() }: Props) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  // The cart panel and the checkout page both hold this form on /checkout: each needs its own field id.
  const fieldId = useId();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const removing = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('name') === 'remove';
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    if (!removing && !code) return setError(say('cart.enterCoupon'));
    setBusy(true);
    setError('');
    try {
      await (removing ? removeCoupon() : applyCoupon(code));
    } catch (failure) {
      setError(errorMessage(failure, say('cart.failed')));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" action="/cart/coupon" onSubmit={submit} className="flex flex-col gap-1">
      <input type="hidden" name="xsrf" value={xsrf} />
      <input type="hidden" name="return" value={back} />
      {cart.offercode ? (
        <div className="flex items-center justify-between">
          <span>{say('cart.coupon')} <strong data-applied-coupon>{cart.offercode}</strong></span>
          <button type="submit" name="remove" value="1" className="min-h-11 text-red-700 underline aria-busy:opacity-50" aria-busy={busy || undefined}>{say('cart.removeCoupon')}</button>
        </div>
      ) : (
        <div className="flex gap-2">
          <label htmlFor={fieldId} className="sr-only">{say('cart.couponCode')}</label>
          <input id={fieldId} name="code" placeholder={say('cart.couponCode')} autoComplete="off" className="h-11 min-w-0 flex-1 rounded-md border border-border px-3 uppercase" />
          <button type="submit" className="min-h-11 rounded-md border border-primary px-3 font-medium text-primary aria-busy:opacity-50" aria-busy={busy || undefined}>{say('cart.apply')}</button>
        </div>
      )}
      <p className="text-xs text-red-700" role="alert" data-coupon-error>{error || couponProblem(cart)}</p>
    </form>
  );
}
