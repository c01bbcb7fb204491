import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import type { BosOrderRow, BosQueueOptions, BosTab } from '../../../contract/bos-orders';
import { plural } from '../../../contract/plural';
import { bosApi } from '../../../lib/api/bos';
import { formatCalendarDate } from '../../../lib/format';
import { formatRupees, toRupees } from '../../../lib/money';
import { Field } from '../../../ui/Field';
import { Pagination } from '../../../ui/Pagination';
import { useHydrated } from '../../../ui/use-hydrated';
import { STATUS } from '../../orders/orders';
import { activeFilters, allState, BULK_MOVE, bulkLabel, filterChoices, NO_FILTERS, PAYMENT_METHODS, PAYMENT_STATES, QUEUE_TABS, queueHref, readQueueQuery, STOCK_CHOICES, TAB_LABELS, type QueueFilters, type QueueQuery } from './queue';
import { PrintLinks } from './PrintLinks';
import { $queue, chooseAllShown, chooseOne, followAddress, moveChosen, seededState, seedQueue, showQueue, type QueueSeed, type QueueState } from './store';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const BUTTON = `min-h-11 rounded-md px-4 text-sm font-medium ${FOCUS}`;
const BOX = `h-5 w-5 accent-[var(--color-primary)] ${FOCUS}`;

/**
 * /bos/admin: the day's orders. Tabs with their counts, filters, one page of orders by delivery window with a
 * box per row, and the bulk move the tab's orders wait for. Server-rendered from the address; hydrated on load,
 * it then loads each view on its own and keeps the address in step.
 */
export default function OrdersQueue(props: QueueSeed & { canManage: boolean; options: BosQueueOptions }) {
  const hydrated = useHydrated();
  const live = useStore($queue);
  useEffect(() => {
    seedQueue(props);
    const back = () => void followAddress(bosApi(), readQueueQuery(new URLSearchParams(location.search)));
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, []);
  const state: QueueState = hydrated && live ? live : seededState(props);
  const client = hydrated ? bosApi() : null;
  const { query, queue } = state;
  const move = props.canManage ? BULK_MOVE[query.tab] : undefined;

  return (
    <div className="flex flex-col gap-4">
      <Tabs state={state} onTab={client && ((tab) => void showQueue(client, { tab }))} />
      <Filters query={query} options={props.options} onApply={client && ((filters) => void showQueue(client, { filters }))} />
      <PrintLinks filters={query.filters} chosen={state.chosen} />
      {state.error && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{state.error}</p>}
      <div role="status" aria-live="polite" data-bulk-report>
        {state.report && (
          <div className={`rounded-md p-3 text-sm ${state.report.tone === 'success' ? 'bg-green-50 text-green-900' : state.report.tone === 'warning' ? 'bg-amber-50 text-amber-900' : 'bg-red-50 text-red-900'}`}>
            <p className="font-medium">{state.report.text}</p>
            {state.report.refused.length > 0 && (
              <ul className="mt-1 list-disc pl-5">{state.report.refused.map((line) => <li key={line} data-refused>{line}</li>)}</ul>
            )}
          </div>
        )}
      </div>
      {move && (
        <div className="flex flex-wrap items-center gap-3 rounded-lg border border-border bg-muted/40 p-3" role="group" aria-label="Bulk actions" data-bulk-bar>
          <span className="text-sm" data-chosen>{state.chosen.length === 0 ? 'Choose orders with the boxes to move them on together.' : `${plural(state.chosen.length, 'order', 'orders')} chosen.`}</span>
          <button
            type="button"
            className={`${BUTTON} bg-primary text-primary-foreground disabled:opacity-50`}
            disabled={!client || state.chosen.length === 0 || state.moving !== null}
            aria-busy={state.moving === move || undefined}
            onClick={() => client && void moveChosen(client, move)}
          >
            {state.moving === move ? 'Moving…' : state.chosen.length === 0 ? bulkLabel(move, 0).replace(' 0 orders', ' orders') : bulkLabel(move, state.chosen.length)}
          </button>
        </div>
      )}
      <div aria-busy={state.loading || undefined} className={`transition-opacity ${state.loading ? 'opacity-60' : ''}`}>
        {queue.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground" data-queue-empty>
            No orders {TAB_LABELS[query.tab].toLowerCase()}{activeFilters(query.filters) > 0 ? ' with these filters' : ''}.
          </p>
        ) : (
          <OrderTable rows={queue.data} state={state} selectable={Boolean(move)} interactive={Boolean(client)} />
        )}
      </div>
      {queue.meta.total > 0 && (
        <Pagination
          label="Order pages"
          total={queue.meta.total}
          perPage={query.perPage}
          page={query.page}
          {...(client
            ? { onPageChange: (page: number) => void showQueue(client, { page }), onPerPageChange: (perPage: number) => void showQueue(client, { perPage }) }
            : { hrefFor: (page: number) => queueHref({ ...query, page }) })}
        />
      )}
    </div>
  );
}

