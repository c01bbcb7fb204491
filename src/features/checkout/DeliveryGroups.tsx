import type { Cart } from '../../contract/cart';
import { formatRupees } from '../../lib/money';
import type { Locale } from '../../lib/i18n/locales';
import { groupCharge, inEnglish, type CheckoutSay } from './checkout';
import { deliveryWindowIn } from './delivery-window';

interface Props {
  cart: Cart;
  /** Reasons the last order attempt gave per line (pack id), beside the cart's own line messages. */
  lineErrors: Record<number, string>;
  /** The checkout's words in the page's language (English when absent). */
  say?: CheckoutSay;
  locale?: Locale;
}

/**
 * The cart as it will arrive: one block per delivery (date, time window, charge) with its lines, and beside any
 * line that cannot be delivered or bought as it is, the reason.
 */
export default function DeliveryGroups({ cart, lineErrors, say = inEnglish(), locale = 'en' }: Props) {
  const groups = cart.grouped_items.length ? cart.grouped_items : [{ delivery_charge_id: null, delivery_charge: 0, del_date: null, del_start_time: null, del_end_time: null, items: cart.items }];
  return (
    <div className="flex flex-col gap-4">
      {groups.map((group, i) => {
        const when = deliveryWindowIn(locale, group);
        const name = groups.length > 1 ? say('checkout.deliveryOf', { n: i + 1, count: groups.length }) : say('checkout.delivery');
        return (
          <section key={`${group.delivery_charge_id}-${group.del_date}-${i}`} aria-label={say('checkout.deliveryOf', { n: i + 1, count: groups.length })} className="rounded-lg border border-border" data-delivery-group>
            <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-border bg-muted/50 px-3 py-2 text-sm">
              <span className="font-medium">{name}{when && <>: <span data-delivery-window>{when}</span></>}</span>
              {cart.pincode && <span className="text-muted-foreground" data-delivery-charge>{groupCharge(cart.pincode, group, say)}</span>}
            </header>
            <ul className="divide-y divide-border">
              {group.items.map((item) => {
                const reason = lineErrors[item.pack_id] ?? (item.valid ? null : item.message);
                return (
                  <li key={item.pack_id} className="flex gap-3 p-3" data-checkout-line={item.pack_id}>
                    <img src={item.image} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded bg-muted object-contain" />
                    <div className="flex min-w-0 flex-1 flex-col text-sm">
                      <span className="font-medium">{item.name}</span>
                      <span className="text-muted-foreground">{say('checkout.line', { pack: item.pack, quantity: item.quantity, price: formatRupees(item.price) })}</span>
                      {reason && <p className="mt-1 rounded-md border border-amber-300 bg-amber-50 px-2 py-1 text-xs text-amber-900" role="alert" data-line-reason>{reason}</p>}
                    </div>
                    <span className="text-sm font-semibold">{formatRupees(item.amount)}</span>
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
