import type { ReactNode } from 'react';
import type { AgentTop } from '../../contract/agent';
import { formatRupees } from '../../lib/money';
import { plural } from '../../contract/plural';

interface Ranked {
  key: number;
  href: string;
  label: ReactNode;
  revenue: number;
  /** Under the amount: how many sold, or how many orders. */
  note: string;
}

/** One ranked list of a period, by revenue, or a line saying nothing was sold. */
function TopList({ id, title, items, data }: { id: string; title: string; items: Ranked[]; data: Record<string, string> }) {
  return (
    <section className="min-w-0 rounded-lg border border-border p-3" aria-labelledby={id}>
      <h2 id={id} className="mb-2 font-medium">{title}</h2>
      {items.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">Nothing sold in this period.</p>
      ) : (
        <ol className="flex flex-col divide-y divide-border text-sm" {...data}>
          {items.map((item, i) => (
            <li key={item.key} className="flex items-center justify-between gap-3 py-2">
              <span className="flex min-w-0 gap-2">
                <span className="w-4 shrink-0 text-muted-foreground">{i + 1}</span>
                <a href={item.href} className="min-w-0 truncate hover:text-primary">{item.label}</a>
              </span>
              <span className="shrink-0 text-right tabular-nums">
                {formatRupees(item.revenue)} <span className="block text-xs text-muted-foreground">{item.note}</span>
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

/** The period's best-selling packs and best customers, by revenue. */
export default function TopLists({ top }: { top: AgentTop }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <TopList
        id="top-products"
        title="Top products"
        data={{ 'data-top-products': '' }}
        items={top.products.map((p) => ({
          key: p.pack_id,
          href: `/products/${encodeURIComponent(p.slug)}`,
          label: <>{p.name} <span className="text-muted-foreground">{p.pack}</span></>,
          revenue: p.revenue,
          note: `${p.quantity} sold`,
        }))}
      />
      <TopList
        id="top-customers"
        title="Top customers"
        data={{ 'data-top-customers': '' }}
        items={top.customers.map((c) => ({
          key: c.id,
          href: `/account/dashboard/customers/${c.id}`,
          label: c.name,
          revenue: c.revenue,
          note: plural(c.orders, 'order', 'orders'),
        }))}
      />
    </div>
  );
}
