import type { Cart } from '../../contract/cart';
import type { Product } from '../../contract/catalogue';
import { formatRupees } from '../../lib/money';
import { imageSrc } from '../../lib/images';
import { Pagination } from '../../ui/Pagination';
import { packsForCard } from '../catalogue/packs';
import type { CatalogueSearchState } from './order-for-customer';
import { searchUrl } from './order-for-customer-search';
import { canAddMore, quantityInCart } from './order-for-customer-view';
import OrderForCustomerStepper from './OrderForCustomerStepper';
import { plural } from '../../contract/plural';

interface Props {
  search: CatalogueSearchState;
  cart: Cart;
  /** This page's path: the search form's GET target, and the base of its page links before hydration. */
  path: string;
  hydrated: boolean;
  pendingPacks: number[];
  packErrors: Record<number, string>;
  onType: (q: string) => void;
  onSearch: (q: string, page: number) => void;
  onAdd: (pack: Product['packs'][number]) => void;
  onRemoveOne: (packId: number) => void;
  onSet: (pack: Product['packs'][number], have: number, quantity: number) => void;
}

/**
 * The catalogue search: a search field (results follow the typing, after a pause), and each product found with
 * its packs, prices and Add, or the quantity already in the order. A GET form, so Enter and reload keep the search.
 */
export default function OrderForCustomerSearch({ search, cart, path, hydrated, pendingPacks, packErrors, onType, onSearch, onAdd, onRemoveOne, onSet }: Props) {
  return (
    <div className="flex flex-col gap-3">
      <form
        role="search"
        aria-label="Products for this order"
        method="get"
        action={path}
        onSubmit={(e) => {
          e.preventDefault();
          onSearch(search.q, 1);
        }}
        className="flex gap-2"
      >
        <label htmlFor="order-search" className="sr-only">Find products to add</label>
        <input
          id="order-search"
          type="search"
          name="q"
          value={search.q}
          onChange={(e) => onType(e.target.value)}
          placeholder="Search products, e.g. atta, toor dal"
          autoComplete="off"
          enterKeyHint="search"
          className="h-11 min-w-0 flex-1 rounded-full border border-border bg-background px-4 text-base focus:border-primary"
        />
        <button type="submit" className="min-h-11 rounded-full bg-primary px-4 font-medium text-primary-foreground">Search</button>
      </form>
      <p className="sr-only" aria-live="polite">{search.busy ? 'Searching…' : `${plural(search.total, 'product', 'products')} found`}</p>
      {search.error && <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-800">{search.error}</p>}
      {!search.busy && !search.error && search.results.length === 0 && (
        <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground" data-search-empty>No products match “{search.q.trim()}”.</p>
      )}
      <ul className={`flex flex-col divide-y divide-border rounded-lg border border-border ${search.busy ? 'opacity-60' : ''}`} aria-label="Products found" aria-busy={search.busy || undefined}>
        {search.results.map((product) => (
          <li key={product.product_id} className="flex gap-3 p-3" data-search-result={product.slug}>
            <img src={imageSrc(product.image || product.medias[0]?.src)} alt="" width={48} height={48} loading="lazy" className="h-12 w-12 shrink-0 sm:h-14 sm:w-14 rounded-md bg-muted object-contain" />
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <span className="text-sm font-medium">{product.product_name}</span>
              {product.brand_name && <span className="text-xs text-muted-foreground">{product.brand_name}</span>}
              <ul className="flex flex-col gap-1" aria-label={`Packs of ${product.product_name}`}>
                {packsForCard(product.packs).map((pack) => {
                  const have = quantityInCart(cart, pack.pack_id);
                  const label = `${product.product_name}, ${pack.pack_name}`;
                  const busy = pendingPacks.includes(pack.pack_id);
                  return (
                    <li key={pack.pack_id} className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1" data-search-pack={pack.pack_id}>
                      <span className="flex min-w-0 flex-col text-sm sm:flex-row sm:items-baseline sm:gap-3">
                        <span className="font-medium sm:min-w-16">{pack.pack_name}</span>
                        <span>
                          <span className="font-semibold">{formatRupees(pack.price)}</span>
                          {pack.act_price > pack.price && <s className="ml-1 text-xs text-muted-foreground">{formatRupees(pack.act_price)}</s>}
                        </span>
                      </span>
                      {!pack.in_stock ? (
                        <span className="text-xs text-muted-foreground">Out of stock</span>
                      ) : have > 0 ? (
                        <OrderForCustomerStepper compact label={label} quantity={have} busy={busy} canAdd={canAddMore(pack, have)} onAdd={() => onAdd(pack)} onRemoveOne={() => onRemoveOne(pack.pack_id)} onSet={(q) => onSet(pack, have, q)} />
                      ) : (
                        <button type="button" disabled={busy} aria-busy={busy || undefined} onClick={() => onAdd(pack)} aria-label={`Add ${label}`} className="min-h-11 min-w-20 rounded-full border border-primary px-4 text-sm font-semibold text-primary disabled:opacity-50">
                          Add
                        </button>
                      )}
                      {packErrors[pack.pack_id] && <p role="alert" className="w-full text-xs text-red-700">{packErrors[pack.pack_id]}</p>}
                    </li>
                  );
                })}
              </ul>
            </div>
          </li>
        ))}
      </ul>
      {search.total > search.perPage && (
        <Pagination
          total={search.total}
          perPage={search.perPage}
          page={search.page}
          {...(hydrated ? { onPageChange: (page: number) => onSearch(search.q, page) } : { hrefFor: (page: number) => searchUrl(path, search.q, page) })}
        />
      )}
    </div>
  );
}
