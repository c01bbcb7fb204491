import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { bosImportApi } from '../../../lib/api/bos-import';
import { useConfirm } from '../../../ui/Confirm';
import { useHydrated } from '../../../ui/use-hydrated';
import { ColumnHelp } from './ColumnHelp';
import { applyQuestion, sizeText } from './import';
import { ImportReportView } from './ImportReportView';
import { $import, applyFile, chooseFile, type ImportState } from './store';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const BUTTON = `inline-flex min-h-11 items-center rounded-md px-4 text-sm font-medium disabled:opacity-50 ${FOCUS}`;

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
        {state.report && <ImportReportView state={state} report={state.report} onApply={client && (() => void apply())} />}
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
