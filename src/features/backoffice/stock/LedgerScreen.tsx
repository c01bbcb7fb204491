import { useStore } from '@nanostores/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { bosProductsApi } from '../../../lib/api/bos-products';
import { formatDateTime } from '../../../lib/format';
import { Field } from '../../../ui/Field';
import { Pagination } from '../../../ui/Pagination';
import { useHydrated } from '../../../ui/use-hydrated';
import { signedUnits } from '../products/amounts';
import { adjustPreview, entryBy, LEDGER_PER_PAGE, ledgerHref, readLedgerQuery, REASON_LABELS, STAFF_REASONS } from './stock';
import { $ledger, adjust, seededLedger, seedLedger, showLedger, typeAdjust, whereOf, type LedgerSeed, type LedgerState } from './store';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const BUTTON = `inline-flex min-h-11 items-center rounded-md px-4 text-sm font-medium disabled:opacity-50 ${FOCUS}`;
const LINK = `text-primary underline underline-offset-2 ${FOCUS}`;

/**
 * /bos/admin/stock/{pack}: a pack's level in its warehouse, the adjustment form (a count, goods received, damage,
 * with a note) that says what it will do before it is sent, and the ledger: every move newest first, with its
 * reason, who made it and when (India's time), the change and the level after. Server-rendered from the address;
 * hydrated on load, it then pages and adjusts on its own.
 */
