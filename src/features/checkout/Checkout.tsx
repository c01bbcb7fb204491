import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { Address } from '../../contract/address';
import type { Cart } from '../../contract/cart';
import { formatRupees } from '../../lib/money';
import CouponForm from '../cart/CouponForm';
import { useCart } from '../cart/use-cart';
import { useHydrated } from '../../ui/use-hydrated';
import AddressChoice from './AddressChoice';
import AddressForm from '../addresses/AddressForm';
import { deliveryCost } from '../cart/checkout-block';
import { placeOrderBlock } from './checkout';
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
}

const H2 = 'mb-3 text-lg font-semibold';

/**
 * /checkout: delivery address (choose or add), the deliveries with their dates and any line that cannot be
 * delivered, payment method, coupon, note, and Place Order with the reason it is disabled beside it. Every
 * number is the server's. Drawn on the server as real forms, so cash on delivery works without JavaScript
 * (`/checkout/place`, `/checkout/review`, `/checkout/address`); hydrated on load.
 */
export default function Checkout(props: Props) {
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
        <p className="text-lg font-medium">Your cart is empty</p>
        <a href="/products" className="mt-4 inline-block rounded-full bg-primary px-5 py-2.5 font-medium text-primary-foreground">Browse products</a>
      </div>
    );
  }
  const blocked = placeOrderBlock(cart, state);
  const busy = state.busy !== null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = await placeOrder(checkoutApi(), note);
    if (next) location.assign(next);
  }

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <div className="flex min-w-0 flex-col gap-6">
        <section aria-labelledby="checkout-address">
          <h2 id="checkout-address" className={H2}>Delivery address</h2>
          <AddressChoice addresses={state.addresses} chosen={state.addressId} disabled={busy} onChoose={(id) => void chooseAddress(checkoutApi(), id)} />
          <details className="mt-3 rounded-lg border border-border p-3" open={state.addresses.length === 0}>
            <summary className="min-h-11 cursor-pointer py-2 font-medium text-primary">Add a new address</summary>
            <div className="pt-3">
              <AddressForm action="/checkout/address" xsrf={props.xsrf} back="/checkout" busy={state.busy === 'address'} onSave={(body) => addAddress(checkoutApi(), body)} submitLabel="Save and deliver here" />
            </div>
          </details>
        </section>
        <section aria-labelledby="checkout-delivery">
          <h2 id="checkout-delivery" className={H2}>Your order{chosen ? ` to ${chosen.pincode}` : ''}</h2>
          <DeliveryGroups cart={cart} lineErrors={state.lineErrors} />
          <p className="mt-2 text-sm">
            <button type="button" commandfor="cart-panel" command="show-modal" popoverTarget="cart-panel" className="min-h-11 text-primary underline">Change items in the cart</button>
          </p>
        </section>
        <section aria-labelledby="checkout-payment">
          <h2 id="checkout-payment" className={H2}>Payment method</h2>
          <PaymentChoice methods={cart.paymentMethods} unavailable={cart.unavailablePaymentMethods} chosen={state.payment} disabled={busy} onChoose={choosePayment} />
        </section>
      </div>

      <aside aria-labelledby="checkout-summary" className="flex h-fit flex-col gap-3 rounded-xl border border-border p-4 lg:sticky lg:top-4">
        <h2 id="checkout-summary" className="text-lg font-semibold">Order summary</h2>
        <CouponForm cart={cart} xsrf={props.xsrf} back="/checkout" />
        <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm" data-checkout-totals>
          <dt>Items Total</dt><dd className="text-right">{formatRupees(cart.amount)}</dd>
          {cart.discount > 0 && <><dt>Discount</dt><dd className="text-right text-primary">−{formatRupees(cart.discount)}</dd></>}
          <dt>Delivery</dt><dd className="text-right" data-checkout-delivery>{deliveryCost(cart.pincode, cart.delivery_charge, cart.items)}</dd>
          <dt className="text-base font-semibold">Total</dt><dd className="text-right text-base font-semibold" data-checkout-total>{formatRupees(cart.total)}</dd>
        </dl>
        <form ref={orderForm} id="place-order" method="post" action="/checkout/place" onSubmit={submit} className="flex flex-col gap-3">
          <input type="hidden" name="xsrf" value={props.xsrf} />
          <input type="hidden" name="key" value={state.idempotencyKey} />
          <label className="flex flex-col gap-1 text-sm font-medium">
            Note for the delivery (optional)
            <textarea name="note" rows={2} maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} className="rounded-md border border-border px-3 py-2 font-normal" />
          </label>
          {state.error && <p className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" role="alert" data-checkout-error>{state.error}</p>}
          {!hydrated && (
            // Without JavaScript, choosing another address or method takes a round trip to price it.
            <button type="submit" formAction="/checkout/review" className="min-h-11 rounded-full border border-primary px-4 font-medium text-primary">Update delivery and payment</button>
          )}
          <button
            type="submit"
            disabled={hydrated && (Boolean(blocked) || busy)}
            aria-busy={state.busy === 'placing' || undefined}
            aria-describedby={blocked ? 'place-order-blocked' : undefined}
            className="min-h-12 rounded-full bg-primary px-4 text-lg font-semibold text-primary-foreground disabled:opacity-50"
          >
            {state.busy === 'placing' ? 'Placing your order…' : `Place Order · ${formatRupees(cart.total)}`}
          </button>
          {blocked && <p id="place-order-blocked" className="text-center text-sm text-muted-foreground" data-place-order-blocked>{blocked}</p>}
        </form>
      </aside>
    </div>
  );
}
