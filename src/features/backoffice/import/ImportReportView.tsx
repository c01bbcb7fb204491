import type { ImportReport, ImportRowResult } from '../../../contract/bos-import';
import { Pagination } from '../../../ui/Pagination';
import { applyVerdict, columnName, filterCounts, filterRows, outcomeLabel, pageOfRows, problemText, ROW_FILTERS, ROWS_PER_PAGE, summaryText } from './import';
import { showPage, showRows, type ImportState } from './store';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const BUTTON = `inline-flex min-h-11 items-center rounded-md px-4 text-sm font-medium disabled:opacity-50 ${FOCUS}`;
const OUTCOME_STYLE = {
  created: 'bg-green-100 text-green-900',
  updated: 'bg-sky-100 text-sky-900',
  unchanged: 'bg-muted text-foreground',
  error: 'bg-red-100 text-red-900',
} as const;

/**
 * A checked (or imported) file's report: the totals, why Import cannot be pressed, the rows by outcome a page at a
 * time (each with what changes or each error with its row and column), and the Import button.
 */
export function ImportReportView({ state, report, onApply }: { state: ImportState; report: ImportReport; onApply: (() => void) | null }) {
  const verdict = applyVerdict(report);
  const counts = filterCounts(report.totals);
  const kept = filterRows(report.rows, state.filter);
  const { rows, page } = pageOfRows(kept, state.page);
  const applied = report.applied;
  return (
    <section aria-labelledby="import-report-title" className="flex flex-col gap-4" data-import-report>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="import-report-title" className="text-base font-semibold">{applied ? 'Imported' : '2. What the file will do'}</h2>
        <p className="text-sm" data-import-summary>{summaryText(report.totals)}</p>
      </div>
      <Totals report={report} />
      {!verdict.can && report.totals.errors > 0 && !applied && (
        <p id="import-apply-why" role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900" data-import-has-errors>
          {verdict.why}
        </p>
      )}
      <div role="group" aria-label="Show rows" className="flex flex-wrap gap-2">
        {ROW_FILTERS.map(({ value, label }) => (
          <button
            key={value}
            type="button"
            aria-pressed={state.filter === value}
            onClick={() => showRows(value)}
            className={`flex min-h-11 items-center gap-2 rounded-full border px-4 text-sm ${FOCUS} ${state.filter === value ? 'border-primary bg-primary text-primary-foreground' : 'border-border hover:border-primary'}`}
            data-import-filter={value}
          >
            {label}
            <span className={`rounded-full px-2 text-xs font-semibold tabular-nums ${state.filter === value ? 'bg-primary-foreground text-primary' : 'bg-muted'}`}>{counts[value].toLocaleString('en-IN')}</span>
          </button>
        ))}
      </div>
      {rows.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border p-6 text-center text-sm text-muted-foreground">No rows here.</p>
      ) : (
        <RowTable rows={rows} columns={report.columns} caption={`${ROW_FILTERS.find((f) => f.value === state.filter)!.label}: ${kept.length.toLocaleString('en-IN')}, page ${page}`} />
      )}
      {kept.length > ROWS_PER_PAGE && <Pagination label="Pages of rows" total={kept.length} perPage={ROWS_PER_PAGE} page={page} onPageChange={showPage} />}
      {!applied && (
        <div className="flex flex-wrap items-center gap-3 border-t border-border pt-4">
          <button type="button" className={`${BUTTON} bg-primary text-primary-foreground`} disabled={!verdict.can || !onApply || state.phase === 'applying'} aria-describedby={verdict.can ? undefined : 'import-apply-why'} onClick={() => onApply?.()} data-import-apply>
            {state.phase === 'applying' ? 'Importing…' : '3. Import into the shop'}
          </button>
          {!verdict.can && report.totals.errors === 0 && <p id="import-apply-why" className="text-sm text-muted-foreground">{verdict.why}</p>}
        </div>
      )}
    </section>
  );
}

function Totals({ report }: { report: ImportReport }) {
  const { totals } = report;
  const items: [string, number][] = [
    ['Rows', totals.rows],
    ['New packs', totals.created],
    ['New products', totals.products_created],
    ['Changed', totals.updated],
    ['Unchanged', totals.unchanged],
    ['Errors', totals.errors],
  ];
  return (
    <dl className="grid grid-cols-3 gap-2 md:grid-cols-6" data-import-totals>
      {items.map(([label, n]) => (
        <div key={label} className={`rounded-lg border p-3 ${label === 'Errors' && n > 0 ? 'border-red-300 bg-red-50' : 'border-border'}`}>
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="text-lg font-semibold tabular-nums">{n.toLocaleString('en-IN')}</dd>
        </div>
      ))}
    </dl>
  );
}

function RowTable({ rows, columns, caption }: { rows: ImportRowResult[]; columns: string[]; caption: string }) {
  const TH = 'px-3 py-2 text-left font-medium';
  const TD = 'px-3 py-2 align-top';
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full min-w-[44rem] text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted/50">
          <tr>
            <th scope="col" className={`${TH} text-right`}>Row</th>
            <th scope="col" className={TH}>Outcome</th>
            <th scope="col" className={TH}>Product</th>
            <th scope="col" className={TH}>Pack</th>
            <th scope="col" className={TH}>What changes, or what is wrong</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.row} className={`border-t border-border ${r.outcome === 'error' ? 'bg-red-50/50' : ''}`} data-import-row={r.row} data-outcome={r.outcome}>
              <th scope="row" className={`${TD} text-right font-medium tabular-nums`}>{r.row}</th>
              <td className={TD}>
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${OUTCOME_STYLE[r.outcome]}`}>{outcomeLabel(r.outcome)}</span>
              </td>
              <td className={`${TD} break-all`}>
                {r.product_slug || <span className="text-muted-foreground">—</span>}
                {r.new_product && r.outcome !== 'error' && <span className="block text-xs text-muted-foreground">new product</span>}
              </td>
              <td className={TD}>
                {r.pack_name || <span className="text-muted-foreground">—</span>}
                {r.warehouse_code && <span className="block text-xs text-muted-foreground">from {r.warehouse_code}</span>}
              </td>
              <td className={TD}>
                {r.errors.length > 0 ? (
                  <ul className="flex flex-col gap-1 text-red-900">
                    {r.errors.map((problem, i) => <li key={i} data-import-error>{problemText(r.row, problem, columns)}</li>)}
                  </ul>
                ) : r.changed.length > 0 ? (
                  r.changed.map((column) => columnName(column, columns)).join(', ')
                ) : (
                  <span className="text-muted-foreground">{r.outcome === 'created' ? 'Added' : 'Nothing'}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
