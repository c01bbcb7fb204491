/**
 * The Forms screen of the page builder (docs/page-builder.md#form-responses): the view as the address keeps it
 * (`?form=contact&q=pune&page=2`), the table's columns, what a cell and a row say, the export's address and what
 * a delete asks and did, in words. Plain functions: the store, the island, the page and the tests share them.
 */
import type { FormResponse, FormResponseList, FormSummary } from '../../../contract/page-builder';
import { plural } from '../../../contract/plural';
import { formatDateTime } from '../../../lib/format';
import type { PageBuilderApi } from '../../../lib/api/page-builder';

export interface FormsQuery {
  /** One form's answers, or null for every form's. */
  formtype: string | null;
  q: string;
  page: number;
}

const FORMTYPE = /^[a-z][a-z0-9_-]{0,59}$/;
const SEARCH_MAX = 120;

/** The view the address asks for; anything it cannot be falls back to every form, no search, page 1. */
export function readFormsQuery(params: URLSearchParams): FormsQuery {
  const form = params.get('form') ?? '';
  const page = Number(params.get('page'));
  return {
    formtype: FORMTYPE.test(form) ? form : null,
    q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX),
    page: Number.isSafeInteger(page) && page > 1 && page <= 100_000 ? page : 1,
  };
}

/** The address of a view: every form, no search and page 1 are left out. */
export function formsHref({ formtype, q, page }: FormsQuery): string {
  const params = new URLSearchParams();
  if (formtype) params.set('form', formtype);
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/page-builder/forms${query ? `?${query}` : ''}`;
}

/** The CSV download of one form's answers (the API's own address: the browser sends the session's cookie). */
export const exportHref = (formtype: string) => `/s/api/forms/responses/export.csv?formtype=${encodeURIComponent(formtype)}`;

/** A view of the screen: what the address asks for and the API's answer to it. */
export interface FormsView {
  query: FormsQuery;
  list: FormResponseList;
}

/** Loads a view. */
export async function loadView(client: Pick<PageBuilderApi, 'formResponses'>, query: FormsQuery): Promise<FormsView> {
  const list = await client.formResponses({ ...(query.formtype ? { formtype: query.formtype } : {}), ...(query.q ? { q: query.q } : {}), page: query.page });
  return { query, list };
}

/** A form as the list names it: its block's title, or its formtype when it has none. */
export const formName = (form: Pick<FormSummary, 'title' | 'formtype'>) => form.title ?? form.formtype;

/** Where a form is: "on /contact", or that it is on no page any more (its answers are kept). */
export const formPlace = (form: Pick<FormSummary, 'page_url'>) => (form.page_url ? `on ${form.page_url}` : 'no longer on a page');

export interface Column {
  key: string;
  label: string;
}

/**
 * The answer columns of one form: its fields by label in the form's order, then answers on this page to fields
 * no longer on the form (by their name).
 */
export function answerColumns(form: Pick<FormSummary, 'fields'>, answers: Pick<FormResponse, 'answers'>[]): Column[] {
  const columns: Column[] = form.fields.map((f) => ({ key: f.name, label: f.label }));
  const known = new Set(columns.map((c) => c.key));
  const extra = new Set<string>();
  for (const answer of answers) for (const key of Object.keys(answer.answers)) if (!known.has(key)) extra.add(key);
  return [...columns, ...[...extra].sort().map((key) => ({ key, label: key }))];
}

/** One answer as text: a checkbox is Yes or No; none is empty. */
export const answerText = (value: FormResponse['answers'][string] | undefined) => (value === undefined ? '' : typeof value === 'boolean' ? (value ? 'Yes' : 'No') : String(value));

/** An answer in one line, for the every-form view: "Name: Lakshmi · City: Mysuru", by the form's labels. */
export function answerSummary(response: Pick<FormResponse, 'answers'>, form: Pick<FormSummary, 'fields'> | undefined): string {
  const columns = answerColumns(form ?? { fields: [] }, [response]);
  return columns.flatMap((c) => (response.answers[c.key] === undefined || response.answers[c.key] === '' ? [] : [`${c.label}: ${answerText(response.answers[c.key])}`])).join(' · ');
}

/** When an answer came, on India's clock. */
export const sentAt = (response: Pick<FormResponse, 'created_at'>) => formatDateTime(response.created_at);

/** Who sent an answer, as far as it says: its first text answer, for the confirm step ("the answer from Lakshmi"). */
function firstText(response: Pick<FormResponse, 'answers'>, form: Pick<FormSummary, 'fields'> | undefined): string | null {
  for (const column of answerColumns(form ?? { fields: [] }, [response])) {
    const value = response.answers[column.key];
    if (typeof value === 'string' && value.trim()) return value.trim().length > 40 ? `${value.trim().slice(0, 40)}…` : value.trim();
  }
  return null;
}

/** What the confirm step says deleting answers will do. */
export function deleteQuestion(responses: Pick<FormResponse, 'answers' | 'created_at'>[], form: Pick<FormSummary, 'fields'> | undefined): string {
  if (responses.length === 1) {
    const who = firstText(responses[0]!, form);
    return `This deletes the answer ${who ? `“${who}” ` : ''}sent ${sentAt(responses[0]!)}. It cannot be brought back; download the CSV first if you need a copy.`;
  }
  return `This deletes ${plural(responses.length, 'answer', 'answers')}. They cannot be brought back; download the CSV first if you need a copy.`;
}

/** The table's caption: "12 answers to Send us a message, newest first". */
export const listCaption = (total: number, form: Pick<FormSummary, 'title' | 'formtype'> | undefined, q: string) =>
  `${plural(total, 'answer', 'answers')}${form ? ` to ${formName(form)}` : ''}${q ? ` matching “${q}”` : ''}, newest first`;

/** What the screen says when there is nothing to show, by why: no forms, a form with no answers yet, or no match. */
export function emptyText(view: FormsView): { title: string; text: string } {
  const { query, list } = view;
  if (query.q) return { title: `No answers match “${query.q}”`, text: 'The search looks in what shoppers typed. Try fewer or other words, or clear the search.' };
  const howTheyArrive = 'Answers arrive when shoppers send a form on a live page: add a Form block to a page in Pages, publish the page, and every answer shows here, newest first.';
  if (list.forms.length === 0) return { title: 'No forms yet', text: howTheyArrive };
  const form = query.formtype ? list.forms.find((f) => f.formtype === query.formtype) : undefined;
  if (query.formtype && !form) return { title: `No form “${query.formtype}” on this website`, text: 'Choose a form from the list.' };
  return { title: form ? `No answers to ${formName(form)} yet` : 'No answers yet', text: howTheyArrive };
}
