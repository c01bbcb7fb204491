import { atom } from 'nanostores';
import type { AgentCustomerList, AgentOrderList, AgentSales, AgentSummary, AgentTop } from '../../contract/agent';
import type { OrderStatus } from '../../contract/order-constants';
import type { AgentApi } from '../../lib/api/agent';
import { errorMessage } from '../../lib/errors';
import { periodHref, type PeriodChoice } from './period';

/**
 * The sales dashboard's state: the period and its figures, chart and top lists; the agent's customers (search
 * and page); their orders (status and page). The page renders it on the server (seedDashboard with what it
 * loaded) and the island carries on from there: each part loads on its own, and an answer that arrives after
 * a newer question was asked is dropped, so a quick tap through the periods ends on the last one.
 */
export interface Figures {
  summary: AgentSummary;
  sales: AgentSales;
  top: AgentTop;
}

export interface CustomersQuery {
  q: string;
  page: number;
  perPage: number;
}

export interface OrdersQuery {
  status: OrderStatus | null;
  page: number;
  perPage: number;
}

export interface DashboardState {
  period: PeriodChoice;
  figures: Figures;
  figuresLoading: boolean;
  figuresError: string | null;
  customersQuery: CustomersQuery;
  customers: AgentCustomerList;
  customersLoading: boolean;
  customersError: string | null;
  ordersQuery: OrdersQuery;
  orders: AgentOrderList;
  ordersLoading: boolean;
  ordersError: string | null;
}

export type DashboardApi = Pick<AgentApi, 'agentSummary' | 'agentSales' | 'agentTop' | 'agentCustomers' | 'agentOrders'>;

export type DashboardSeed = Pick<DashboardState, 'period' | 'figures' | 'customersQuery' | 'customers' | 'ordersQuery' | 'orders'>;

/** Null until the island seeds it from the page's props. */
export const $dashboard = atom<DashboardState | null>(null);
const now = () => $dashboard.get()!;
const update = (change: Partial<DashboardState>) => $dashboard.set({ ...now(), ...change });

export function seedDashboard(seed: DashboardSeed) {
  $dashboard.set({ ...seed, figuresLoading: false, figuresError: null, customersLoading: false, customersError: null, ordersLoading: false, ordersError: null });
}

/** What the server loads for a period, and what the island asks again when the period changes. */
export async function loadFigures(client: DashboardApi, period: Pick<PeriodChoice, 'from' | 'to'>): Promise<Figures> {
  const query = { from: period.from, to: period.to };
  const [summary, sales, top] = await Promise.all([client.agentSummary(query), client.agentSales(query), client.agentTop(query)]);
  return { summary, sales, top };
}

/** Keeps the address in step with the state without a navigation (reload and back keep the period). */
export type Remember = (href: string) => void;
const rememberInHistory: Remember = (href) => history.replaceState(history.state, '', href);

let figuresAsked = 0;
export async function choosePeriod(client: DashboardApi, period: PeriodChoice, remember: Remember = rememberInHistory) {
  const asked = ++figuresAsked;
  update({ period, figuresLoading: true, figuresError: null });
  remember(periodHref(period));
  try {
    const figures = await loadFigures(client, period);
    if (asked === figuresAsked) update({ figures, figuresLoading: false });
  } catch (failure) {
    if (asked === figuresAsked) update({ figuresLoading: false, figuresError: errorMessage(failure) });
  }
}

let customersAsked = 0;
/** Searches or pages the customers; a new search starts at page 1. */
export async function showCustomers(client: DashboardApi, change: Partial<CustomersQuery>) {
  const asked = ++customersAsked;
  const before = now().customersQuery;
  const query: CustomersQuery = { ...before, ...change, page: change.page ?? (change.q !== undefined || change.perPage !== undefined ? 1 : before.page) };
  update({ customersQuery: query, customersLoading: true, customersError: null });
  try {
    const customers = await client.agentCustomers({ q: query.q || undefined, page: query.page, perPage: query.perPage });
    if (asked === customersAsked) update({ customers, customersLoading: false });
  } catch (failure) {
    if (asked === customersAsked) update({ customersLoading: false, customersError: errorMessage(failure) });
  }
}

let ordersAsked = 0;
/** Filters or pages the orders; a new filter starts at page 1. */
export async function showOrders(client: DashboardApi, change: Partial<OrdersQuery>) {
  const asked = ++ordersAsked;
  const before = now().ordersQuery;
  const query: OrdersQuery = { ...before, ...change, page: change.page ?? ('status' in change || change.perPage !== undefined ? 1 : before.page) };
  update({ ordersQuery: query, ordersLoading: true, ordersError: null });
  try {
    const orders = await client.agentOrders({ status: query.status ?? undefined, page: query.page, perPage: query.perPage });
    if (asked === ordersAsked) update({ orders, ordersLoading: false });
  } catch (failure) {
    if (asked === ordersAsked) update({ ordersLoading: false, ordersError: errorMessage(failure) });
  }
}
