import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Address } from '../../contract/address';
import type { Cart } from '../../contract/cart';
import { formatRupees } from '../../lib/money';
import CouponForm from '../cart/CouponForm';
import { cartSay, type CartWords } from '../cart/words';
import { useCart } from '../cart/use-cart';
import { useHydrated } from '../../ui/use-hydrated';
import AddressChoice from './AddressChoice';
import AddressForm from '../addresses/AddressForm';
import { checkout } from '../../lib/i18n/messages/en/checkout';
import type { addresses } from '../../lib/i18n/messages/en/addresses';
import { english, speak, type Words } from '../../lib/i18n/words';
import { localizePath } from '../../lib/i18n/locales';
import { deliveryCostIn, placeOrderBlock } from './checkout';
import { localeOfLang } from '../../lib/i18n/locales';
import DeliveryGroups from './DeliveryGroups';
import PaymentChoice from './PaymentChoice';
import { $checkout, addAddress, checkoutApi, chooseAddress, choosePayment, placeOrder, seedCheckout, type CheckoutState } from './store';

interface Props {
  /** The cart priced for `addressId` (GET /api/cart?address_id=…&groupby_delivery=true). */
  cart: Cart;
  addresses: Address[];
  addressId: number | null;
  payment: string | null;
  /** This page's Idempotency-Key: a double post of the same page makes one order. */
  idempotencyKey: string;
  xsrf: string;
  /** The checkout's words in the page's language (lib/i18n/island-words.ts); English when absent. */
  words?: Words<typeof checkout>;
  /** The cart's words for the coupon form, in the page's language; English when absent. */
  cartWords?: CartWords;
  /** The address book's words for the new-address form, in the page's language; English when absent. */
  addressWords?: Words<typeof addresses>;
}

const H2 = 'mb-3 text-lg font-semibold';

/**
 * /checkout: delivery address (choose or add), the deliveries with their dates and any line that cannot be
 * delivered, payment method, coupon, note, and Place Order with the reason it is disabled beside it. Every
 * number is the server's. Drawn on the server as real forms, so cash on delivery works without JavaScript
 * (`/checkout/place`, `/checkout/review`, `/checkout/address`); hydrated on load.
 */
