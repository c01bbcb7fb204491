import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { BosPack, BosProductOptions, BosProductRow } from '../../../contract/bos-products';
import { bosProductsApi } from '../../../lib/api/bos-products';
import { imageUrl } from '../../../lib/images';
import { formatRupees, toRupees } from '../../../lib/money';
import { useConfirm } from '../../../ui/Confirm';
import { Pagination } from '../../../ui/Pagination';
import { useHydrated } from '../../../ui/use-hydrated';
import { activeFilters, listCaption, NO_FILTERS, productsHref, readProductsQuery, STATUS_LABELS, STATUSES, type ProductsQuery } from './list';
import { cellValue, EDIT_MODE_LABELS, EDIT_MODES, levelOf, QUICK_FIELD_LABELS, type EditMode, type QuickField, type RowEdit } from './quick-edit';
import { $products, followAddress, saveRow, seededProducts, seedProducts, setMode, showProducts, typeCell, undoRow, unsavedRows, type ProductsSeed, type ProductsState } from './store';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const BUTTON = `inline-flex min-h-11 items-center rounded-md px-4 text-sm font-medium disabled:opacity-50 ${FOCUS}`;
const CONTROL = `h-11 w-full rounded-md border border-border bg-background px-3 text-sm ${FOCUS}`;
const LINK = `text-primary underline underline-offset-2 ${FOCUS}`;
const SEARCH_AFTER_MS = 300;
const rupees = (paise: number) => formatRupees(toRupees(paise));

/** Which cells each mode lets one type into. */
const MODE_FIELDS: Record<EditMode, QuickField[]> = { stock: ['level'], price: ['price', 'mrp'] };

/**
 * /bos/admin/products: the shop's products, a page at a time, each with its packs, their prices and stock. A
 * search as typed, filters (category, brand, status, low stock) and the page, all in the address. The quick edit
 * types straight into the list: "Count stock" makes the stock cells fields (Tab goes from one to the next), "Change
 * prices" the price and MRP cells; Enter saves the row, Escape undoes it, ↑ and ↓ move between rows. Server-rendered
 * from the address; hydrated on load, it then searches and saves on its own.
 */
