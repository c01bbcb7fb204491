import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import type { ImportReport, ImportRowResult } from '../../../contract/bos-import';
import { bosImportApi, CATALOGUE_EXPORT_HREF } from '../../../lib/api/bos-import';
import { useConfirm } from '../../../ui/Confirm';
import { Pagination } from '../../../ui/Pagination';
import { useHydrated } from '../../../ui/use-hydrated';
import { IMPORT_COLUMN_HELP } from './columns';
import { applyQuestion, applyVerdict, filterCounts, filterRows, outcomeLabel, pageOfRows, problemText, ROW_FILTERS, ROWS_PER_PAGE, columnName, sizeText, summaryText } from './import';
import { $import, applyFile, chooseFile, showPage, showRows, type ImportState } from './store';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const BUTTON = `inline-flex min-h-11 items-center rounded-md px-4 text-sm font-medium disabled:opacity-50 ${FOCUS}`;
const OUTCOME_STYLE = {
  created: 'bg-green-100 text-green-900',
  updated: 'bg-sky-100 text-sky-900',
  unchanged: 'bg-muted text-foreground',
  error: 'bg-red-100 text-red-900',
} as const;

/**
 * /bos/admin/products/import: the catalogue from a spreadsheet. Choose or drop a CSV; it is checked at once (a dry
 * run: nothing changes) and every row's outcome is shown, errors with their row and column; Apply imports the file
 * in one transaction after a confirm step. Leaving a checked file that is not imported asks first.
 */
export default function ImportScreen() {
  const hydrated = useHydrated();
  const state = useStore($import);
  const client = hydrated ? bosImportApi() : null;
  const [confirmDialog, ask] = useConfirm();
  const results = useRef<HTMLDivElement>(null);

  // A checked file that is not imported is work: leaving the page asks first.
  useEffect(() => {
    if (state.phase !== 'checked' && state.phase !== 'applying') return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    addEventListener('beforeunload', warn);
    return () => removeEventListener('beforeunload', warn);
  }, [state.phase]);

  const apply = async () => {
    if (!client || !state.report) return;
    if (!(await ask({ title: 'Import this file?', message: applyQuestion(state.report.totals), confirmText: 'Import now', cancelText: 'Not yet' }))) return;
    await applyFile(client);
    results.current?.focus();
  };

  return (
    <div className="flex flex-col gap-6">
      <FileForm state={state} onChoose={client && ((file) => void chooseFile(client, file).then(() => results.current?.focus()))} />
      <div ref={results} tabIndex={-1} role="region" className="flex flex-col gap-4 outline-none" aria-label="The file's check" data-import-results>
        {state.notice && (
          <p role={state.notice.tone === 'error' ? 'alert' : 'status'} className={`rounded-md p-3 text-sm ${state.notice.tone === 'success' ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`} data-import-notice={state.notice.tone}>
            {state.notice.text}
            {state.phase === 'applied' && (
              <>
                {' '}
                <a href="/bos/admin/products" className={`font-medium underline ${FOCUS}`}>See the products</a>
              </>
            )}
          </p>
        )}
        {state.report && <Report state={state} report={state.report} onApply={client && (() => void apply())} />}
      </div>
      <ColumnHelp />
      {confirmDialog}
    </div>
  );
}

function FileForm({ state, onChoose }: { state: ImportState; onChoose: ((file: File | null) => void) | null }) {
  const id = useId();
  const [over, setOver] = useState(false);
  const busy = state.phase === 'checking' || state.phase === 'applying';
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped && onChoose) onChoose(dropped);
  };
  const errorId = `${id}-errors`;
  return (
    <section
      aria-labelledby={`${id}-title`}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      className={`flex flex-col gap-3 rounded-lg border-2 border-dashed p-4 ${over ? 'border-primary bg-primary/5' : 'border-border'}`}
      data-import-file
    >
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id={`${id}-title`} className="text-base font-semibold">1. Choose the file</h2>
        <p className="text-sm text-muted-foreground">A CSV (UTF-8) of up to 8 MB, one row per pack. Choose it or drop it here: it is checked first, nothing changes yet.</p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv"
          className="peer sr-only"
          disabled={busy || !onChoose}
          aria-invalid={state.fileErrors.length ? true : undefined}
          aria-describedby={state.fileErrors.length ? errorId : undefined}
          onChange={(event) => {
            onChoose?.(event.currentTarget.files?.[0] ?? null);
            event.currentTarget.value = '';
          }}
          data-import-input
        />
        {/* The input is hidden for its looks; its label is the button, showing the input's focus. */}
        <label
          htmlFor={`${id}-file`}
          className={`${BUTTON} cursor-pointer border border-border bg-background hover:bg-muted peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary ${busy || !onChoose ? 'pointer-events-none opacity-50' : ''}`}
        >
          Choose CSV file
        </label>
        <span className="min-w-0 truncate text-sm" aria-live="polite" title={state.file?.name}>
          {state.file ? `${state.file.name} (${sizeText(state.file.size)})` : 'No file chosen'}
        </span>
        {state.phase === 'checking' && (
          <span className="flex items-center gap-2 text-sm" role="status">
            <progress className="w-24" aria-label={`Checking ${state.file?.name ?? 'the file'}`} />
            Checking…
          </span>
        )}
      </div>
      {state.fileErrors.length > 0 && (
        <div id={errorId} role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900" data-import-file-errors>
          <p className="font-medium">This file cannot be imported:</p>
          <ul className="mt-1 list-disc pl-5">
            {state.fileErrors.map((message) => <li key={message}>{message}</li>)}
          </ul>
        </div>
      )}
    </section>
  );
}

function Report({ state, report, onApply }: { state: ImportState; report: ImportReport; onApply: (() => void) | null }) {
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

function ColumnHelp() {
  return (
    <details className="rounded-lg border border-border p-4" data-import-help>
      <summary className={`cursor-pointer text-sm font-medium ${FOCUS}`}>The file's columns</summary>
      <p className="mt-3 text-sm text-muted-foreground">
        One row per pack, the header first. Only product_slug, pack_name and warehouse_code are needed in every file: leave out a column to keep what
        the shop has (a stock count needs only those three and stock). <a href={CATALOGUE_EXPORT_HREF} className={`text-primary underline ${FOCUS}`}>The export</a> has every column.
      </p>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm md:grid-cols-[12rem_1fr]">
        {IMPORT_COLUMN_HELP.map(([column, help]) => (
          <div key={column} className="contents">
            <dt className="font-mono text-xs leading-5">{column}</dt>
            <dd className="text-muted-foreground">{help}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
