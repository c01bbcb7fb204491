import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { PageState, PageSummary } from '../../../contract/page-builder';
import { safeUrl } from '../../../contract/safe-url';
import { pageBuilderApi } from '../../../lib/api/page-builder';
import { useConfirm } from '../../../ui/Confirm';
import { Field } from '../../../ui/Field';
import { Modal } from '../../../ui/Modal';
import { useHydrated } from '../../../ui/use-hydrated';
import {
  canDelete, canUnpublish, changedBy, deleteQuestion, duplicateForm, editorHref, EMPTY_FORM, HOME_KEPT, isHome, listCaption, pagesHref, pathFromTitle, SORT_LABELS, SORTS, sortPages,
  STATE_LABELS, stateNote, unpublishQuestion, type PageForm, type PageFormProblems, type PageSort,
} from './pages';
import { $pages, createPage, deletePage, duplicatePage, seededPages, seedPages, showPages, tell, unpublishPage, type PagesSeed, type PagesState } from './store';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const BUTTON = `inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium disabled:opacity-50 ${FOCUS}`;
const SMALL = `inline-flex min-h-9 items-center rounded-md border border-border px-2.5 text-sm hover:bg-muted disabled:opacity-50 ${FOCUS}`;
const LINK = `text-primary underline underline-offset-2 ${FOCUS}`;
/** Each state's badge: its words, and a colour that only repeats them. */
const BADGE: Record<PageState, string> = {
  draft: 'border-border bg-muted text-foreground',
  published: 'border-green-700 bg-green-50 text-green-900',
  changed: 'border-amber-700 bg-amber-50 text-amber-900',
  scheduled: 'border-blue-700 bg-blue-50 text-blue-900',
};
const SEARCH_AFTER_MS = 250;

/**
 * /page-builder: every page of the website (home and content pages) with its path, title, state, and who changed
 * it last when; a search ("/" goes to it) and an order; and for website_setting:edit, a new page (then its
 * editor), a copy of a page, unpublish and delete, each said before it is done. Server-rendered from the address;
 * hydrated on load, it then searches and acts on its own.
 */