export default function ProductsScreen(props: ProductsSeed & { options: BosProductOptions; deleted?: boolean }) {
  const hydrated = useHydrated();
  const live = useStore($products);
  useEffect(() => {
    seedProducts(props);
    const back = () => void followAddress(bosProductsApi(), readProductsQuery(new URLSearchParams(location.search)));
    addEventListener('popstate', back);
    // Typing not saved is lost by leaving: the browser asks first.
    const leaving = (event: BeforeUnloadEvent) => {
      if (unsavedRows().length === 0) return;
      event.preventDefault();
      event.returnValue = '';
    };
    addEventListener('beforeunload', leaving);
    return () => {
      removeEventListener('popstate', back);
      removeEventListener('beforeunload', leaving);
    };
  }, []);
  const state: ProductsState = hydrated && live ? live : seededProducts(props);
  const client = hydrated ? bosProductsApi() : null;
  const { query, list } = state;
  const [confirmDialog, ask] = useConfirm();
  const [typed, setTyped] = useState(props.query.q);
  const [spoken, setSpoken] = useState('');

  /** A new view; typing not saved in the rows shown is lost by it, so it is asked first. */
  const show = async (change: Partial<ProductsQuery>) => {
    if (!client) return;
    const rows = unsavedRows().length;
    if (rows > 0) {
      const yes = await ask({
        title: 'Changes not saved',
        message: `${rows === 1 ? '1 row has' : `${rows} rows have`} changes that are not saved. Show the other products and drop them? (Press Enter in a row to save it.)`,
        confirmText: 'Drop the changes',
        cancelText: 'Stay here',
      });
      if (!yes) return;
      for (const id of unsavedRows()) undoRow(id);
    }
    await showProducts(client, change);
  };

  // Typing searches once it pauses.
  useEffect(() => {
    if (!client || typed.trim() === query.q) return;
    const timer = setTimeout(() => void show({ q: typed }), SEARCH_AFTER_MS);
    return () => clearTimeout(timer);
  }, [typed, hydrated]);
  useEffect(() => setTyped((shown) => (shown.trim() === query.q ? shown : query.q)), [query.q]);

  const onSearch = (event: FormEvent) => {
    if (!client) return;
    event.preventDefault();
    void show({ q: typed });
  };
  const names = {
    category: props.options.categories.find((c) => String(c.id) === query.category)?.name,
    brand: props.options.brands.find((b) => String(b.id) === query.brand)?.name,
  };
  const caption = listCaption(list.meta.total, query, names);
  const filters = activeFilters(query);

  const save = async (pack: BosPack, row: BosProductRow) => {
    if (!client) return;
    await saveRow(client, pack.id);
    const after = $products.get();
    const said = after?.said[pack.id];
    const refused = after?.edits[pack.id]?.problem;
    setSpoken(said ? `${row.name}, ${pack.name}: ${said}` : refused ? `${row.name}, ${pack.name}: not saved. ${refused.message}` : '');
  };

  return (
    <div className="flex flex-col gap-4">
      {props.deleted && <p role="status" className="rounded-md bg-green-50 p-3 text-sm text-green-900" data-products-deleted>The product is deleted.</p>}
      <form role="search" aria-label="Products" action="/bos/admin/products" method="get" onSubmit={onSearch} className="grid gap-3 rounded-lg border border-border p-3 sm:grid-cols-2 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))_auto]">
        <div className="flex flex-col gap-1">
          <label htmlFor="products-q" className="text-sm font-medium">Search</label>
          <input
            id="products-q"
            name="q"
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="Name, address or barcode"
            maxLength={120}
            autoComplete="off"
            aria-controls="products-list"
            className={CONTROL}
            data-products-search
          />
        </div>
        <Choice id="products-category" name="category" label="Category" any="Any category" value={query.category} onChange={(category) => void show({ category })} choices={props.options.categories.map((c) => ({ value: String(c.id), label: c.path || c.name }))} />
        <Choice id="products-brand" name="brand" label="Brand" any="Any brand" value={query.brand} onChange={(brand) => void show({ brand })} choices={props.options.brands.map((b) => ({ value: String(b.id), label: b.name }))} />
        <Choice id="products-status" name="status" label="Status" any="On sale or hidden" value={query.status} onChange={(status) => void show({ status: status as ProductsQuery['status'] })} choices={STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))} />
        <div className="flex items-end gap-3">
          <label className="flex min-h-11 items-center gap-2 text-sm">
            <input type="checkbox" name="low" value="1" checked={query.low} onChange={(e) => void show({ low: e.currentTarget.checked })} className={`h-5 w-5 accent-[var(--color-primary)] ${FOCUS}`} data-products-low />
            Low stock only
          </label>
          {filters > 0 && (
            <a
              href={productsHref({ ...query, ...NO_FILTERS, q: query.q, page: 1 })}
              onClick={(e) => {
                if (!client) return;
                e.preventDefault();
                void show({ category: '', brand: '', status: '', low: false });
              }}
              className={`${BUTTON} border border-border px-3`}
            >
              Clear filters
            </a>
          )}
        </div>
      </form>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <fieldset className="flex flex-wrap items-center gap-2" data-edit-mode>
          <legend className="sr-only">Quick edit</legend>
          <span className="text-sm font-medium" aria-hidden="true">Quick edit:</span>
          {EDIT_MODES.map((mode) => (
            <label key={mode} className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-full border px-4 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary ${state.mode === mode ? 'border-primary bg-primary text-primary-foreground' : 'border-border hover:border-primary'}`}>
              <input type="radio" name="edit-mode" value={mode} checked={state.mode === mode} onChange={() => setMode(mode)} disabled={!client} className="sr-only" />
              {EDIT_MODE_LABELS[mode]}
            </label>
          ))}
        </fieldset>
        <p id="quick-edit-help" className="text-sm text-muted-foreground">
          Type in a cell: <kbd className="rounded border border-border px-1 font-mono text-xs">Enter</kbd> saves the row, <kbd className="rounded border border-border px-1 font-mono text-xs">Esc</kbd> undoes it, <kbd className="rounded border border-border px-1 font-mono text-xs">↑</kbd> <kbd className="rounded border border-border px-1 font-mono text-xs">↓</kbd> move between rows. A count is kept in the stock ledger.
        </p>
      </div>

      {state.error && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md bg-red-50 p-3 text-sm text-red-900" data-products-error>
          <p>{state.error}</p>
          {client && <button type="button" className={`${BUTTON} border border-border bg-background`} onClick={() => void showProducts(client, {}, { reload: true })}>Try again</button>}
        </div>
      )}
      <p role="status" aria-live="polite" className="sr-only" data-products-spoken>{spoken}</p>

      <div id="products-list" aria-busy={state.loading || undefined} className={`transition-opacity ${state.loading ? 'opacity-60' : ''}`}>
        <p className="mb-2 text-sm text-muted-foreground" data-products-count>{caption}</p>
        {list.data.length === 0 ? (
          !state.error && (
            <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground" data-products-empty>
              No product matches. {(query.q || filters > 0) && <a href="/bos/admin/products" className={LINK} onClick={(e) => client && (e.preventDefault(), setTyped(''), void show({ ...NO_FILTERS }))}>Show every product</a>}
            </p>
          )
        ) : (
          <ProductTable state={state} caption={caption} interactive={client !== null} onSave={save} />
        )}
      </div>
      {list.meta.total > 0 && (
        <Pagination
          label="Product pages"
          total={list.meta.total}
          perPage={query.perPage}
          page={query.page}
          {...(client
            ? { onPageChange: (page: number) => void show({ page }), onPerPageChange: (perPage: number) => void show({ perPage }) }
            : { hrefFor: (page: number) => productsHref({ ...query, page }) })}
        />
      )}
      {client && confirmDialog}
    </div>
  );
}

function Choice({ id, name, label, any, value, onChange, choices }: { id: string; name: string; label: string; any: string; value: string; onChange: (value: string) => void; choices: { value: string; label: string }[] }) {
  // A value the address holds that is not offered (a brand since removed) stays shown, by its number.
  const shown = value && !choices.some((c) => c.value === value) ? [...choices, { value, label: `#${value}` }] : choices;
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      <select id={id} name={name} value={value} onChange={(e) => onChange(e.target.value)} className={CONTROL}>
        <option value="">{any}</option>
        {shown.map((c) => <option key={c.value} value={c.value}>{c.label}</option>)}
      </select>
    </div>
  );
}

/** The cell a key moves to: the same field of the row above or below (the stock column, say). */
function moveTo(from: HTMLInputElement, step: 1 | -1): boolean {
  const field = from.dataset.quick;
  const cells = [...document.querySelectorAll<HTMLInputElement>(`input[data-quick="${field}"]`)];
  const next = cells[cells.indexOf(from) + step];
  if (!next) return false;
  next.focus();
  next.select();
  return true;
}

function ProductTable({ state, caption, interactive, onSave }: { state: ProductsState; caption: string; interactive: boolean; onSave: (pack: BosPack, row: BosProductRow) => Promise<void> }) {
  const TH = 'px-3 py-2 text-left font-medium';
  const TD = 'px-3 py-2 align-top';
  const fields = MODE_FIELDS[state.mode];
  const threshold = state.list.meta.threshold;
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full min-w-[46rem] text-sm" aria-describedby="quick-edit-help">
        <caption className="sr-only">{caption}: each product with its packs, their stock and prices</caption>
        <thead className="bg-muted/50">
          <tr>
            <th scope="col" className={TH}>Product</th>
            <th scope="col" className={`${TH} max-lg:hidden`}>Category and brand</th>
            <th scope="col" className={TH}>Pack</th>
            <th scope="col" className={`${TH} text-right`}>Stock</th>
            <th scope="col" className={`${TH} text-right`}>Price</th>
            <th scope="col" className={`${TH} text-right`}>MRP</th>
            <th scope="col" className={TH}><span className="sr-only">Saved</span></th>
          </tr>
        </thead>
        {state.list.data.map((row) => {
          const packs = row.packs.length > 0 ? row.packs : [null];
          const image = imageUrl(row.image, 'full');
          return (
            <tbody key={row.id} className="border-t border-border" data-product-row={row.slug}>
              {packs.map((pack, i) => (
                <tr key={pack?.id ?? 'none'} className={i > 0 ? 'border-t border-dashed border-border' : ''} data-pack-row={pack?.id}>
                  {i === 0 && (
                    <>
                      <th scope="rowgroup" rowSpan={packs.length} className={`${TD} text-left font-normal`}>
                        <div className="flex items-start gap-3">
                          {image ? <img src={image} alt="" width="48" height="48" loading="lazy" className="h-12 w-12 shrink-0 rounded border border-border bg-muted object-contain" /> : <span aria-hidden="true" className="h-12 w-12 shrink-0 rounded border border-dashed border-border bg-muted" />}
                          <span className="min-w-0">
                            <a href={`/bos/admin/products/${row.id}`} className={`font-medium ${LINK}`} data-product-edit>{row.name}</a>
                            {row.status === 'hidden' && <span className="ml-2 inline-block rounded-full border border-border bg-muted px-2 py-0.5 text-xs font-semibold" data-product-hidden>Hidden</span>}
                            <span className="mt-0.5 block text-xs text-muted-foreground lg:hidden">{row.category.name} · {row.brand.name}</span>
                          </span>
                        </div>
                      </th>
                      <td rowSpan={packs.length} className={`${TD} max-lg:hidden`}>
                        {row.category.name}
                        <span className="block text-xs text-muted-foreground">{row.brand.name}</span>
                      </td>
                    </>
                  )}
                  {pack === null ? (
                    <td colSpan={5} className={`${TD} text-muted-foreground`}>No packs: <a href={`/bos/admin/products/${row.id}`} className={LINK}>add one</a></td>
                  ) : (
                    <PackCells pack={pack} row={row} edit={state.edits[pack.id]} said={state.said[pack.id]} fields={fields} threshold={threshold} interactive={interactive} onSave={onSave} />
                  )}
                </tr>
              ))}
            </tbody>
          );
        })}
      </table>
    </div>
  );
}

