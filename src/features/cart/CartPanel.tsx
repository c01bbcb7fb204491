import type { Cart } from '../../contract/cart';
import { formatRupees } from '../../lib/money';
import CartLine from './CartLine';
import { checkoutBlock, deliveryCost } from './checkout-block';
import CouponForm from './CouponForm';
import { useCart } from './use-cart';
import { cartSay, type CartWords } from './words';

interface Props {
  /** The cart the server rendered the page with; left out when it is empty (the empty panel needs none of it). */
  cart?: Cart;
  xsrf: string;
  back: string;
  /** The cart's words in the page's language (Hindi pages); English when left out. */
  words?: CartWords;
  /** The page language's address prefix ('/hi'), for the panel's links; left out in English. */
  base?: string;
}

/**
 * What 'Cart Summary' shows, drawn from `$cart` (from the server's cart until hydrated): the lines, coupon
 * entry, the totals, and 'Continue to Checkout' with the reason it is disabled right beside it. Every button
 * is a form, so the panel works without JavaScript.
 */
export default function CartPanel({ cart: initial, xsrf, back, words, base = '' }: Props) {
  const say = cartSay(words);
  const cart = useCart(initial) ?? initial;
  if (!cart || cart.items.length === 0) {
    return (
      <div className="m-auto p-8 text-center" data-cart-empty>
        <p className="text-lg font-semibold">{say('cart.empty')}</p>
        <p className="mt-1 text-sm text-muted-foreground">{say('cart.emptyNote')}</p>
      </div>
    );
  }
  const blocked = checkoutBlock(cart, say);
  return (
    <div className="flex flex-1 flex-col">
      <ul className="flex-1 divide-y divide-border px-4" aria-label={say('cart.lines')}>
        {cart.items.map((item) => <CartLine key={item.pack_id} item={item} xsrf={xsrf} back={back} say={say} base={base} />)}
      </ul>
      <div className="border-t border-border px-4 py-3 text-sm">
        <CouponForm cart={cart} xsrf={xsrf} back={back} say={say} />
        <dl className="mt-2 grid grid-cols-[1fr_auto] gap-y-1">
          <dt>{say('cart.itemsTotal')}</dt><dd className="text-right" data-cart-amount>{formatRupees(cart.amount)}</dd>
          {cart.discount > 0 && <><dt>{say('cart.discount')}</dt><dd className="text-right text-primary">−{formatRupees(cart.discount)}</dd></>}
          {cart.pincode && <><dt>{say('cart.delivery')}</dt><dd className="text-right">{deliveryCost(cart.pincode, cart.delivery_charge, cart.items, say)}</dd></>}
          <dt className="font-semibold">{say('cart.total')}</dt><dd className="text-right font-semibold" data-cart-total>{formatRupees(cart.total)}</dd>
        </dl>
      </div>
      <div className="border-t border-border p-4">
        {!cart.pincode && (
          <div className="mb-3 flex flex-wrap items-center gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" role="status" data-pincode-notice>
            <p className="flex-1"><strong>{say('cart.pinRequired')}</strong> - {say('cart.pinNote')}</p>
            <button type="button" commandfor="pincode-dialog" command="show-modal" popoverTarget="pincode-dialog" className="min-h-11 rounded-full border border-amber-400 bg-white px-4 font-medium">{say('cart.pinSelect')}</button>
          </div>
        )}
        {blocked ? (
          <>
            <button type="button" disabled aria-describedby="checkout-blocked" className="w-full rounded-full bg-primary px-4 py-3 font-medium text-primary-foreground opacity-50">{say('cart.checkout')}</button>
            <p id="checkout-blocked" className="mt-2 text-center text-sm text-muted-foreground" data-checkout-blocked>{blocked}</p>
          </>
        ) : (
          <>
            <a href={`${base}/checkout`} className="block w-full rounded-full bg-primary px-4 py-3 text-center font-medium text-primary-foreground">{say('cart.checkout')}</a>
            {cart.deliveryMessage && <p className="mt-2 text-center text-xs text-muted-foreground" data-delivery-message>{cart.deliveryMessage}</p>}
          </>
        )}
      </div>
    </div>
  );
}
