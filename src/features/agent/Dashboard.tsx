import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { ORDER_STATUSES, type OrderStatus } from '../../contract/order-constants';
import { agentApi } from '../../lib/api/agent';
import { formatDate } from '../../lib/format';
import { formatRupees } from '../../lib/money';
import { Pagination } from '../../ui/Pagination';
import { useHydrated } from '../../ui/use-hydrated';
import { STATUS } from '../orders/orders';
import AgentOrderRows from './AgentOrderRows';
import FigureCards from './FigureCards';
import PeriodPicker from './PeriodPicker';
import SalesChart from './SalesChart';
import { $dashboard, choosePeriod, seedDashboard, showCustomers, showOrders, type DashboardSeed, type DashboardState } from './store';
import TopLists from './TopLists';
import { plural } from '../../contract/plural';

const SECTION = 'flex flex-col gap-3';
const H2 = 'text-lg font-semibold';

/**
 * /account/dashboard: the agent's day. Figures for a period with the change from the one before, daily sales
 * as a chart, top products and customers; then their customers (search, pages) and orders (status, pages).
 * Server-rendered with the period the address asks for; hydrated on load, every part then loads on its own.
 */
export default function Dashboard(props: DashboardSeed & { agentName: string }) {
  const hydrated = useHydrated();
  const live = useStore($dashboard);
  useEffect(() => seedDashboard(props), []);
  const state: DashboardState = hydrated && live ? live : { ...props, figuresLoading: false, figuresError: null, customersLoading: false, customersError: null, ordersLoading: false, ordersError: null };
  const { summary, sales, top } = state.figures;
  const client = hydrated ? agentApi() : null;
  const nothingYet = state.customers.meta.total === 0 && !state.customersQuery.q && state.orders.meta.total === 0 && !state.ordersQuery.status;

  if (nothingYet)
    return (
      <div className="rounded-xl border border-dashed border-border p-10 text-center" data-dashboard-empty>
        <p className="text-lg font-medium">No sales recorded yet.</p>
        <p className="mt-1 text-sm text-muted-foreground">Your customers, their orders and your sales will show here once customers are assigned to you.</p>
      </div>
    );

  return (
    <div className="flex flex-col gap-8">
      <section className={SECTION} aria-labelledby="dash-figures">
        <h2 id="dash-figures" className="sr-only">Figures</h2>
        <PeriodPicker period={state.period} onChoose={client && ((period) => void choosePeriod(client, period))} />
        {state.figuresError && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{state.figuresError}</p>}
        <div className={`flex flex-col gap-6 transition-opacity ${state.figuresLoading ? 'opacity-60' : ''}`} aria-busy={state.figuresLoading || undefined}>
          <FigureCards summary={summary} />
          <section className="rounded-lg border border-border p-3" aria-labelledby="dash-chart">
            <h2 id="dash-chart" className="mb-1 font-medium">Daily sales</h2>
            <SalesChart sales={sales} />
          </section>
          <TopLists top={top} />
        </div>
      </section>
      <Customers state={state} client={client} />
      <Orders state={state} client={client} />
    </div>
  );
}

type Client = ReturnType<typeof agentApi> | null;

function Customers({ state, client }: { state: DashboardState; client: Client }) {
  const { customers, customersQuery: query } = state;
  const [typed, setTyped] = useState(query.q);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const search = (q: string) => {
    setTyped(q);
    clearTimeout(timer.current);
    if (client) timer.current = setTimeout(() => void showCustomers(client, { q: q.trim() }), 300);
  };
  return (
    <section className={SECTION} aria-labelledby="dash-customers">
      <h2 id="dash-customers" className={H2}>Your customers</h2>
      <form role="search" aria-label="Customers" onSubmit={(e) => { e.preventDefault(); if (client) void showCustomers(client, { q: typed.trim() }); }}>
        <label className="flex flex-col gap-1 text-sm">
          <span className="sr-only">Search customers by name or phone</span>
          <input
            type="search"
            value={typed}
            onChange={(e) => search(e.currentTarget.value)}
            placeholder="Search by name or phone"
            maxLength={80}
            disabled={!client}
            className="h-11 w-full rounded-md border border-border bg-background px-3 text-base focus:border-primary sm:max-w-sm"
          />
        </label>
      </form>
      {state.customersError && <p role="alert" className="text-sm text-red-700">{state.customersError}</p>}
      <div aria-busy={state.customersLoading || undefined} className={state.customersLoading ? 'opacity-60' : ''}>
        {customers.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
            {query.q ? `No customer of yours matches “${query.q}”.` : 'No customers are assigned to you yet.'}
          </p>
        ) : (
          <ul className="grid gap-2 md:grid-cols-2" aria-label="Customers">
            {customers.data.map((c) => (
              <li key={c.id}>
                <a href={`/account/dashboard/customers/${c.id}`} className="flex items-center justify-between gap-3 rounded-lg border border-border p-3 hover:border-primary" data-customer>
                  <span className="flex min-w-0 flex-col">
                    <span className="truncate font-medium">{c.name}</span>
                    <span className="text-sm text-muted-foreground">
                      {c.phone} · {c.last_order_at ? `last sold ${formatDate(c.last_order_at)}` : 'nothing sold yet'}
                    </span>
                  </span>
                  <span className="shrink-0 text-right text-sm tabular-nums">
                    {formatRupees(c.revenue)}
                    <span className="block text-xs text-muted-foreground">{plural(c.orders, 'order', 'orders')} by you</span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
      {customers.meta.total > 0 && (
        <Pagination
          label="Customer pages"
          total={customers.meta.total}
          perPage={query.perPage}
          page={query.page}
          onPageChange={(page) => client && void showCustomers(client, { page })}
          onPerPageChange={(perPage) => client && void showCustomers(client, { perPage })}
        />
      )}
    </section>
  );
}

function Orders({ state, client }: { state: DashboardState; client: Client }) {
  const { orders, ordersQuery: query } = state;
  return (
    <section className={SECTION} aria-labelledby="dash-orders">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="dash-orders" className={H2}>Orders</h2>
        <label className="flex items-center gap-2 text-sm">
          Show
          <select
            value={query.status ?? ''}
            disabled={!client}
            onChange={(e) => client && void showOrders(client, { status: (e.currentTarget.value || null) as OrderStatus | null })}
            className="min-h-10 rounded-md border border-border bg-background px-2"
          >
            <option value="">All orders</option>
            {ORDER_STATUSES.map((s) => <option key={s} value={s}>{STATUS[s].label}</option>)}
          </select>
        </label>
      </div>
      {state.ordersError && <p role="alert" className="text-sm text-red-700">{state.ordersError}</p>}
      <div aria-busy={state.ordersLoading || undefined} className={state.ordersLoading ? 'opacity-60' : ''}>
        {orders.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">
            {query.status ? `No orders are ${STATUS[query.status].label.toLowerCase()}.` : 'Your customers have no orders yet.'}
          </p>
        ) : (
          <AgentOrderRows orders={orders.data} />
        )}
      </div>
      {orders.meta.total > 0 && (
        <Pagination
          label="Order pages"
          total={orders.meta.total}
          perPage={query.perPage}
          page={query.page}
          onPageChange={(page) => client && void showOrders(client, { page })}
          onPerPageChange={(perPage) => client && void showOrders(client, { perPage })}
        />
      )}
    </section>
  );
}
