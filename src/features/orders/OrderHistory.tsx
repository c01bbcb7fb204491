import type { OrderList } from '../../contract/order';
import { ORDER_STATUSES } from '../../contract/order-constants';
import { formatRupees } from '../../lib/money';
import { dateTimeIn } from '../../lib/i18n/dates';
import type { orders as ordersWords } from '../../lib/i18n/messages/en/orders';
import { speak, type Words } from '../../lib/i18n/words';
import { Pagination } from '../../ui/Pagination';
import { linkIn } from '../account/page-language';
import { localeOfLang } from '../../lib/i18n/locales';
import { DEFAULT_PER_PAGE, ENGLISH_ORDERS, ordersHref, STATUS, statusLabel, type OrdersQuery } from './orders';

interface Props {
  orders: OrderList;
  query: OrdersQuery;
  /** The orders' words in the page's language (absent: English). */
  words?: Words<typeof ordersWords>;
}

/**
 * /account/orders: newest first, each with its number, date and time in India, items, total and status; a
 * filter by status and the product's pagination widget, both kept in the URL (GET forms and links, so they work
 * without JavaScript and reload and back keep them).
 */
export default function OrderHistory({ orders, query, words }: Props) {
  const say = words ? speak(words) : ENGLISH_ORDERS;
  const locale = localeOfLang(words?.lang);
  const link = (path: string) => linkIn(words, path);
  const keep = { ...(query.status ? { status: query.status } : {}) };
  return (
    <div className="flex flex-col gap-4">
      <form method="get" action={link('/account/orders')} className="flex flex-wrap items-center gap-2 text-sm">
        <label className="flex min-w-0 max-w-full flex-wrap items-center gap-2">
          {say('orders.show')}
          <select name="status" defaultValue={query.status ?? ''} onChange={(e) => e.currentTarget.form?.requestSubmit()} className="min-h-11 min-w-0 max-w-full rounded-md border border-border bg-background px-2">
            <option value="">{say('orders.all')}</option>
            {ORDER_STATUSES.map((s) => <option key={s} value={s}>{statusLabel(s, say)}</option>)}
          </select>
        </label>
        {/* After the filter, so the address reads as the list's own links do (ordersHref: status, perPage, page). */}
        {query.perPage !== DEFAULT_PER_PAGE && <input type="hidden" name="perPage" value={query.perPage} />}
        <button type="submit" className="min-h-11 rounded-md border border-border px-3">{say('orders.filter')}</button>
      </form>
      {orders.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border p-10 text-center" data-orders-empty>
          <p className="text-lg font-medium">{query.status ? say('orders.noneInStatus', { status: statusLabel(query.status, say).toLowerCase() }) : say('orders.none')}</p>
          <a href={link('/products')} className="mt-4 inline-block rounded-full bg-primary px-5 py-2.5 font-medium text-primary-foreground">{say('orders.startShopping')}</a>
        </div>
      ) : (
        <ul className="flex flex-col gap-2" aria-label={say('orders.yours')}>
          {orders.data.map((o) => (
            <li key={o.id}>
              <a href={link(`/account/orders/${o.id}`)} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 rounded-lg border border-border p-3 hover:border-primary" data-order-row>
                <span className="flex flex-col">
                  <span className="font-medium">{o.ordernumber}</span>
                  <span className="text-sm text-muted-foreground">{dateTimeIn(locale, o.created_at)} · {say('orders.items', { count: o.quantity })}</span>
                </span>
                <span className="flex items-center gap-3">
                  <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${STATUS[o.status].tone}`} data-status={o.status}>{statusLabel(o.status, say)}</span>
                  <span className="font-semibold">{formatRupees(o.total)}</span>
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {orders.meta.total > 0 && (
        <Pagination total={orders.meta.total} perPage={query.perPage} page={query.page} hrefFor={(page) => link(ordersHref({ ...query, page }))}
          perPageQuery={keep}
          words={words ? { label: say('orders.pagination'), total: say('orders.total', { count: orders.meta.total }), previous: say('orders.previousPage'), next: say('orders.nextPage'), rowsPerPage: say('orders.rowsPerPage'), show: say('orders.show'), perPage: say('orders.perPage') } : undefined}
        />
      )}
    </div>
  );
}
