import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { PageDetail } from '../../../contract/page-builder';
import { pageBuilderApi } from '../../../lib/api/page-builder';
import { formatTime } from '../../../lib/format';
import { useConfirm } from '../../../ui/Confirm';
import { Actions, BUTTON } from './Actions';
import { BlockList, Palette } from './BlockList';
import { EditorContext, fieldId, useEditorContext, type Choice, type EditorContextValue } from './context';
import { pathWords, type EditorDoc } from './document';
import { labelOf } from './form-model';
import { PageSettings } from './PageSettings';
import { Preview } from './Preview';
import { createEditor, type EditorApi, type EditorState } from './store';

/** The page builder's calls, made in the browser only (the page is drawn on the server first, where no call is made). */
const pageApi: EditorApi = {
  pageDetail: (...a) => pageBuilderApi().pageDetail(...a),
  saveDraft: (...a) => pageBuilderApi().saveDraft(...a),
  publishPage: (...a) => pageBuilderApi().publishPage(...a),
  unschedulePage: (...a) => pageBuilderApi().unschedulePage(...a),
  discardDraft: (...a) => pageBuilderApi().discardDraft(...a),
  pageVersions: (...a) => pageBuilderApi().pageVersions(...a),
  restoreVersion: (...a) => pageBuilderApi().restoreVersion(...a),
};

export interface EditorProps {
  detail: PageDetail;
  canEdit: boolean;
  categories: Choice[];
  brands: Choice[];
}

/**
 * /page-builder/pages/{id}: a page's blocks and settings on the left, the page itself on the right
 * (docs/page-builder.md#editor). Edits save themselves to the draft; Publish makes the draft live.
 */
export default function Editor({ detail, canEdit, categories, brands }: EditorProps) {
  const editor = useMemo(() => createEditor(pageApi, detail, canEdit), []);
  const state = useStore(editor.$editor);
  const [open, setOpenKeys] = useState<Set<string>>(() => new Set(state.keys.length <= 3 ? state.keys : []));
  const setOpen = (key: string, isOpen: boolean) => setOpenKeys((s) => {
    const next = new Set(s);
    if (isOpen) next.add(key);
    else next.delete(key);
    return next;
  });
  const context: EditorContextValue = { editor, canEdit, errors: state.errors, categories, brands };
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!editor.unsaved()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    addEventListener('beforeunload', warn);
    return () => removeEventListener('beforeunload', warn);
  }, [editor]);
  const focusLater = (id: string) => setTimeout(() => document.getElementById(id)?.focus(), 30);
  /** Opens the block a problem is in, then takes the focus to its field (or the block, when the field is not drawn). */
  const goTo = (path: string) => {
    const steps = path.split('.');
    if (steps[0] === 'components') {
      const key = state.keys[Number(steps[1])];
      if (key) setOpen(key, true);
    } else setSettingsOpen(true);
    setTimeout(() => {
      const parts = steps.map((s) => (/^\d+$/.test(s) ? Number(s) : s));
      for (let n = parts.length; n > 0; n--) {
        const el = document.getElementById(fieldId(parts.slice(0, n)));
        if (el) {
          el.scrollIntoView({ block: 'center' });
          el.focus();
          return;
        }
      }
    }, 30);
  };
  const [settingsOpen, setSettingsOpen] = useState(false);
  return (
    <EditorContext.Provider value={context}>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] xl:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]" data-editor>
        <div className="flex min-w-0 flex-col gap-4">
          <header className="flex flex-col gap-2">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h1 className="text-2xl font-semibold">
                <span className="sr-only">Edit </span>{state.doc.title || detail.title} <span className="text-base font-normal text-muted-foreground">{detail.url}</span>
              </h1>
              <SaveStatus state={state} onRetry={() => void editor.retryNow()} />
            </div>
            {!canEdit && <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900" data-view-only>View only: you may look at this page and its versions; changing, publishing and restoring need the permission to edit the website.</p>}
            <Conflict state={state} />
            <Report state={state} />
            <Actions state={state} />
          </header>
          <ProblemSummary doc={state.doc} errors={state.errors} goTo={goTo} />
          <Removed state={state} />
          <fieldset disabled={!canEdit} className="flex min-w-0 flex-col gap-4">
            <legend className="sr-only">The page's content</legend>
            <details open={settingsOpen} onToggle={(e) => setSettingsOpen((e.target as HTMLDetailsElement).open)} className="rounded-lg border border-border" data-page-settings>
              <summary className="flex min-h-11 cursor-pointer items-center px-3 text-sm font-semibold">Page settings: title, SEO, header and footer, CSS</summary>
              <div className="border-t border-border p-3">{settingsOpen && <PageSettings doc={state.doc} />}</div>
            </details>
            <section aria-labelledby="blocks-heading" className="flex flex-col gap-3">
              <h2 id="blocks-heading" className="text-lg font-semibold">Blocks <span className="text-sm font-normal text-muted-foreground">({state.doc.components.length})</span></h2>
              <BlockList open={open} setOpen={setOpen} />
              <Palette onAdded={(key) => {
                setOpen(key, true);
                focusLater(fieldId(['components', editor.$editor.get().keys.indexOf(key)]));
              }} />
            </section>
          </fieldset>
        </div>
        <div className="min-w-0 lg:sticky lg:top-2 lg:h-[calc(100vh-1rem)]">
          <Preview src={detail.preview_url} reloadKey={state.previewKey} title={state.doc.title || detail.title} />
        </div>
      </div>
    </EditorContext.Provider>
  );
}

