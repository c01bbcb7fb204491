import { atom } from 'nanostores';
import type { PageSummary } from '../../../contract/page-builder';
import { safeUrl } from '../../../contract/safe-url';
import { ApiCallError } from '../../../lib/api/client';
import { fieldErrors } from '../../../lib/api/form-call';
import type { PageBuilderApi } from '../../../lib/api/page-builder';
import { errorMessage } from '../../../lib/errors';
import { deletedText, duplicatedText, editorHref, pageBody, pagesHref, unpublishedText, type PageForm, type PageFormProblems, type PagesQuery } from './pages';

/**
 * The pages list's state. The page renders the first view on the server (the search and order the address asks
 * for); the island carries on: a search loads on its own and the address follows (replaced, not pushed: typing is
 * not a trail of history entries), and an answer that arrives after a newer question was asked is dropped. After
 * an action the list is loaded again, so a deleted page leaves and a state follows. The API comes in as a
 * parameter, so the tests hand it a fake.
 */
export type PagesApi = Pick<PageBuilderApi, 'pages' | 'createPage' | 'duplicatePage' | 'unpublishPage' | 'deletePage'>;

export interface PagesReport {
  tone: 'success' | 'error';
  text: string;
  /** A link the report offers (the copy's editor). */
  link?: { href: string; text: string };
}

export interface PagesSeed {
  query: PagesQuery;
  pages: PageSummary[];
  /** Why the first view could not be loaded, in words. */
  error: string | null;
}

export interface PagesState extends PagesSeed {
  loading: boolean;
  /** The page an action is under way on. */
  acting: number | null;
  report: PagesReport | null;
  /** The page just made by a duplicate, shown out (and focused) in the list. */
  fresh: number | null;
}

export type Remember = (href: string) => void;
const rememberInHistory: Remember = (href) => history.replaceState(history.state, '', href);

export const $pages = atom<PagesState | null>(null);
const now = () => $pages.get()!;
const update = (change: Partial<PagesState>) => $pages.set({ ...now(), ...change });

export const seededPages = (seed: PagesSeed): PagesState => ({ ...seed, loading: false, acting: null, report: null, fresh: null });
export const seedPages = (seed: PagesSeed) => $pages.set(seededPages(seed));

/** Says something in the list's report (a preview that could not be opened). */
export const tell = (report: PagesReport) => update({ report });

/** Loads the first view (the page does, on the server): the pages, or why they could not be had. */
export async function loadPages(client: Pick<PagesApi, 'pages'>, query: PagesQuery): Promise<PagesSeed> {
  try {
    return { query, pages: (await client.pages(query.q || undefined)).data, error: null };
  } catch (failure) {
    return { query, pages: [], error: `The pages could not be loaded: ${words(failure)}` };
  }
}

/** A failure in words: the API's own (an ApiCallError carries them), else the product's fallback. */
const words = (failure: unknown) => (failure instanceof ApiCallError ? failure.message : errorMessage(failure));
/** Two sentences joined, the first closed with a full stop when it has none. */
const sentences = (first: string, second: string) => `${first}${/[.!?]$/.test(first) ? '' : '.'} ${second}`;

let asked = 0;
/**
 * Shows a view. A new search asks the API (the last question asked wins); a new order only sorts what is there;
 * `reload` asks again whatever changed (after an action), with `keep` set at once (the action's report).
 */
export async function showPages(client: Pick<PagesApi, 'pages'>, change: Partial<PagesQuery>, { remember = rememberInHistory, reload = false, keep = {} as Partial<PagesState> } = {}) {
  const before = now().query;
  const query: PagesQuery = { q: change.q ?? before.q, sort: change.sort ?? before.sort };
  remember(pagesHref(query));
  if (!reload && query.q.trim() === before.q.trim()) {
    update({ query, ...keep });
    return;
  }
  const ask = ++asked;
  update({ query, loading: true, ...keep });
  try {
    const list = await client.pages(query.q.trim() || undefined);
    if (ask === asked) update({ pages: list.data, loading: false, error: null });
  } catch (failure) {
    if (ask === asked) update({ loading: false, error: `The pages could not be loaded: ${words(failure)}` });
  }
}