export default function Checkout(props: Props) {
  const say = speak(props.words ?? english(checkout));
  const locale = localeOfLang(props.words?.lang);
  const here = localizePath('/checkout', locale);
  const hydrated = useHydrated();
  const live = useStore($checkout);
  const liveCart = useCart(props.cart);
  const [note, setNote] = useState('');
  const orderForm = useRef<HTMLFormElement>(null);
  useEffect(() => {
    seedCheckout({ addresses: props.addresses, addressId: props.addressId, payment: props.payment, idempotencyKey: props.idempotencyKey });
    // Choices made before the island woke (a slow phone) stand: the form holds them.
    if (!orderForm.current) return;
    const chosen = new FormData(orderForm.current);
    const addressId = Number(chosen.get('address_id'));
    if (addressId && addressId !== props.addressId) void chooseAddress(checkoutApi(), addressId);
    const payment = chosen.get('payment');
    if (typeof payment === 'string' && payment !== props.payment) choosePayment(payment);
    setNote(String(chosen.get('note') ?? ''));
  }, []);
  const state: CheckoutState = hydrated ? live : { addresses: props.addresses, addressId: props.addressId, payment: props.payment, busy: null, error: null, lineErrors: {}, idempotencyKey: props.idempotencyKey };
  const cart = (hydrated && liveCart) || props.cart;
  const chosen = state.addresses.find((a) => a.id === state.addressId);

  // The cart shown is always priced for the chosen address: a coupon's answer comes priced for the session's
  // pincode, so it is read again for the address.
  useEffect(() => {
    if (hydrated && chosen && cart.pincode !== chosen.pincode && !state.busy) void chooseAddress(checkoutApi(), chosen.id);
  }, [hydrated, cart, chosen, state.busy]);

  if (cart.items.length === 0) {
    return (
      <div className="rounded-xl border border-dashed border-border p-10 text-center" data-checkout-empty>
        <p className="text-lg font-medium">{say('checkout.empty')}</p>
        <a href={localizePath('/products', locale)} className="mt-4 inline-block rounded-full bg-primary px-5 py-2.5 font-medium text-primary-foreground">{say('checkout.browse')}</a>
      </div>
    );
  }
  const blocked = placeOrderBlock(cart, state, say);
  const busy = state.busy !== null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = await placeOrder(checkoutApi(), note, locale);
    if (next) location.assign(next);
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex min-w-0 flex-col gap-6">
        <section aria-labelledby="checkout-address">
          <h2 id="checkout-address" className={H2}>{say('checkout.address')}</h2>
          <AddressChoice say={say} addresses={state.addresses} chosen={state.addressId} disabled={busy} onChoose={(id) => void chooseAddress(checkoutApi(), id)} />
          <details className="mt-3 rounded-lg border border-border p-3" open={state.addresses.length === 0}>
            <summary className="min-h-11 cursor-pointer py-2 font-medium text-primary">{say('checkout.addAddress')}</summary>
            <div className="pt-3">
              <AddressForm action={localizePath('/checkout/address', locale)} xsrf={props.xsrf} back={here} busy={state.busy === 'address'} onSave={(body) => addAddress(checkoutApi(), body)} submitLabel={say('checkout.saveAddress')} words={props.addressWords} />
            </div>
          </details>
        </section>
        <section aria-labelledby="checkout-delivery">
          <h2 id="checkout-delivery" className={H2}>{chosen ? say('checkout.yourOrderTo', { pincode: chosen.pincode }) : say('checkout.yourOrder')}</h2>
          <DeliveryGroups say={say} locale={locale} cart={cart} lineErrors={state.lineErrors} />
          <p className="mt-2 text-sm">
            <button type="button" commandfor="cart-panel" command="show-modal" popoverTarget="cart-panel" className="min-h-11 text-primary underline">{say('checkout.changeItems')}</button>
          </p>
        </section>
        <section aria-labelledby="checkout-payment">
          <h2 id="checkout-payment" className={H2}>{say('checkout.payment')}</h2>
          <PaymentChoice say={say} methods={cart.paymentMethods} unavailable={cart.unavailablePaymentMethods} chosen={state.payment} disabled={busy} onChoose={choosePayment} />
        </section>
      </div>

      <aside aria-labelledby="checkout-summary" className="flex h-fit flex-col gap-3 rounded-xl border border-border p-4 lg:sticky lg:top-4">
        <h2 id="checkout-summary" className="text-lg font-semibold">{say('checkout.summary')}</h2>
        <CouponForm cart={cart} xsrf={props.xsrf} back={here} say={props.cartWords && cartSay(props.cartWords)} />
        <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm" data-checkout-totals>
          <dt>{say('checkout.itemsTotal')}</dt><dd className="text-right">{formatRupees(cart.amount)}</dd>
          {cart.discount > 0 && <><dt>{say('checkout.discount')}</dt><dd className="text-right text-primary">−{formatRupees(cart.discount)}</dd></>}
          <dt>{say('checkout.delivery')}</dt><dd className="text-right" data-checkout-delivery>{deliveryCostIn(say, cart.pincode, cart.delivery_charge, cart.items)}</dd>
          <dt className="text-base font-semibold">{say('checkout.total')}</dt><dd className="text-right text-base font-semibold" data-checkout-total>{formatRupees(cart.total)}</dd>
        </dl>
        <form ref={orderForm} id="place-order" method="post" action={localizePath('/checkout/place', locale)} onSubmit={submit} className="flex flex-col gap-3">
          <input type="hidden" name="xsrf" value={props.xsrf} />
          <input type="hidden" name="key" value={state.idempotencyKey} />
          <label className="flex flex-col gap-1 text-sm font-medium">
            {say('checkout.note')}
            <textarea name="note" rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} className="rounded-md border border-border px-3 py-2 font-normal" />
          </label>
          {state.error && <p className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" role="alert" data-checkout-error>{state.error}</p>}
          {!hydrated && (
            // Without JavaScript, choosing another address or method takes a round trip to price it.
            <button type="submit" formAction={localizePath('/checkout/review', locale)} className="min-h-11 rounded-full border border-primary px-4 font-medium text-primary">{say('checkout.update')}</button>
          )}
          <button
            type="submit"
            disabled={hydrated && (Boolean(blocked) || busy)}
            aria-busy={state.busy === 'placing' || undefined}
            aria-describedby={blocked ? 'place-order-blocked' : undefined}
            className="min-h-12 rounded-full bg-primary px-4 text-lg font-semibold text-primary-foreground disabled:opacity-50"
          >
            {state.busy === 'placing' ? say('checkout.placing') : say('checkout.place', { total: formatRupees(cart.total) })}
          </button>
          {blocked && <p id="place-order-blocked" className="text-center text-sm text-muted-foreground" data-place-order-blocked>{blocked}</p>}
        </form>
      </aside>
    </div>
  );
}
