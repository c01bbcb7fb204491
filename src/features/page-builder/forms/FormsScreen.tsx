import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { FORM_RESPONSES_PER_PAGE, type FormResponse, type FormSummary } from '../../../contract/page-builder';
import { pageBuilderApi } from '../../../lib/api/page-builder';
import { formatDate, formatTime } from '../../../lib/format';
import { useConfirm } from '../../../ui/Confirm';
import { Pagination } from '../../../ui/Pagination';
import { useHydrated } from '../../../ui/use-hydrated';
import { answerColumns, answerSummary, answerText, deleteQuestion, emptyText, exportHref, formName, formPlace, formsHref, listCaption, readFormsQuery, sentAt, type FormsQuery, type FormsView } from './forms';
import { $forms, deleteAnswers, followAddress, seededForms, seedForms, showForms, toggleSelected, type FormsState } from './store';

const FOCUS = 'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary';
const BUTTON = `inline-flex min-h-11 items-center justify-center rounded-md px-3 text-sm font-medium disabled:opacity-50 ${FOCUS}`;

/** A link the island follows itself (a plain left click); any other click, or no script yet, follows the address. */
const follow = (go: (() => void) | null) => (event: MouseEvent) => {
  if (!go || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
  event.preventDefault();
  go();
};

/**
 * /page-builder/forms: the answers shoppers sent through the pages' forms. The website's forms with their counts;
 * the chosen form's answers newest first, a column per field by its label; a search in the answers' text;
 * paging; the form's CSV; and, for website_setting:edit, deleting answers after a confirm step. Server-rendered
 * from the address; hydrated on load, it then loads each view on its own.
 */
export default function FormsScreen(props: FormsView & { canEdit: boolean }) {
  const hydrated = useHydrated();
  const live = useStore($forms);
  useEffect(() => {
    seedForms(props);
    const back = () => void followAddress(pageBuilderApi(), readFormsQuery(new URLSearchParams(location.search)));
    addEventListener('popstate', back);
    return () => removeEventListener('popstate', back);
  }, []);
  const state: FormsState = hydrated && live ? live : seededForms(props);
  const client = hydrated ? pageBuilderApi() : null;
  const [dialog, ask] = useConfirm();
  const reportBox = useRef<HTMLDivElement>(null);
  const { query, list } = state;
  const form = query.formtype ? list.forms.find((f) => f.formtype === query.formtype) : undefined;
  const show = (change: Partial<FormsQuery>) => (client ? () => void showForms(client, change) : null);

  // Deleted rows leave with the button that had the focus: the focus goes to what was done.
  const remove = async (responses: FormResponse[]) => {
    if (!client) return;
    const confirmed = await ask({
      title: responses.length === 1 ? 'Delete this answer?' : `Delete ${responses.length} answers?`,
      message: deleteQuestion(responses, form ?? list.forms.find((f) => f.formtype === responses[0]?.formtype)),
      confirmText: responses.length === 1 ? 'Delete answer' : `Delete ${responses.length} answers`,
      cancelText: 'Keep',
    });
    if (!confirmed) return;
    await deleteAnswers(client, responses);
    setTimeout(() => {
      const at = document.activeElement;
      if (!at || at === document.body || !at.isConnected) reportBox.current?.focus();
    }, 50);
  };

  return (
    <div className="grid gap-6 xl:grid-cols-[16rem_minmax(0,1fr)]">
      <FormList state={state} choose={(formtype) => show({ formtype })} />
      <section aria-labelledby="forms-heading" className="flex min-w-0 flex-col gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id="forms-heading" className="text-xl font-semibold">{form ? formName(form) : 'All forms'}</h2>
            <p className="text-sm text-muted-foreground">
              {form ? (
                <>
                  <code className="text-xs">{form.formtype}</code> · {form.page_url ? <>on <a className={`text-primary underline ${FOCUS}`} href={form.page_url}>{form.page_url}</a></> : formPlace(form)}
                </>
              ) : (
                'Every answer of every form, newest first. Choose a form to see its fields as columns and to download its CSV.'
              )}
            </p>
          </div>
          {form && form.responses > 0 && (
            <a href={exportHref(form.formtype)} download className={`${BUTTON} border border-border hover:border-primary`} data-export>
              Export CSV ({form.responses.toLocaleString('en-IN')})
            </a>
          )}
        </div>
        <Search state={state} onSearch={client && ((q) => void showForms(client, { q }))} />
        {state.error && <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">{state.error}</p>}
        <div role="status" aria-live="polite" tabIndex={-1} ref={reportBox} className="outline-none empty:-mb-4" data-forms-report>
          {state.report && <p className={`rounded-md p-3 text-sm ${state.report.tone === 'success' ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}>{state.report.text}</p>}
        </div>
        <div aria-busy={state.loading || undefined} className={`transition-opacity ${state.loading ? 'opacity-60' : ''}`}>
          {list.data.length === 0 ? (
            <Empty state={state} clear={show({ q: '' })} />
          ) : (
            <AnswerTable state={state} form={form} canEdit={props.canEdit} ready={client !== null} onDelete={(rows) => void remove(rows)} />
          )}
        </div>
        {list.total > FORM_RESPONSES_PER_PAGE && (
          <Pagination
            label="Answer pages"
            total={list.total}
            perPage={FORM_RESPONSES_PER_PAGE}
            page={query.page}
            {...(client ? { onPageChange: (page: number) => void showForms(client, { page }) } : { hrefFor: (page: number) => formsHref({ ...query, page }) })}
          />
        )}
      </section>
      {dialog}
    </div>
  );
}

function FormList({ state, choose }: { state: FormsState; choose: (formtype: string | null) => (() => void) | null }) {
  const total = state.list.forms.reduce((sum, f) => sum + f.responses, 0);
  const item = (formtype: string | null, name: string, place: string | null, count: number) => {
    const current = formtype === state.query.formtype;
    return (
      <li key={formtype ?? ''}>
        <a
          href={formsHref({ formtype, q: '', page: 1 })}
          onClick={follow(choose(formtype))}
          aria-current={current ? 'page' : undefined}
          data-form={formtype ?? 'all'}
          className={`flex min-h-11 items-center justify-between gap-3 rounded-md border px-3 py-2 text-sm ${FOCUS} ${current ? 'border-primary bg-primary/10 font-medium' : 'border-border hover:border-primary xl:border-transparent xl:hover:border-border'}`}
        >
          <span className="min-w-0">
            <span className="block truncate">{name}</span>
            {place && <span className="block truncate text-xs text-muted-foreground">{place}</span>}
          </span>
          <span className="rounded-full bg-muted px-2 text-xs font-semibold tabular-nums" data-count>
            {count.toLocaleString('en-IN')}
            <span className="sr-only"> {count === 1 ? 'answer' : 'answers'}</span>
          </span>
        </a>
      </li>
    );
  };
  return (
    <nav aria-label="Forms of this website">
      <ul className="flex flex-wrap gap-2 xl:flex-col xl:flex-nowrap xl:gap-1">
        {item(null, 'All forms', null, total)}
        {state.list.forms.map((f: FormSummary) => item(f.formtype, formName(f), formPlace(f), f.responses))}
      </ul>
    </nav>
  );
}

function Search({ state, onSearch }: { state: FormsState; onSearch: ((q: string) => void) | null }) {
  const id = useId();
  const [text, setText] = useState(state.query.q);
  useEffect(() => setText(state.query.q), [state.query.q]);
  return (
    <form
      role="search"
      method="get"
      action="/page-builder/forms"
      onSubmit={(event) => {
        if (!onSearch) return;
        event.preventDefault();
        onSearch(text);
      }}
      className="flex flex-wrap items-end gap-2"
      data-forms-search
    >
      {state.query.formtype && <input type="hidden" name="form" value={state.query.formtype} />}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">Search answers</label>
        <input
          id={id}
          type="search"
          name="q"
          value={text}
          maxLength={120}
          onChange={(e) => setText(e.target.value)}
          placeholder="A name, phone number, city or word"
          className={`min-h-11 w-full rounded-md border border-border bg-background px-3 text-sm ${FOCUS}`}
        />
      </div>
      <button type="submit" className={`${BUTTON} bg-primary text-primary-foreground`}>Search</button>
    </form>
  );
}

function Empty({ state, clear }: { state: FormsState; clear: (() => void) | null }) {
  const { title, text } = emptyText(state);
  return (
    <div className="rounded-lg border border-dashed border-border p-8 text-center" data-forms-empty>
      <p className="font-medium">{title}</p>
      <p className="mx-auto mt-1 max-w-prose text-sm text-muted-foreground">{text}</p>
      {state.query.q && (
        <a href={formsHref({ ...state.query, q: '', page: 1 })} onClick={follow(clear)} className={`mt-3 inline-flex text-sm text-primary underline ${FOCUS}`}>
          Clear the search
        </a>
      )}
    </div>
  );
}

function AnswerTable({ state, form, canEdit, ready, onDelete }: { state: FormsState; form: FormSummary | undefined; canEdit: boolean; ready: boolean; onDelete: (rows: FormResponse[]) => void }) {
  const TH = 'px-3 py-2 text-left font-medium whitespace-nowrap';
  const TD = 'px-3 py-2 align-top';
  const { list, selected, deleting } = state;
  const columns = form ? answerColumns(form, list.data) : null;
  const formOf = (r: FormResponse) => list.forms.find((f) => f.formtype === r.formtype);
  const busy = deleting.length > 0;
  const chosen = list.data.filter((r) => selected.includes(r.id));
  return (
    <div className="flex flex-col gap-2">
      {canEdit && (
        <div className="flex min-h-11 flex-wrap items-center gap-3 text-sm" data-selection>
          {chosen.length > 0 ? (
            <>
              <span>{chosen.length} selected</span>
              <button type="button" className={`${BUTTON} border border-red-300 text-red-800 hover:bg-red-50`} disabled={!ready || busy} onClick={() => onDelete(chosen)} data-delete-selected>
                Delete selected
              </button>
            </>
          ) : (
            <span className="text-muted-foreground">Tick answers to delete several at once.</span>
          )}
        </div>
      )}
      <div className={`overflow-x-auto rounded-lg border border-border ${FOCUS}`} tabIndex={0} role="region" aria-label="Answers (scrolls sideways)">
        <table className="w-full text-sm" data-answers>
          <caption className="sr-only">{listCaption(list.total, form, state.query.q)}</caption>
          <thead className="bg-muted/50">
            <tr>
              {canEdit && (
                <th scope="col" className="w-10 px-3 py-2">
                  <span className="sr-only">Select</span>
                  <input type="checkbox" className="size-5" aria-label="Select every answer on this page" checked={chosen.length === list.data.length} disabled={!ready || busy} onChange={() => toggleSelected('all')} />
                </th>
              )}
              <th scope="col" className={TH}>Sent</th>
              {columns ? columns.map((c) => <th key={c.key} scope="col" className={TH}>{c.label}</th>) : (
                <>
                  <th scope="col" className={TH}>Form</th>
                  <th scope="col" className={TH}>Answers</th>
                </>
              )}
              {canEdit && <th scope="col" className={TH}><span className="sr-only">Actions</span></th>}
            </tr>
          </thead>
          <tbody>
            {list.data.map((r) => (
              <tr key={r.id} className="border-t border-border" data-answer={r.id}>
                {canEdit && (
                  <td className={TD}>
                    <input type="checkbox" className="size-5" aria-label={`Select the answer sent ${sentAt(r)}`} checked={selected.includes(r.id)} disabled={!ready || busy} onChange={() => toggleSelected(r.id)} />
                  </td>
                )}
                <th scope="row" className={`${TD} whitespace-nowrap text-left font-normal tabular-nums`}>
                  {formatDate(r.created_at)}
                  <span className="block text-xs text-muted-foreground">{formatTime(r.created_at)}</span>
                </th>
                {columns ? (
                  columns.map((c) => <td key={c.key} className={`${TD} min-w-28 max-w-80 whitespace-pre-line break-words`}>{answerText(r.answers[c.key])}</td>)
                ) : (
                  <>
                    <td className={`${TD} whitespace-nowrap`}>{formOf(r) ? formName(formOf(r)!) : r.formtype}</td>
                    <td className={`${TD} break-words`}>{answerSummary(r, formOf(r))}</td>
                  </>
                )}
                {canEdit && (
                  <td className={`${TD} text-right`}>
                    <button type="button" className={`${BUTTON} border border-border hover:border-red-400 hover:text-red-800`} disabled={!ready || busy} aria-busy={deleting.includes(r.id) || undefined} onClick={() => onDelete([r])} aria-label={`Delete the answer sent ${sentAt(r)}`}>
                      {deleting.includes(r.id) ? 'Deleting…' : 'Delete'}
                    </button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