/** A refused form in words under its fields: the API's `errors.url` and `errors.title`, else one message. */
function formRefusal(failure: unknown): PageFormProblems {
  const fields = fieldErrors(failure);
  const problems: PageFormProblems = {};
  if (fields.url) problems.url = fields.url;
  if (fields.title) problems.title = fields.title;
  if (!problems.url && !problems.title) problems.form = words(failure);
  return problems;
}

/**
 * Makes a new page (POST /s/api/pages) and goes to its editor. Resolves to what is wrong with the form (shown
 * under its fields: a missing field here, the path's format, a shop's own route or a taken path as the API says),
 * or null once made (`go` has been given the editor's address).
 */
export async function createPage(client: Pick<PagesApi, 'createPage'>, form: PageForm, go: (href: string) => void): Promise<PageFormProblems | null> {
  const built = pageBody(form);
  if ('problems' in built) return built.problems;
  try {
    go(editorHref(await client.createPage(built.body)));
    return null;
  } catch (failure) {
    return formRefusal(failure);
  }
}

/**
 * Copies a page to a new path and title (POST /s/api/pages/{id}/duplicate): the copy is a draft. Resolves to
 * what is wrong with the form, or null once made: the list is loaded again with the copy shown out and a link
 * to its editor.
 */
export async function duplicatePage(client: Pick<PagesApi, 'pages' | 'duplicatePage'>, page: PageSummary, form: PageForm, remember: Remember = rememberInHistory): Promise<PageFormProblems | null> {
  const built = pageBody(form);
  if ('problems' in built) return built.problems;
  if (now().acting !== null) return { form: 'Wait for the action under way to finish' };
  update({ acting: page.id, report: null, fresh: null });
  try {
    const copy = await client.duplicatePage(page.id, built.body);
    const report: PagesReport = { tone: 'success', text: duplicatedText(page, copy), link: { href: editorHref(copy), text: `Edit ${copy.url}` } };
    // The copy may not match the search: the search is cleared so it shows.
    await showPages(client, { q: '' }, { remember, reload: true, keep: { report, fresh: copy.id } });
    return null;
  } catch (failure) {
    return formRefusal(failure);
  } finally {
    update({ acting: null });
  }
}

/** A refused action in words: the API's own, and for a 404 or 409 that someone got there first. */
function refusal(page: PageSummary, failure: unknown): string {
  const raced = failure instanceof ApiCallError && (failure.status === 404 || failure.status === 409);
  return `${page.url}: ${raced ? sentences(words(failure), 'Someone may have changed it first: the list is loaded again.') : words(failure)}`;
}

async function act(client: Pick<PagesApi, 'pages'>, page: PageSummary, call: () => Promise<unknown>, done: string, remember: Remember) {
  if (now().acting !== null) return;
  update({ acting: page.id, report: null, fresh: null });
  let report: PagesReport;
  try {
    await call();
    report = { tone: 'success', text: done };
  } catch (failure) {
    report = { tone: 'error', text: refusal(page, failure) };
  }
  await showPages(client, {}, { remember, reload: true, keep: { report } });
  update({ acting: null });
}

/** Takes a live page off the shop (POST /s/api/pages/{id}/unpublish): its draft stays; the list is loaded again. */
export const unpublishPage = (client: Pick<PagesApi, 'pages' | 'unpublishPage'>, page: PageSummary, remember: Remember = rememberInHistory) =>
  act(client, page, () => client.unpublishPage(page.id), unpublishedText(page), remember);

/** Deletes a page (DELETE /s/api/pages/{id}); the list is loaded again without it. */
export const deletePage = (client: Pick<PagesApi, 'pages' | 'deletePage'>, page: PageSummary, remember: Remember = rememberInHistory) =>
  act(client, page, () => client.deletePage(page.id), deletedText(page), remember);

