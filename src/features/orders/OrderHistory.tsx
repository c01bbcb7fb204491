import type { OrderList } from '../../contract/order';
import { ORDER_STATUSES } from '../../contract/order-constants';
import { formatDateTime } from '../../lib/format';
import { formatRupees } from '../../lib/money';
import { Pagination } from '../../ui/Pagination';
import { DEFAULT_PER_PAGE, ordersHref, STATUS, type OrdersQuery } from './orders';
import { plural } from '../../contract/plural';

interface Props {
  orders: OrderList;
  query: OrdersQuery;
}

/**
 * /account/orders: newest first, each with its number, date and time in India, items, total and status; a
 * filter by status and the product's pagination widget, both kept in the URL (GET forms and links, so they work
 * without JavaScript and reload and back keep them).
 */
export default function OrderHistory({ orders, query }: Props) {
  const keep = { ...(query.status ? { status: query.status } : {}) };
  return (
    <div className="flex flex-col gap-4">
      <form method="get" action="/account/orders" className="flex flex-wrap items-center gap-2 text-sm">
        <label className="flex min-w-0 max-w-full flex-wrap items-center gap-2">
          Show
          <select name="status" defaultValue={query.status ?? ''} onChange={(e) => e.currentTarget.form?.requestSubmit()} className="min-h-11 min-w-0 max-w-full rounded-md border border-border bg-background px-2">
            <option value="">All orders</option>
            {ORDER_STATUSES.map((s) => <option key={s} value={s}>{STATUS[s].label}</option>)}
          </select>
        </label>
        {/* After the filter, so the address reads as the list's own links do (ordersHref: status, perPage, page). */}
        {query.perPage !== DEFAULT_PER_PAGE && <input type="hidden" name="perPage" value={query.perPage} />}
        <button type="submit" className="min-h-11 rounded-md border border-border px-3">Filter</button>
      </form>
      {orders.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border p-10 text-center" data-orders-empty>
          <p className="text-lg font-medium">{query.status ? `No orders are ${STATUS[query.status].label.toLowerCase()}.` : 'You have not placed any orders yet.'}</p>
          <a href="/products" className="mt-4 inline-block rounded-full bg-primary px-5 py-2.5 font-medium text-primary-foreground">Start shopping</a>
        </div>
      ) : (
        <ul className="flex flex-col gap-2" aria-label="Your orders">
          {orders.data.map((o) => (
            <li key={o.id}>
              <a href={`/account/orders/${o.id}`} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border border-border p-3 hover:border-primary" data-order-row>
                <span className="flex flex-col">
                  <span className="font-medium">{o.ordernumber}</span>
                  <span className="text-sm text-muted-foreground">{formatDateTime(o.created_at)} · {plural(o.quantity, 'item', 'items')}</span>
                </span>
                <span className="flex items-center gap-3">
                  <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${STATUS[o.status].tone}`} data-status={o.status}>{STATUS[o.status].label}</span>
                  <span className="font-semibold">{formatRupees(o.total)}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {orders.meta.total > 0 && (
        <Pagination total={orders.meta.total} perPage={query.perPage} page={query.page} hrefFor={(page) => ordersHref({ ...query, page })} perPageQuery={keep} />
      )}
    </div>
  );
}