function Tabs({ state, onTab }: { state: QueueState; onTab: ((tab: BosTab) => void) | null }) {
  const { query, queue } = state;
  const follow = (tab: BosTab) => (event: MouseEvent) => {
    if (!onTab || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    onTab(tab);
  };
  return (
    <nav aria-label="Order queues">
      <ul className="flex flex-wrap gap-2">
        {QUEUE_TABS.map((tab) => {
          const current = tab === query.tab;
          return (
            <li key={tab}>
              <a
                href={queueHref({ ...query, tab, page: 1 })}
                onClick={follow(tab)}
                aria-current={current ? 'page' : undefined}
                data-tab={tab}
                className={`flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm ${FOCUS} ${current ? 'border-primary bg-primary text-primary-foreground' : 'border-border hover:border-primary'}`}
              >
                {TAB_LABELS[tab]}
                <span className={`rounded-full px-2 text-xs font-semibold tabular-nums ${current ? 'bg-primary-foreground text-primary' : 'bg-muted'}`} data-count>{queue.meta.counts[tab].toLocaleString('en-IN')}</span>
              </a>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Filters({ query, options, onApply }: { query: QueueQuery; options: BosQueueOptions; onApply: ((filters: QueueFilters) => void) | null }) {
  const [draft, setDraft] = useState<QueueFilters>(query.filters);
  useEffect(() => setDraft(query.filters), [query.filters]);
  const set = (key: keyof QueueFilters) => (value: unknown) => setDraft((d) => ({ ...d, [key]: String(value ?? '') }));
  const count = activeFilters(query.filters);
  const choices = filterChoices(options, draft);
  return (
    <form
      method="get"
      action="/bos/admin"
      role="search"
      aria-label="Filter orders"
      className="rounded-lg border border-border p-3"
      onSubmit={(e) => {
        if (!onApply) return;
        e.preventDefault();
        onApply(Object.fromEntries(Object.entries(draft).map(([k, v]) => [k, v.trim()])) as unknown as QueueFilters);
      }}
    >
      {query.tab !== 'to_confirm' && <input type="hidden" name="tab" value={query.tab} />}
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Field name="q" type="search" label="Search" placeholder="Order number, phone or name" value={draft.q} onChange={set('q')} />
        <Field name="date" type="custom" label="Delivery date">
          {({ id, describedBy }) => (
            <input id={id} name="date" type="date" aria-describedby={describedBy} value={draft.date} onChange={(e) => set('date')(e.currentTarget.value)} className="h-11 w-full rounded-md border border-border bg-background px-3 text-sm" />
          )}
        </Field>
        <Field name="window" type="select" label="Delivery window" placeholder="Any window" options={choices.window} value={draft.window} onChange={set('window')} />
        <Field name="zone" type="select" label="Delivery zone" placeholder="Any zone" options={choices.zone} value={draft.zone} onChange={set('zone')} />
        <Field name="pincode" label="Pincode" inputMode="numeric" value={draft.pincode} onChange={set('pincode')} />
        <Field name="payment_method" type="select" label="Payment mode" placeholder="Any mode" options={[...PAYMENT_METHODS]} value={draft.payment_method} onChange={set('payment_method')} />
        <Field name="payment_state" type="select" label="Payment state" placeholder="Any state" options={[...PAYMENT_STATES]} value={draft.payment_state} onChange={set('payment_state')} />
        <Field name="warehouse" type="select" label="Warehouse" placeholder="Any warehouse" options={choices.warehouse} value={draft.warehouse} onChange={set('warehouse')} />
        <Field name="agent" type="select" label="Sales agent" placeholder="Anyone" options={choices.agent} value={draft.agent} onChange={set('agent')} />
        <Field name="stock_short" type="select" label="Stock" placeholder="Any order" options={[...STOCK_CHOICES]} value={draft.stock_short} onChange={set('stock_short')} />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <button type="submit" className={`${BUTTON} bg-primary text-primary-foreground`}>Apply filters</button>
        {count > 0 && (
          <a
            href={queueHref({ ...query, filters: NO_FILTERS, page: 1 })}
            onClick={(e) => {
              if (!onApply) return;
              e.preventDefault();
              onApply(NO_FILTERS);
            }}
            className={`${BUTTON} inline-flex items-center border border-border`}
          >
            Clear {plural(count, 'filter', 'filters')}
          </a>
        )}
      </div>
    </form>
  );
}

function OrderTable({ rows, state, selectable, interactive }: { rows: BosOrderRow[]; state: QueueState; selectable: boolean; interactive: boolean }) {
  const all = allState(state.chosen, rows.map((r) => r.id));
  const allBox = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (allBox.current) allBox.current.indeterminate = all === 'some';
  }, [all]);
  const TH = 'px-3 py-2 text-left font-medium';
  const TD = 'px-3 py-2 align-top';
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full min-w-[44rem] text-sm">
        <caption className="sr-only">Orders {TAB_LABELS[state.query.tab].toLowerCase()}, by delivery window, oldest first</caption>
        <thead className="bg-muted/50">
          <tr>
            {selectable && (
              <th scope="col" className={`${TH} w-10`}>
                <input ref={allBox} type="checkbox" className={BOX} aria-label="Choose every order on this page" checked={all === 'all'} disabled={!interactive} onChange={chooseAllShown} data-choose-all />
              </th>
            )}
            <th scope="col" className={TH}>Order</th>
            <th scope="col" className={TH}>Delivery</th>
            <th scope="col" className={TH}>Customer</th>
            <th scope="col" className={TH}>Pincode</th>
            <th scope="col" className={TH}>Payment</th>
            <th scope="col" className={`${TH} text-right`}>Total</th>
            <th scope="col" className={TH}>Status</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const chosen = state.chosen.includes(row.id);
            return (
              <tr key={row.id} className={`border-t border-border ${chosen ? 'bg-primary/5' : ''}`} data-order-row={row.ordernumber}>
                {selectable && (
                  <td className={TD}>
                    <input type="checkbox" className={BOX} aria-label={`Choose order ${row.ordernumber}`} checked={chosen} disabled={!interactive} onChange={() => chooseOne(row.id)} />
                  </td>
                )}
                <th scope="row" className={`${TD} text-left font-medium`}>
                  <a href={`/bos/admin/orders/${row.id}`} className={`whitespace-nowrap text-primary underline ${FOCUS}`}>{row.ordernumber}</a>
                  {row.channel === 'pos' && <span className="block text-xs font-normal text-muted-foreground">Counter sale</span>}
                  {row.stock_short && <span className="mt-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900" data-stock-short>Stock short</span>}
                </th>
                <td className={TD}>
                  {row.delivery.date ? (
                    <>
                      <span className="whitespace-nowrap">{formatCalendarDate(row.delivery.date)}</span>
                      <span className="block text-xs text-muted-foreground">{row.delivery.start && row.delivery.end ? `${row.delivery.start} – ${row.delivery.end}` : 'any time'}</span>
                    </>
                  ) : (
                    <span className="text-muted-foreground">No window</span>
                  )}
                </td>
                <td className={TD}>
                  {row.customer.name}
                  <span className="block text-xs text-muted-foreground">{row.customer.phone}</span>
                </td>
                <td className={TD}>
                  {row.pincode}
                  <span className="block text-xs text-muted-foreground">{row.city}</span>
                </td>
                <td className={TD}>
                  {PAYMENT_METHODS.find((m) => m.value === row.payment_method)?.label ?? row.payment_method}
                  <span className="block text-xs text-muted-foreground">{PAYMENT_STATES.find((s) => s.value === row.payment_state)?.label}</span>
                </td>
                <td className={`${TD} text-right tabular-nums`}>
                  {formatRupees(toRupees(row.total_paise))}
                  {row.refunded_paise > 0 && <span className="block text-xs text-muted-foreground">{formatRupees(toRupees(row.refunded_paise))} refunded</span>}
                </td>
                <td className={TD}>
                  <span className={`rounded-full px-2.5 py-0.5 text-xs font-medium ${STATUS[row.status].tone}`}>{STATUS[row.status].label}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