function PackCells({ pack, row, edit, said, fields, threshold, interactive, onSave }: {
  pack: BosPack; row: BosProductRow; edit: RowEdit | undefined; said: string | undefined; fields: QuickField[]; threshold: number; interactive: boolean; onSave: (pack: BosPack, row: BosProductRow) => Promise<void>;
}) {
  const TD = 'px-3 py-2 align-top';
  const level = levelOf(pack);
  const low = level <= threshold;
  const problemId = `quick-problem-${pack.id}`;
  const problem = edit?.state === 'refused' ? edit.problem : null;
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    if (event.key === 'Enter') {
      event.preventDefault();
      // The row saves while the focus goes on down the column: a refusal is said in the row and aloud.
      void onSave(pack, row);
      moveTo(input, 1);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      undoRow(pack.id);
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (moveTo(input, event.key === 'ArrowDown' ? 1 : -1)) event.preventDefault();
    }
  };
  const cell = (field: QuickField, shown: string) => {
    if (!fields.includes(field)) return <span className="tabular-nums">{shown}</span>;
    const wrong = problem !== null && (problem.field === field || (problem.field === null && field === fields[0]));
    return (
      <input
        type="text"
        inputMode={field === 'level' ? 'numeric' : 'decimal'}
        value={cellValue(pack, field, edit)}
        onChange={(e) => typeCell(pack.id, field, e.currentTarget.value)}
        onKeyDown={onKeyDown}
        onFocus={(e) => e.currentTarget.select()}
        readOnly={!interactive}
        aria-label={`${QUICK_FIELD_LABELS[field]} of ${row.name}, ${pack.name}${field === 'level' ? '' : ' (₹)'}`}
        aria-invalid={wrong || undefined}
        aria-describedby={wrong ? problemId : undefined}
        autoComplete="off"
        data-quick={field}
        data-pack={pack.id}
        className={`h-10 w-24 rounded-md border bg-background px-2 text-right text-sm tabular-nums ${FOCUS} ${wrong ? 'border-red-600' : edit && edit.state !== 'saved' && edit.typed[field] !== undefined ? 'border-amber-600 bg-amber-50' : 'border-border'}`}
      />
    );
  };
  return (
    <>
      <td className={TD}>
        {pack.name}
        {!pack.active && <span className="block text-xs text-muted-foreground">Inactive</span>}
      </td>
      <td className={`${TD} text-right`}>
        <span className="inline-flex items-center justify-end gap-2">
          {low && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900" data-low-stock>{level === 0 ? 'Out' : 'Low'}</span>}
          {cell('level', level.toLocaleString('en-IN'))}
        </span>
        <span className="block text-xs text-muted-foreground">
          <a href={`/bos/admin/stock/${pack.id}`} className={LINK} aria-label={`Stock ledger of ${row.name}, ${pack.name}`}>Ledger</a>
        </span>
      </td>
      <td className={`${TD} text-right`}>{cell('price', rupees(pack.price))}</td>
      <td className={`${TD} text-right`}>{cell('mrp', rupees(pack.mrp))}</td>
      <td className={`${TD} min-w-40 text-xs`} data-quick-state={edit?.state ?? (said ? 'saved' : undefined)}>
        {edit?.state === 'saving' && <span className="text-muted-foreground">Saving…</span>}
        {edit?.state === 'changed' && <span className="text-amber-900">Not saved: Enter saves</span>}
        {problem && <span id={problemId} className="font-medium text-red-700" data-quick-problem>{problem.message}</span>}
        {!edit && said && <span className="text-green-800" data-quick-saved><span aria-hidden="true">✓ </span>{said}</span>}
      </td>
    </>
  );
}
