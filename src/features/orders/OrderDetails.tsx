import type { Order } from '../../contract/order';
import { formatRupees } from '../../lib/money';
import { addressLine } from '../addresses/address-values';
import { deliveryWindow } from '../checkout/checkout';

/**
 * An order as placed: each delivery with its date and window and its lines (original prices struck through),
 * the address as it was, and the amounts. The success page renders it without hydration; the account's order
 * page inside its island.
 */
export default function OrderDetails({ order }: { order: Order }) {
  const groups = order.grouped_items;
  return (
    <>
      {groups.map((group, i) => (
        <section key={i} className="rounded-lg border border-border" aria-label={`Delivery ${i + 1}`}>
          <h2 className="border-b border-border bg-muted/50 px-3 py-2 text-sm font-medium">
            {groups.length > 1 ? `Delivery ${i + 1} of ${groups.length}` : 'Delivery'}
            {deliveryWindow(group) && <>: <span data-delivery-window>{deliveryWindow(group)}</span></>}
          </h2>
          <ul className="divide-y divide-border">
            {group.items.map((item) => (
              <li key={item.pack_id} className="flex justify-between gap-3 px-3 py-2 text-sm">
                <span className="flex flex-col">
                  <span className="font-medium">{item.name}</span>
                  <span className="text-muted-foreground">
                    {item.pack} × {item.quantity} at {formatRupees(item.price)}{' '}
                    {item.act_price > item.price && <s>{formatRupees(item.act_price)}</s>}
                  </span>
                </span>
                <span className="font-medium">{formatRupees(item.amount)}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <div className="grid gap-4 sm:grid-cols-2">
        <section className="rounded-lg border border-border p-3 text-sm" aria-labelledby={`order-${order.id}-address`}>
          <h2 id={`order-${order.id}-address`} className="mb-1 font-medium">Delivering to</h2>
          <p>{order.address.name}, {order.address.phone}</p>
          <p className="text-muted-foreground">{addressLine(order.address)}</p>
        </section>
        <dl className="grid grid-cols-[1fr_auto] gap-y-1 rounded-lg border border-border p-3 text-sm" aria-label="Amounts">
          <dt>Items Total</dt><dd className="text-right">{formatRupees(order.amount)}</dd>
          {order.discount > 0 && <><dt>Discount{order.offercode && ` (${order.offercode})`}</dt><dd className="text-right">−{formatRupees(order.discount)}</dd></>}
          <dt>Delivery</dt><dd className="text-right">{order.delivery_charge > 0 ? formatRupees(order.delivery_charge) : 'Free'}</dd>
          <dt className="font-semibold">Total</dt><dd className="text-right font-semibold" data-order-total>{formatRupees(order.total)}</dd>
        </dl>
      </div>
    </>
  );
}