function SaveStatus({ state, onRetry }: { state: EditorState; onRetry: () => void }) {
  const text =
    state.save === 'saved' ? `Saved ${formatTime(state.savedAt)}` : state.save === 'waiting' || state.save === 'saving' ? 'Saving…' : state.save === 'conflict' ? 'Not saved: someone else saved this page' : (state.saveError ?? 'Not saved');
  const bad = state.save === 'retrying' || state.save === 'failed' || state.save === 'conflict';
  return (
    <p role="status" className={`flex items-center gap-2 text-sm ${bad ? 'font-medium text-red-700' : 'text-muted-foreground'}`} data-save-status={state.save}>
      {text}
      {state.save === 'failed' && <button type="button" className={`${BUTTON} min-h-9 border border-border px-2`} onClick={onRetry}>Try again</button>}
    </p>
  );
}

/** Someone else saved: their words, and the choice of loading their version or keeping a copy of this one first. */
function Conflict({ state }: { state: EditorState }) {
  const { editor } = useEditorContext();
  const [dialog, ask] = useConfirm();
  const [copied, setCopied] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state.conflict) box.current?.focus();
  }, [state.conflict !== null]);
  if (!state.conflict) return null;
  const json = JSON.stringify(state.doc, null, 2);
  return (
    <div ref={box} tabIndex={-1} role="alert" className="flex flex-col gap-2 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-conflict>
      <p className="font-semibold">{state.conflict.message}</p>
      <p>Your changes since are kept here and not saved. Keep a copy of them, then load their version and make your changes again.</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={`${BUTTON} border border-red-300 bg-white`} onClick={async () => {
          await navigator.clipboard.writeText(json).then(() => setCopied(true), () => setCopied(false));
        }}>{copied ? 'Copied' : 'Copy my version (JSON)'}</button>
        <a className={`${BUTTON} border border-red-300 bg-white`} download={`page${state.page.url.replace(/\//g, '-') || '-home'}-mine.json`} href={`data:application/json;charset=utf-8,${encodeURIComponent(json)}`}>Download my version</a>
        <button type="button" className={`${BUTTON} bg-red-700 text-white`} disabled={state.busy !== null} data-reload-theirs onClick={async () => {
          if (await ask({ title: 'Load their version?', message: 'Your changes since your last save are dropped from the editor. Keep a copy first if you want them.', confirmText: 'Load their version' })) await editor.reloadTheirs();
        }}>Load their version</button>
      </div>
      {dialog}
    </div>
  );
}

function Report({ state }: { state: EditorState }) {
  return (
    <div role="status" aria-live="polite" data-editor-report>
      {state.report && <p className={`rounded-md p-3 text-sm ${state.report.tone === 'success' ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}>{state.report.text}</p>}
    </div>
  );
}

/** Undo for the block removed last. */
function Removed({ state }: { state: EditorState }) {
  const { editor } = useEditorContext();
  const undo = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (state.removed) undo.current?.focus();
  }, [state.removed]);
  if (!state.removed) return null;
  return (
    <div role="status" className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border bg-muted/50 p-2 text-sm">
      <span>Removed the block “{state.removed.block.name}”.</span>
      <button ref={undo} type="button" className={`${BUTTON} min-h-9 border border-border bg-background px-3`} onClick={() => editor.undoRemove()} data-undo-remove>Undo</button>
    </div>
  );
}

/** Every problem of the draft, each a link to its field: the list Publish waits on. */
function ProblemSummary({ doc, errors, goTo }: { doc: EditorDoc; errors: Record<string, string[]>; goTo: (path: string) => void }) {
  const lines = Object.entries(errors).flatMap(([path, messages]) => messages.map((m) => ({ path, m })));
  if (!lines.length) return null;
  return (
    <section aria-labelledby="problems-heading" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900" data-problems>
      <h2 id="problems-heading" className="font-semibold">{lines.length === 1 ? '1 problem to fix before publishing' : `${lines.length} problems to fix before publishing`}</h2>
      <ul className="mt-1 flex list-disc flex-col gap-0.5 pl-5">
        {lines.slice(0, 20).map(({ path, m }) => (
          <li key={`${path}:${m}`}>
            <a href={`#${fieldId(path.split('.'))}`} className="underline" onClick={(e) => (e.preventDefault(), goTo(path))}>{pathWords(doc, path, labelOf)}</a>: {m}
          </li>
        ))}
        {lines.length > 20 && <li>and {lines.length - 20} more</li>}
      </ul>
    </section>
  );
}