export default function PagesScreen(props: PagesSeed & { canEdit: boolean; now: string }) {
  const hydrated = useHydrated();
  const live = useStore($pages);
  useEffect(() => {
    seedPages(props);
  }, []);
  const state: PagesState = hydrated && live ? live : seededPages(props);
  const client = hydrated ? pageBuilderApi() : null;
  // The server's clock until hydrated (so the HTML matches), then the browser's.
  const now = hydrated ? new Date() : new Date(props.now);
  const [confirmDialog, ask] = useConfirm();
  const [creating, setCreating] = useState(false);
  const [copying, setCopying] = useState<PageSummary | null>(null);
  const reportBox = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState(props.query.q);
  const { query } = state;

  // "/" anywhere but in a field goes to the search, as on many sites.
  useEffect(() => {
    const slash = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const at = event.target as HTMLElement | null;
      if (at?.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"], dialog[open]')) return;
      event.preventDefault();
      search.current?.focus();
      search.current?.select();
    };
    addEventListener('keydown', slash);
    return () => removeEventListener('keydown', slash);
  }, []);

  // Typing searches once it pauses; Enter searches at once.
  useEffect(() => {
    if (!client || typed.trim() === query.q.trim()) return;
    const timer = setTimeout(() => void showPages(client, { q: typed }), SEARCH_AFTER_MS);
    return () => clearTimeout(timer);
  }, [typed, hydrated]);
  // A search cleared by an action (a copy that would not match) clears the field too.
  useEffect(() => setTyped((shown) => (shown.trim() === query.q ? shown : query.q)), [query.q]);

  // A row left with the button that had the focus (deleted, or unpublished): the focus goes to what was done.
  const keepFocus = () =>
    setTimeout(() => {
      const at = document.activeElement;
      if (!at || at === document.body || !at.isConnected) reportBox.current?.focus();
    }, 50);

  const onSearch = (event: FormEvent) => {
    if (!client) return;
    event.preventDefault();
    void showPages(client, { q: typed });
  };
  const onUnpublish = async (page: PageSummary) => {
    if (!client) return;
    const yes = await ask({ title: 'Unpublish page', message: unpublishQuestion(page), confirmText: `Unpublish ${page.url}`, cancelText: 'Keep it live' });
    if (yes) await unpublishPage(client, page).then(keepFocus);
  };
  const onDelete = async (page: PageSummary) => {
    if (!client) return;
    const yes = await ask({ title: 'Delete page', message: deleteQuestion(page), confirmText: `Delete ${page.url}`, cancelText: 'Keep it' });
    if (yes) await deletePage(client, page).then(keepFocus);
  };

  const pages = sortPages(state.pages, query.sort);
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <form role="search" aria-label="Pages" action="/page-builder" method="get" className="flex flex-wrap items-end gap-3" onSubmit={onSearch}>
          <div className="flex w-80 max-w-full flex-col gap-1">
            <label htmlFor="pages-q" className="text-sm font-medium">
              Search pages <span className="font-normal text-muted-foreground">(press <kbd className="rounded border border-border px-1 font-mono text-xs">/</kbd>)</span>
            </label>
            <input
              ref={search}
              id="pages-q"
              name="q"
              type="search"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="Path or title"
              maxLength={120}
              autoComplete="off"
              aria-keyshortcuts="/"
              aria-controls="pages-list"
              className={`h-11 w-full rounded-md border border-border bg-background px-3 text-sm focus:border-primary ${FOCUS}`}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor="pages-sort" className="text-sm font-medium">Order by</label>
            <select
              id="pages-sort"
              name="sort"
              value={query.sort}
              onChange={(e) => client && void showPages(client, { sort: e.target.value as PageSort })}
              className={`h-11 rounded-md border border-border bg-background px-3 text-sm ${FOCUS}`}
            >
              {SORTS.map((sort) => <option key={sort} value={sort}>{SORT_LABELS[sort]}</option>)}
            </select>
          </div>
        </form>
        {props.canEdit && (
          <button type="button" className={`${BUTTON} bg-primary px-4 text-primary-foreground`} disabled={!client} onClick={() => setCreating(true)} data-new-page>
            New page
          </button>
        )}
      </div>

      {state.error && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md bg-red-50 p-3 text-sm text-red-900" data-pages-error>
          <p>{state.error}</p>
          {client && <button type="button" className={`${SMALL} bg-background`} onClick={() => void showPages(client, {}, { reload: true })}>Try again</button>}
        </div>
      )}
      <div role="status" aria-live="polite" tabIndex={-1} ref={reportBox} className="outline-none" data-pages-report>
        {state.report && (
          <p className={`rounded-md p-3 text-sm ${state.report.tone === 'success' ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}>
            {state.report.text}
            {state.report.link && <> <a href={state.report.link.href} className={`font-medium ${LINK}`}>{state.report.link.text}</a></>}
          </p>
        )}
      </div>

      <div id="pages-list" aria-busy={state.loading || undefined} className={`transition-opacity ${state.loading ? 'opacity-60' : ''}`}>
        <p className="mb-2 text-sm text-muted-foreground" data-pages-count>{listCaption(pages.length, query.q)}</p>
        {pages.length === 0 ? (
          !state.error && (
            <p className="rounded-lg border border-dashed border-border p-8 text-center text-sm text-muted-foreground" data-pages-empty>
              No page matches “{query.q}”. <a href={pagesHref({ ...query, q: '' })} className={LINK} onClick={(e) => client && (e.preventDefault(), setTyped(''), void showPages(client, { q: '' }))}>Show every page</a>
            </p>
          )
        ) : (
          <PageTable
            pages={pages}
            state={state}
            now={now}
            canEdit={props.canEdit}
            actions={client ? { copy: setCopying, unpublish: onUnpublish, remove: onDelete } : null}
          />
        )}
      </div>

      {props.canEdit && client && (
        <>
          <PageFormDialog
            title="New page"
            open={creating}
            start={EMPTY_FORM}
            suggestPath
            intro="A new page starts as a draft: shoppers see nothing at its path until you publish it."
            submit="Create and edit"
            send={(form) => createPage(client, form, (href) => location.assign(href))}
            onClose={() => setCreating(false)}
          />
          <PageFormDialog
            title={copying ? `Duplicate ${copying.url}` : 'Duplicate'}
            open={copying !== null}
            start={copying ? duplicateForm(copying) : EMPTY_FORM}
            intro={copying ? `The copy has the draft of ${copying.url} (“${copying.title}”) and starts as a draft at its own path.` : ''}
            submit="Duplicate"
            send={(form) => duplicatePage(client, copying!, form)}
            onClose={() => setCopying(null)}
          />
          {confirmDialog}
        </>
      )}
    </div>
  );
}

interface RowActions {
  copy: (page: PageSummary) => void;
  unpublish: (page: PageSummary) => void;
  remove: (page: PageSummary) => void;
}

function PageTable({ pages, state, now, canEdit, actions }: { pages: PageSummary[]; state: PagesState; now: Date; canEdit: boolean; actions: RowActions | null }) {
  const TH = 'px-3 py-2 text-left font-medium';
  const TD = 'px-3 py-2.5 align-top';
  const busy = state.acting !== null;
  return (
    <div className="overflow-x-auto rounded-lg border border-border">
      <table className="w-full min-w-[56rem] text-sm">
        <caption className="sr-only">{listCaption(pages.length, state.query.q)}, by {state.query.sort === 'changed' ? 'last change' : state.query.sort}, home first</caption>
        <thead className="bg-muted/50">
          <tr>
            <th scope="col" className={TH}>Page</th>
            <th scope="col" className={TH}>State</th>
            <th scope="col" className={TH}>Last changed</th>
            <th scope="col" className={TH}>Open</th>
            {canEdit && <th scope="col" className={TH}>Actions</th>}
          </tr>
        </thead>
        <tbody>
          {pages.map((page) => {
            const liveHref = page.live_url === null ? null : safeUrl(page.live_url, 'web');
            const preview = safeUrl(page.preview_url, 'web');
            return (
              <tr key={page.id} className={`border-t border-border ${state.fresh === page.id ? 'bg-green-50/60' : ''}`} data-page-row={page.url}>
                <th scope="row" className={`${TD} text-left font-normal`}>
                  <a href={editorHref(page)} className={`font-medium ${LINK}`} data-page-edit>{page.title}</a>
                  <span className="mt-0.5 block font-mono text-xs text-muted-foreground" data-page-path>{page.url}</span>
                  {isHome(page) && <span className="mt-0.5 block text-xs text-muted-foreground">Home page</span>}
                  {state.fresh === page.id && <span className="mt-0.5 block text-xs font-medium text-green-900">Just copied</span>}
                </th>
                <td className={TD}>
                  <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${BADGE[page.state]}`} data-page-state={page.state}>{STATE_LABELS[page.state]}</span>
                  <span className="mt-1 block text-xs text-muted-foreground">{stateNote(page, now)}</span>
                </td>
                <td className={TD}>
                  <time dateTime={page.updated_at} data-page-changed>{changedBy(page, now)}</time>
                </td>
                <td className={TD}>
                  <div className="flex flex-wrap gap-x-3 gap-y-1">
                    <a href={editorHref(page)} className={LINK} aria-label={`Edit ${page.url}`}>Edit</a>
                    {preview ? (
                      <a href={preview} target="_blank" rel="noopener noreferrer" className={LINK} aria-label={`Preview ${page.url} (opens in a new tab)`}>Preview</a>
                    ) : null}
                    {liveHref && <a href={liveHref} target="_blank" rel="noopener noreferrer" className={LINK} aria-label={`View ${page.url} live (opens in a new tab)`} data-page-live>View live</a>}
                  </div>
                </td>
                {canEdit && (
                  <td className={TD}>
                    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Actions for ${page.url}`}>
                      <button type="button" className={SMALL} disabled={!actions || busy} onClick={() => actions?.copy(page)} aria-label={`Duplicate ${page.url}`}>Duplicate</button>
                      {canUnpublish(page) && (
                        <button type="button" className={SMALL} disabled={!actions || busy} aria-busy={state.acting === page.id || undefined} onClick={() => actions?.unpublish(page)} aria-label={`Unpublish ${page.url}`}>Unpublish</button>
                      )}
                      {canDelete(page) ? (
                        <button type="button" className={`${SMALL} text-red-800 hover:bg-red-50`} disabled={!actions || busy} onClick={() => actions?.remove(page)} aria-label={`Delete ${page.url}`}>Delete</button>
                      ) : (
                        <span className="max-w-56 text-xs text-muted-foreground" data-home-kept>{HOME_KEPT}</span>
                      )}
                    </div>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The new-page and duplicate dialog: a title and a path, the API's refusals under each field. */
function PageFormDialog({ title, open, start, suggestPath, intro, submit, send, onClose }: {
  title: string;
  open: boolean;
  start: PageForm;
  /** Fill the path from the title until the path is typed (a new page). */
  suggestPath?: boolean;
  intro: string;
  submit: string;
  send: (form: PageForm) => Promise<PageFormProblems | null>;
  onClose: () => void;
}) {
  const [form, setForm] = useState<PageForm>(start);
  const [problems, setProblems] = useState<PageFormProblems>({});
  const [pathTyped, setPathTyped] = useState(false);
  const [sending, setSending] = useState(false);
  const first = useRef<HTMLDivElement>(null);
  const formBox = useRef<HTMLFormElement>(null);
  // The first field refused gets the focus once its message is drawn, so it is read and can be put right.
  const [refused, setRefused] = useState(0);
  useEffect(() => {
    if (refused) formBox.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);
  useEffect(() => {
    if (!open) return;
    setForm(start);
    setProblems({});
    setPathTyped(false);
    setSending(false);
    // The dialog gives its Close button the focus; the title is what is typed first.
    const timer = setTimeout(() => first.current?.querySelector('input')?.focus(), 10);
    return () => clearTimeout(timer);
  }, [open]);
  const setTitle = (value: unknown) => setForm((f) => ({ title: String(value ?? ''), url: suggestPath && !pathTyped ? pathFromTitle(String(value ?? '')).replace(/^\/$/, '') : f.url }));
  const setPath = (value: unknown) => {
    setPathTyped(true);
    setForm((f) => ({ ...f, url: String(value ?? '') }));
  };
  return (
    <Modal open={open} title={title} hideFooter width={520} onClose={onClose}>
      {open && (
      <form
        ref={formBox}
        className="flex flex-col gap-3"
        noValidate
        aria-label={title}
        onSubmit={async (event) => {
          event.preventDefault();
          if (sending) return;
          setSending(true);
          const wrong = await send(form);
          setSending(false);
          setProblems(wrong ?? {});
          if (!wrong) onClose();
          else setRefused((n) => n + 1);
        }}
      >
        {intro && <p className="text-sm text-muted-foreground">{intro}</p>}
        <div ref={first}>
          <Field name="title" label="Title" required value={form.title} onChange={setTitle} error={problems.title} description="The page's heading and the name it has in this list and in search results." />
        </div>
        <Field name="url" label="Path" required value={form.url} onChange={setPath} error={problems.url} placeholder="/summer-sale" description="Where shoppers find it: small letters, digits and hyphens after one slash, like /summer-sale." />
        {problems.form && <p role="alert" className="rounded-md bg-red-50 p-2 text-sm text-red-900">{problems.form}</p>}
        <div className="flex justify-end gap-2">
          <button type="button" onClick={onClose} className={`${BUTTON} border border-border`}>Cancel</button>
          <button type="submit" aria-disabled={sending || undefined} aria-busy={sending || undefined} className={`${BUTTON} bg-primary text-primary-foreground`}>{sending ? 'Working…' : submit}</button>
        </div>
      </form>
      )}
    </Modal>
  );
}