export default function LedgerScreen(props: LedgerSeed) {
  const hydrated = useHydrated();
  const live = useStore($ledger);
  useEffect(() => {
    seedLedger(props);
    const back = () => void showLedger(bosProductsApi(), readLedgerQuery(props.query.pack, new URLSearchParams(location.search)), { remember: () => {} });
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, []);
  const state: LedgerState = hydrated && live ? live : seededLedger(props);
  const client = hydrated ? bosProductsApi() : null;
  const { ledger, query, form, problems } = state;
  const where = whereOf(state);
  const reportRef = useRef<HTMLDivElement>(null);
  const amountName = 'amount';
  const chosen = STAFF_REASONS.find((r) => r.value === form.reason)!;
  const preview = where ? adjustPreview(form, where.level) : null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!client) return;
    const formEl = event.currentTarget;
    if (await adjust(client)) reportRef.current?.focus();
    else setTimeout(() => formEl.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 30);
  };

  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col gap-1">
        <a href="/bos/admin/stock" className={`text-sm ${LINK}`}>← Low stock</a>
        <h1 className="text-2xl font-semibold">
          <span className="sr-only">Stock of </span>
          <a href={`/bos/admin/products/${ledger.pack.product_id}`} className={LINK}>{ledger.pack.product_name}</a>, {ledger.pack.name}
        </h1>
        {ledger.stock.length > 1 && (
          <nav aria-label="Warehouses" className="mt-1">
            <ul className="flex flex-wrap gap-2">
              {ledger.stock.map((s) => (
                <li key={s.warehouse_id}>
                  <a href={ledgerHref({ ...query, warehouse: String(s.warehouse_id), page: 1 })} aria-current={where?.warehouse_id === s.warehouse_id ? 'page' : undefined} className={`flex min-h-11 items-center rounded-full border px-4 text-sm ${FOCUS} ${where?.warehouse_id === s.warehouse_id ? 'border-primary bg-primary text-primary-foreground' : 'border-border'}`}>
                    {s.warehouse_name}: {s.level.toLocaleString('en-IN')}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>

      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-labelledby="stock-now" className="flex flex-col gap-4 rounded-lg border border-border p-4">
          <h2 id="stock-now" className="text-lg font-semibold">
            {where ? <>In stock in {where.warehouse_name}: <span className="tabular-nums" data-stock-level>{where.level.toLocaleString('en-IN')}</span></> : 'Not kept in any warehouse'}
          </h2>
          <div ref={reportRef} tabIndex={-1} role="status" aria-live="polite" className="outline-none" data-stock-report>
            {state.report && <p className={`rounded-md p-3 text-sm ${state.report.tone === 'success' ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}>{state.report.text}</p>}
          </div>
          {where && (
            <form noValidate onSubmit={onSubmit} aria-label="Adjust the stock" className="flex flex-col gap-3" data-stock-form>
              <Field
                name="reason"
                type="radio"
                label="What happened"
                value={form.reason}
                onChange={(v) => typeAdjust({ ...form, reason: STAFF_REASONS.find((r) => r.value === v)?.value ?? 'count' })}
                options={STAFF_REASONS.map((r) => ({ value: r.value, label: r.label }))}
              />
              <Field name={amountName} label={chosen.amount} required inputMode="numeric" value={form.amount} onChange={(v) => typeAdjust({ ...form, amount: String(v) })} error={problems.amount} description={chosen.hint} />
              <Field name="note" label="Note (optional)" value={form.note} onChange={(v) => typeAdjust({ ...form, note: String(v) })} error={problems.note} placeholder="Morning count, supplier's invoice number…" />
              {problems._ && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">{problems._}</p>}
              <div className="flex flex-wrap items-center gap-3">
                <button type="submit" disabled={!client || state.saving} aria-busy={state.saving || undefined} className={`${BUTTON} bg-primary text-primary-foreground`} data-stock-submit>
                  {state.saving ? 'Saving…' : form.reason === 'count' ? 'Set the level' : form.reason === 'received' ? 'Add to stock' : 'Take from stock'}
                </button>
                <span className="text-sm text-muted-foreground" aria-live="polite" data-stock-preview>{preview ? `Level ${preview}` : ''}</span>
              </div>
            </form>
          )}
        </section>

        <section aria-labelledby="stock-ledger" className="flex min-w-0 flex-col gap-3">
          <h2 id="stock-ledger" className="text-lg font-semibold">Ledger <span className="text-sm font-normal text-muted-foreground">({ledger.meta.total.toLocaleString('en-IN')} entries, newest first)</span></h2>
          {state.error && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{state.error}</p>}
          <div aria-busy={state.loading || undefined} className={`transition-opacity ${state.loading ? 'opacity-60' : ''}`}>
            {ledger.data.length === 0 ? (
              <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">No stock has moved yet.</p>
            ) : (
              <div className="overflow-x-auto rounded-lg border border-border">
                <table className="w-full min-w-[36rem] text-sm" data-ledger>
                  <caption className="sr-only">Stock ledger of {ledger.pack.product_name}, {ledger.pack.name}, newest first</caption>
                  <thead className="bg-muted/50">
                    <tr>
                      <th scope="col" className="px-3 py-2 text-left font-medium">When</th>
                      <th scope="col" className="px-3 py-2 text-left font-medium">Reason</th>
                      <th scope="col" className="px-3 py-2 text-left font-medium">Who</th>
                      <th scope="col" className="px-3 py-2 text-right font-medium">Change</th>
                      <th scope="col" className="px-3 py-2 text-right font-medium">Level after</th>
                    </tr>
                  </thead>
                  <tbody>
                    {ledger.data.map((entry) => (
                      <tr key={entry.id} className={`border-t border-border ${state.fresh === entry.id ? 'bg-green-50' : ''}`} data-ledger-entry={entry.reason}>
                        <td className="whitespace-nowrap px-3 py-2"><time dateTime={entry.at}>{formatDateTime(entry.at)}</time></td>
                        <td className="px-3 py-2">
                          {REASON_LABELS[entry.reason]}
                          {entry.order && <> · <a href={`/bos/admin/orders/${entry.order.id}`} className={LINK}>{entry.order.ordernumber}</a></>}
                          {entry.note && <span className="block text-xs text-muted-foreground">{entry.note}</span>}
                        </td>
                        <td className="px-3 py-2">{entryBy(entry)}</td>
                        <td className={`px-3 py-2 text-right font-medium tabular-nums ${entry.change < 0 ? 'text-red-800' : 'text-green-800'}`}>{signedUnits(entry.change)}</td>
                        <td className="px-3 py-2 text-right tabular-nums">{entry.level_after.toLocaleString('en-IN')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </div>
          {ledger.meta.total > LEDGER_PER_PAGE && (
            <Pagination
              label="Ledger pages"
              total={ledger.meta.total}
              perPage={LEDGER_PER_PAGE}
              page={query.page}
              {...(client ? { onPageChange: (page: number) => void showLedger(client, { page }) } : { hrefFor: (page: number) => ledgerHref({ ...query, page }) })}
            />
          )}
        </section>
      </div>
    </div>
  );
}
