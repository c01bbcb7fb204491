import type { AgentTop } from '../../contract/agent';
import { formatRupees } from '../../lib/money';

const CARD = 'min-w-0 rounded-lg border border-border p-3';
const EMPTY = <p className="py-4 text-center text-sm text-muted-foreground">Nothing sold in this period.</p>;

/** The period's best-selling packs and best customers, by revenue. */
export default function TopLists({ top }: { top: AgentTop }) {
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <section className={CARD} aria-labelledby="top-products">
        <h2 id="top-products" className="mb-2 font-medium">Top products</h2>
        {top.products.length === 0 ? EMPTY : (
          <ol className="flex flex-col divide-y divide-border text-sm" data-top-products>
            {top.products.map((p, i) => (
              <li key={p.pack_id} className="flex items-center justify-between gap-3 py-2">
                <span className="flex min-w-0 gap-2">
                  <span className="w-4 shrink-0 text-muted-foreground">{i + 1}</span>
                  <a href={`/products/${encodeURIComponent(p.slug)}`} className="min-w-0 truncate hover:text-primary">
                    {p.name} <span className="text-muted-foreground">{p.pack}</span>
                  </a>
                </span>
                <span className="shrink-0 text-right tabular-nums">
                  {formatRupees(p.revenue)} <span className="block text-xs text-muted-foreground">{p.quantity} sold</span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section className={CARD} aria-labelledby="top-customers">
        <h2 id="top-customers" className="mb-2 font-medium">Top customers</h2>
        {top.customers.length === 0 ? EMPTY : (
          <ol className="flex flex-col divide-y divide-border text-sm" data-top-customers>
            {top.customers.map((c, i) => (
              <li key={c.id} className="flex items-center justify-between gap-3 py-2">
                <span className="flex min-w-0 gap-2">
                  <span className="w-4 shrink-0 text-muted-foreground">{i + 1}</span>
                  <a href={`/account/dashboard/customers/${c.id}`} className="min-w-0 truncate hover:text-primary">{c.name}</a>
                </span>
                <span className="shrink-0 text-right tabular-nums">
                  {formatRupees(c.revenue)} <span className="block text-xs text-muted-foreground">{c.orders} {c.orders === 1 ? 'order' : 'orders'}</span>
                </span>
              </li>
            ))}
          </ol>
        )}
      </section>
    </div>
  );
}
