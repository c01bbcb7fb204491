import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { BosProductOptions } from '../../../contract/bos-products';
import { bosProductsApi } from '../../../lib/api/bos-products';
import { formatRupees, toRupees } from '../../../lib/money';
import { Pagination } from '../../../ui/Pagination';
import { useHydrated } from '../../../ui/use-hydrated';
import { ledgerHref, LOW_STOCK_PER_PAGE, lowStockCaption, lowStockHref, readLowStockQuery } from './stock';
import { $lowStock, seededLowStock, seedLowStock, showLowStock, type LowStockSeed, type LowStockState } from './store';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const CONTROL = `h-11 w-full rounded-md border border-border bg-background px-3 text-sm ${FOCUS}`;
const LINK = `text-primary underline underline-offset-2 ${FOCUS}`;
const SEARCH_AFTER_MS = 300;

/**
 * /bos/admin/stock: packs at or under their low-stock level, fewest first, by warehouse: each with its product, its
 * level and a link to its ledger (where stock is counted, received or written off). A search, the warehouse, the
 * level and the page are in the address. Server-rendered from it; hydrated on load, it then loads on its own.
 */
export default function LowStockScreen(props: LowStockSeed & { warehouses: BosProductOptions['warehouses'] }) {
  const hydrated = useHydrated();
  const live = useStore($lowStock);
  useEffect(() => {
    seedLowStock(props);
    const back = () => {
      const query = readLowStockQuery(new URLSearchParams(location.search));
      void showLowStock(bosProductsApi(), query, () => {});
    };
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, []);
  const state: LowStockState = hydrated && live ? live : seededLowStock(props);
  const client = hydrated ? bosProductsApi() : null;
  const { query, list } = state;
  const [typed, setTyped] = useState(props.query.q);
  const [level, setLevel] = useState(String(props.query.threshold ?? props.list.meta.threshold));
  useEffect(() => {
    if (!client || typed.trim() === query.q) return;
    const timer = setTimeout(() => void showLowStock(client, { q: typed.trim() }), SEARCH_AFTER_MS);
    return () => clearTimeout(timer);
  }, [typed, hydrated]);
  const onSubmit = (event: FormEvent) => {
    if (!client) return;
    event.preventDefault();
    const threshold = /^\d{1,7}$/.test(level.trim()) ? Number(level.trim()) : null;
    void showLowStock(client, { q: typed.trim(), threshold });
  };
  const warehouse = props.warehouses.find((w) => String(w.id) === query.warehouse)?.name;
  const caption = lowStockCaption(list.meta.total, list.meta.threshold, warehouse);

  return (
    <div className="flex flex-col gap-4">
      <form role="search" aria-label="Low stock" action="/bos/admin/stock" method="get" onSubmit={onSubmit} className="grid gap-3 rounded-lg border border-border p-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto]">
        <div className="flex flex-col gap-1">
          <label htmlFor="low-q" className="text-sm font-medium">Search</label>
          <input id="low-q" name="q" type="search" value={typed} onChange={(e) => setTyped(e.target.value)} placeholder="Product or pack" maxLength={120} autoComplete="off" className={CONTROL} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="low-warehouse" className="text-sm font-medium">Warehouse</label>
          <select id="low-warehouse" name="warehouse" value={query.warehouse} onChange={(e) => client && void showLowStock(client, { warehouse: e.target.value })} className={CONTROL}>
            <option value="">Every warehouse</option>
            {props.warehouses.map((w) => <option key={w.id} value={String(w.id)}>{w.name} ({w.code})</option>)}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor="low-threshold" className="text-sm font-medium">At or under (units)</label>
          <input id="low-threshold" name="threshold" inputMode="numeric" value={level} onChange={(e) => setLevel(e.target.value)} className={CONTROL} />
        </div>
        <div className="flex items-end">
          <button type="submit" className={`min-h-11 rounded-md bg-primary px-4 text-sm font-medium text-primary-foreground ${FOCUS}`}>Show</button>
        </div>
      </form>
      {state.error && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{state.error}</p>}
      <div aria-busy={state.loading || undefined} className={`transition-opacity ${state.loading ? 'opacity-60' : ''}`}>
        <p className="mb-2 text-sm text-muted-foreground" data-low-count>{caption}</p>
        {list.data.length === 0 ? (
          !state.error && <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground" data-low-empty>No pack is that low. Good morning.</p>
        ) : (
          <div className="overflow-x-auto rounded-lg border border-border">
            <table className="w-full min-w-[40rem] text-sm">
              <caption className="sr-only">{caption}, fewest first</caption>
              <thead className="bg-muted/50">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left font-medium">Product and pack</th>
                  <th scope="col" className="px-3 py-2 text-left font-medium">Warehouse</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">In stock</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">Price</th>
                  <th scope="col" className="px-3 py-2 text-left font-medium"><span className="sr-only">Ledger</span></th>
                </tr>
              </thead>
              <tbody>
                {list.data.map((row) => (
                  <tr key={`${row.pack_id}-${row.warehouse_id}`} className="border-t border-border" data-low-row={row.pack_id}>
                    <th scope="row" className="px-3 py-2 text-left font-normal">
                      <a href={`/bos/admin/products/${row.product_id}`} className={`font-medium ${LINK}`}>{row.product_name}</a>
                      <span className="block text-xs text-muted-foreground">{row.pack_name}</span>
                    </th>
                    <td className="px-3 py-2">{row.warehouse_name}</td>
                    <td className="px-3 py-2 text-right">
                      <span className={`font-semibold tabular-nums ${row.level === 0 ? 'text-red-800' : ''}`}>{row.level.toLocaleString('en-IN')}</span>
                      {row.level === 0 && <span className="block text-xs text-red-800">Sold out</span>}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">{formatRupees(toRupees(row.price))}</td>
                    <td className="px-3 py-2">
                      <a href={ledgerHref({ pack: row.pack_id, warehouse: String(row.warehouse_id), page: 1 })} className={LINK} aria-label={`Ledger and adjust: ${row.product_name}, ${row.pack_name} in ${row.warehouse_name}`}>Ledger and adjust</a>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
      {list.meta.total > 0 && (
        <Pagination
          label="Low-stock pages"
          total={list.meta.total}
          perPage={LOW_STOCK_PER_PAGE}
          page={query.page}
          {...(client ? { onPageChange: (page: number) => void showLowStock(client, { page }) } : { hrefFor: (page: number) => lowStockHref({ ...query, page }) })}
        />
      )}
    </div>
  );
}
