import { formatRupees } from '../../lib/money';
import type { OrderForCustomerState } from './order-for-customer';
import { deliveryNudge, deliveryWindows, placeBlock, productCount } from './order-for-customer-view';

interface Props {
  state: OrderForCustomerState;
  /** False until the island is awake: Place order waits for it (there is no form post behind it). */
  ready: boolean;
  path: string;
  onNote: (note: string) => void;
  onPlace: () => void;
}

/**
 * The order's totals, when it arrives, the note and Place order with the reason it waits; on phones also a bar
 * at the bottom with the count and total that leads here.
 */
export default function OrderForCustomerSummary({ state, ready, path, onNote, onPlace }: Props) {
  const { cart } = state;
  const busy = state.busy !== null;
  const blocked = placeBlock(state);
  const chosen = state.addresses.find((a) => a.id === state.addressId);
  const count = cart.items.length;
  const windows = deliveryWindows(cart);
  const nudge = deliveryNudge(cart);
  return (
    <>
      <aside id="order-summary" aria-labelledby="order-summary-title" className="flex h-fit scroll-mt-28 flex-col gap-3 rounded-xl border border-border p-4 lg:sticky lg:top-28">
        <h2 id="order-summary-title" className="text-lg font-semibold">Order summary</h2>
        {chosen && <p className="text-sm text-muted-foreground">To {chosen.name}, {chosen.city} {chosen.pincode}</p>}
        <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm" data-order-totals>
          <dt>Items total{count > 0 && <span className="text-muted-foreground"> ({productCount(count)})</span>}</dt><dd className="text-right">{formatRupees(cart.amount)}</dd>
          {cart.discount > 0 && <><dt>Discount</dt><dd className="text-right text-primary">−{formatRupees(cart.discount)}</dd></>}
          <dt>Delivery</dt><dd className="text-right">{!cart.pincode ? 'With the address' : cart.delivery_charge > 0 ? formatRupees(cart.delivery_charge) : 'Free'}</dd>
          <dt className="text-base font-semibold">Total</dt><dd className="text-right text-base font-semibold" data-order-total>{formatRupees(cart.total)}</dd>
        </dl>
        {windows.length > 0 && (
          <p className="text-sm" data-delivery-window>
            {windows.length === 1 ? 'Arrives ' : 'Arrives in deliveries: '}
            {windows.join('; ')}
          </p>
        )}
        {nudge && <p className="text-sm text-muted-foreground">{nudge}</p>}
        <form
          id="place-order"
          method="post"
          action={path}
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            onPlace();
          }}
        >
          <label className="flex flex-col gap-1 text-sm font-medium">
            Note for the delivery (optional)
            <textarea name="note" rows={2} maxLength={500} value={state.note} onChange={(e) => onNote(e.target.value)} className="rounded-md border border-border px-3 py-2 font-normal" />
          </label>
          {state.error && <p className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800" role="alert" data-order-error>{state.error}</p>}
          <button
            type="submit"
            disabled={!ready || Boolean(blocked) || busy}
            aria-busy={state.busy === 'placing' || undefined}
            aria-describedby={blocked ? 'place-order-blocked' : undefined}
            className="min-h-12 rounded-full bg-primary px-4 text-lg font-semibold text-primary-foreground disabled:opacity-50"
          >
            {state.busy === 'placing' ? 'Placing the order…' : `Place order · ${formatRupees(cart.total)}`}
          </button>
          {blocked && <p id="place-order-blocked" className="text-center text-sm text-muted-foreground" data-place-order-blocked>{blocked}</p>}
        </form>
      </aside>

      {count > 0 && (
        <div className="fixed inset-x-0 bottom-0 z-20 flex items-center justify-between gap-3 border-t border-border bg-background px-4 py-2 shadow-[0_-2px_8px_rgb(0_0_0/0.08)] lg:hidden" data-order-bar>
          <span className="text-sm">
            {productCount(count)} · <strong>{formatRupees(cart.total)}</strong>
          </span>
          <a href="#order-summary" className="inline-flex min-h-11 items-center rounded-full bg-primary px-5 font-medium text-primary-foreground">Review order</a>
        </div>
      )}
    </>
  );
}
