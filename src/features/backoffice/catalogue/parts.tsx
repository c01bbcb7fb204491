import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { safeUrl } from '../../../contract/safe-url';
import { useConfirm } from '../../../ui/Confirm';
import { Field } from '../../../ui/Field';
import { Modal } from '../../../ui/Modal';
import { pickedImage } from '../../page-builder/media/choose';
import { ChooseImage } from '../../page-builder/media/ChooseImage';

/** The Catalogue screens' pieces: the buttons' looks, the report line, the search box, the form dialog and the image field. */
export const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const BUTTON = `inline-flex min-h-11 items-center justify-center gap-1 rounded-md px-3 text-sm font-medium disabled:cursor-not-allowed disabled:opacity-50 ${FOCUS}`;
export const PRIMARY = `${BUTTON} bg-primary text-primary-foreground hover:opacity-90`;
export const SECONDARY = `${BUTTON} border border-border bg-background hover:border-primary`;
export const DANGER = `${BUTTON} border border-border bg-background hover:border-red-400 hover:text-red-800`;
export const ICON = `inline-flex size-11 items-center justify-center rounded-md border border-border bg-background text-base hover:border-primary disabled:cursor-not-allowed disabled:opacity-40 ${FOCUS}`;

/** The line that says what the last action did (a live region; the focus goes here when the button that acted is gone). */
export function Report({ report, boxRef }: { report: { tone: 'success' | 'error'; text: string } | null; boxRef: RefObject<HTMLDivElement | null> }) {
  return (
    <div role="status" aria-live="polite" tabIndex={-1} ref={boxRef} className="outline-none empty:hidden" data-catalogue-report>
      {report && <p className={`rounded-md p-3 text-sm ${report.tone === 'success' ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}>{report.text}</p>}
    </div>
  );
}

/** How long typing pauses before the list is asked again. */
const SEARCH_DELAY_MS = 300;

/**
 * A search that asks as you type (after a pause) once the island is awake; before that (or without script) a GET
 * form to the page itself, so the address keeps the search either way.
 */
export function SearchBox({ label, hint, value, action, onSearch }: { label: string; hint: string; value: string; action: string; onSearch: ((q: string) => void) | null }) {
  const id = useId();
  const [text, setText] = useState(value);
  const last = useRef(value);
  useEffect(() => {
    setText(value);
    last.current = value;
  }, [value]);
  useEffect(() => {
    if (!onSearch || text.trim() === last.current) return;
    const timer = setTimeout(() => {
      last.current = text.trim();
      onSearch(text);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <form
      role="search"
      method="get"
      action={action}
      className="flex min-w-0 flex-1 flex-wrap items-end gap-2"
      onSubmit={(event) => {
        if (!onSearch) return;
        event.preventDefault();
        last.current = text.trim();
        onSearch(text);
      }}
    >
      <div className="flex min-w-48 flex-1 flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">{label}</label>
        <input id={id} type="search" name="q" value={text} maxLength={80} placeholder={hint} onChange={(e) => setText(e.target.value)} className={`h-11 w-full rounded-md border border-border bg-background px-3 text-sm ${FOCUS}`} />
      </div>
      <button type="submit" className={SECONDARY}>Search</button>
    </form>
  );
}

/**
 * A form in a dialog: its fields, a general problem, Cancel and the submit button. With unsaved changes, Close,
 * Cancel and Escape ask before throwing them away, and leaving the page asks the browser's question.
 */
export function FormDialog(props: { open: boolean; title: string; dirty: boolean; busy: boolean; submitLabel: string; problem?: string; onSubmit: () => void; onClose: () => void; children: ReactNode; name: string }) {
  const [confirmDialog, ask] = useConfirm();
  const { dirty, open } = props;
  useEffect(() => {
    if (!open || !dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    addEventListener('beforeunload', warn);
    return () => removeEventListener('beforeunload', warn);
  }, [open, dirty]);
  const keep = async () => !dirty || (await ask({ title: 'Discard your changes?', message: 'What you typed in this form has not been saved.', confirmText: 'Discard changes', cancelText: 'Keep editing' }));
  return (
    <>
      <Modal open={open} title={props.title} hideFooter width={560} onClose={props.onClose} beforeClose={keep}>
        <form
          noValidate
          aria-label={props.name}
          className="flex flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            props.onSubmit();
          }}
        >
          {props.children}
          {props.problem && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">{props.problem}</p>}
          <div className="flex flex-wrap justify-end gap-2 pt-1">
            <button type="button" className={SECONDARY} onClick={async () => (await keep()) && props.onClose()}>Cancel</button>
            <button type="submit" className={PRIMARY} disabled={props.busy} aria-busy={props.busy || undefined}>{props.busy ? 'Saving…' : props.submitLabel}</button>
          </div>
        </form>
      </Modal>
      {confirmDialog}
    </>
  );
}

/**
 * An image by path or address: the field, a small look at it when the address is safe, and "Choose from library"
 * for those who may list the media library (website_setting:view).
 */
export function ImageField({ label, value, error, hint, onChange, canChooseMedia }: { label: string; value: string; error?: string; hint?: string; onChange: (value: string) => void; canChooseMedia: boolean }) {
  const shown = value.trim() ? safeUrl(value.trim(), 'web') : null;
  return (
    <Field name={label.toLowerCase()} label={label} type="custom" error={error} description={hint}>
      {({ id, describedBy, invalid }) => (
        <div className="flex flex-wrap items-center gap-2">
          <input id={id} type="text" value={value} placeholder="/images/… or https://…" aria-invalid={invalid || undefined} aria-describedby={describedBy} onChange={(e) => onChange(e.target.value)} className={`h-11 min-w-0 flex-1 rounded-md border bg-background px-3 text-sm ${invalid ? 'border-red-500' : 'border-border'}`} />
          <span className="grid size-11 shrink-0 place-items-center overflow-hidden rounded border border-border bg-muted">{shown && <img src={shown} alt="" className="max-h-full max-w-full object-contain" />}</span>
          {canChooseMedia && <ChooseImage label={label} className={`${SECONDARY} shrink-0`} onPick={(item) => onChange(pickedImage(item).url)} />}
        </div>
      )}
    </Field>
  );
}
