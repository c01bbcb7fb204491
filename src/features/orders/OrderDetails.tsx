import type { Order } from '../../contract/order';
import { formatRupees } from '../../lib/money';
import { addressLine } from '../addresses/address-values';
import { deliveryWindowIn } from '../checkout/delivery-window';
import type { orders as ordersWords } from '../../lib/i18n/messages/en/orders';
import { speak, type Words } from '../../lib/i18n/words';
import { localeOfLang } from '../../lib/i18n/locales';
import { ENGLISH_ORDERS } from './orders';

/**
 * An order as placed: each delivery with its date and window and its lines (original prices struck through),
 * the address as it was, and the amounts. The success page renders it without hydration; the account's order
 * page inside its island. `words` (the orders' words in the page's language) word it; English when absent.
 */
export default function OrderDetails({ order, words }: { order: Order; words?: Words<typeof ordersWords> }) {
  const say = words ? speak(words) : ENGLISH_ORDERS;
  const locale = localeOfLang(words?.lang);
  const groups = order.grouped_items;
  return (
    <>
      {groups.map((group, i) => (
        <section key={i} className="rounded-lg border border-border" aria-label={say('orders.deliveryN', { n: i + 1 })}>
          <h2 className="border-b border-border bg-muted/50 px-3 py-2 text-sm font-medium">
            {groups.length > 1 ? say('orders.deliveryNOf', { n: i + 1, count: groups.length }) : say('orders.delivery')}
            {deliveryWindowIn(locale, group) && <>: <span data-delivery-window>{deliveryWindowIn(locale, group)}</span></>}
          </h2>
          <ul className="divide-y divide-border">
            {group.items.map((item) => (
              <li key={item.pack_id} className="flex justify-between gap-3 px-3 py-2 text-sm">
                <span className="flex flex-col">
                  <span className="font-medium">{item.name}</span>
                  <span className="text-muted-foreground">
                    {say('orders.lineAt', { pack: item.pack, quantity: item.quantity, price: formatRupees(item.price) })}{' '}
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
          <h2 id={`order-${order.id}-address`} className="mb-1 font-medium">{say('orders.deliveringTo')}</h2>
          <p translate="no">{order.address.name}, {order.address.phone}</p>
          <p className="text-muted-foreground" translate="no">{addressLine(order.address, words ? (landmark) => say('orders.near', { landmark }) : undefined)}</p>
        </section>
        <dl className="grid grid-cols-[1fr_auto] gap-y-1 rounded-lg border border-border p-3 text-sm" aria-label={say('orders.amounts')}>
          <dt>{say('orders.itemsTotal')}</dt><dd className="text-right">{formatRupees(order.amount)}</dd>
          {order.discount > 0 && <><dt>{say('orders.discount')}{order.offercode && ` (${order.offercode})`}</dt><dd className="text-right">−{formatRupees(order.discount)}</dd></>}
          <dt>{say('orders.deliveryCharge')}</dt><dd className="text-right">{order.delivery_charge > 0 ? formatRupees(order.delivery_charge) : say('orders.free')}</dd>
          <dt className="font-semibold">{say('orders.grandTotal')}</dt><dd className="text-right font-semibold" data-order-total>{formatRupees(order.total)}</dd>
        </dl>
      </div>
    </>
  );
}
