import { beforeEach, describe, expect, it } from 'vitest';
import type { AgentCustomerList, AgentOrderList, AgentSales, AgentSummary, AgentTop } from '../../contract/agent';
import { ApiCallError } from '../../lib/api/client';
import { presetPeriod } from './period';
import { $dashboard, choosePeriod, seedDashboard, showCustomers, showOrders, type DashboardApi, type DashboardSeed } from './store';

const summaryOf = (from: string, to: string, orders: number) =>
  ({ period: { from, to, days: 1 }, previous: { from, to, days: 1 }, commission_rate: 2, figures: { orders: { value: orders, previous: 0 } } }) as unknown as AgentSummary;
const emptyList = { data: [], meta: { total: 0 } };

function seed(): DashboardSeed {
  const period = presetPeriod('30d', new Date('2026-11-24T06:00:00Z'));
  return {
    period,
    figures: { summary: summaryOf(period.from, period.to, 1), sales: { period: { ...period, days: 30 }, days: [] } as AgentSales, top: { products: [], customers: [] } as AgentTop },
    customersQuery: { q: '', page: 3, perPage: 10 },
    customers: emptyList as AgentCustomerList,
    ordersQuery: { status: 'delivered', page: 2, perPage: 10 },
    orders: emptyList as AgentOrderList,
  };
}

/** A client whose answers the test releases one by one, in any order. */
function slowClient() {
  const pending: { path: string; resolve: (value: unknown) => void; reject: (error: unknown) => void }[] = [];
  const ask = (path: string) => new Promise<never>((resolve, reject) => pending.push({ path, resolve: resolve as (v: unknown) => void, reject }));
  const client: DashboardApi = {
    agentSummary: (p) => ask(`summary ${p.from} ${p.to}`),
    agentSales: (p) => ask(`sales ${p.from} ${p.to}`),
    agentTop: (p) => ask(`top ${p.from} ${p.to}`),
    agentCustomers: (q) => ask(`customers ${JSON.stringify(q)}`),
    agentOrders: (q) => ask(`orders ${JSON.stringify(q)}`),
  };
  return { client, pending };
}
const settle = () => new Promise((r) => setTimeout(r, 0));

describe('the dashboard store', () => {
  beforeEach(() => seedDashboard(seed()));

  it('ends on the last period asked for, whatever order the answers arrive in', async () => {
    const { client, pending } = slowClient();
    const remembered: string[] = [];
    const now = new Date('2026-11-24T06:00:00Z');
    const week = choosePeriod(client, presetPeriod('7d', now), (href) => remembered.push(href));
    const today = choosePeriod(client, presetPeriod('today', now), (href) => remembered.push(href));
    expect($dashboard.get()!.figuresLoading).toBe(true);
    // The answers for today arrive first, those for the week last: the week's must not win.
    for (const p of pending.slice(3)) p.resolve(p.path.startsWith('summary') ? summaryOf('2026-11-24', '2026-11-24', 9) : {});
    await today;
    for (const p of pending.slice(0, 3)) p.resolve(p.path.startsWith('summary') ? summaryOf('2026-11-18', '2026-11-24', 5) : {});
    await week;
    expect($dashboard.get()!.period).toEqual({ preset: 'today', from: '2026-11-24', to: '2026-11-24' });
    expect($dashboard.get()!.figures.summary.figures.orders.value).toBe(9);
    expect($dashboard.get()!.figuresLoading).toBe(false);
    expect(remembered).toEqual(['/account/dashboard?period=7d', '/account/dashboard?period=today']);
  });

  it('keeps the figures shown and says why when the period cannot load', async () => {
    const { client, pending } = slowClient();
    const asked = choosePeriod(client, presetPeriod('7d', new Date('2026-11-24T06:00:00Z')), () => {});
    pending[0]!.reject(new ApiCallError(400, 'from must not be after to', { message: 'from must not be after to' }));
    await asked;
    expect($dashboard.get()!.figuresError).toBe('from must not be after to');
    expect($dashboard.get()!.figures.summary.figures.orders.value).toBe(1);
  });

  it('starts a new customer search and a new status filter at page 1, and pages keep the search', async () => {
    const { client, pending } = slowClient();
    void showCustomers(client, { q: 'asha' });
    void showOrders(client, { status: null });
    await settle();
    expect(pending.map((p) => p.path)).toEqual(['customers {"q":"asha","page":1,"perPage":10}', 'orders {"page":1,"perPage":10}']);
    void showCustomers(client, { page: 2 });
    await settle();
    expect(pending[2]!.path).toBe('customers {"q":"asha","page":2,"perPage":10}');
  });
});
