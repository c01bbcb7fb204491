/**
 * The page builder's pages list (docs/page-builder.md#pages-list): what a page's state says, how the list is
 * ordered, when it was changed (India's time), the view as the address keeps it, the new-page and duplicate forms'
 * bodies, and what each action asks and did, in words. Plain functions: the store, the island, the page and the
 * tests share them.
 */
import type { PageCreateBody, PageState, PageSummary } from '../../../contract/page-builder';
import { plural } from '../../../contract/plural';
import { indiaDate, inIndia } from '../../../lib/india-time';

/** The home page: always there, never unpublished or deleted. */
export const isHome = (page: Pick<PageSummary, 'url'>) => page.url === '/';

/** A state as its badge says it (text, never colour alone). */
export const STATE_LABELS: Record<PageState, string> = {
  draft: 'Draft',
  published: 'Published',
  changed: 'Published, with unpublished changes',
  scheduled: 'Scheduled',
};

/** What a state means for shoppers, said beside the badge. */
export function stateNote(page: Pick<PageSummary, 'state' | 'live' | 'scheduled_at'>, now: Date = new Date()): string {
  if (page.state === 'scheduled') {
    const when = page.scheduled_at ? changedAt(page.scheduled_at, now).replace(/^(Today|Yesterday|Tomorrow)/, (word) => word.toLowerCase()) : 'soon';
    return `${page.live ? 'Its changes go live' : 'Goes live'} ${when}`;
  }
  if (page.state === 'draft') return 'Not live: shoppers get a 404 here';
  if (page.state === 'changed') return 'Shoppers see the last published version';
  return 'Live';
}

export const SORTS = ['changed', 'path', 'title'] as const;
export type PageSort = (typeof SORTS)[number];
export const SORT_LABELS: Record<PageSort, string> = { changed: 'Last changed', path: 'Path (A–Z)', title: 'Title (A–Z)' };

const byText = (a: string, b: string) => a.localeCompare(b, 'en-IN', { sensitivity: 'base', numeric: true });

/** The list in the order chosen, home always first (it is the one page every marketer looks for). */
export function sortPages(pages: readonly PageSummary[], sort: PageSort): PageSummary[] {
  const rank = (page: PageSummary) => (isHome(page) ? 0 : 1);
  return [...pages].sort((a, b) => {
    if (rank(a) !== rank(b)) return rank(a) - rank(b);
    if (sort === 'path') return byText(a.url, b.url);
    if (sort === 'title') return byText(a.title, b.title) || byText(a.url, b.url);
    return Date.parse(b.updated_at) - Date.parse(a.updated_at) || byText(a.url, b.url);
  });
}

/**
 * When something happened, on India's clock, as short as it can be said: 'Today, 3:42 PM', 'Yesterday, 9:05 AM',
 * 'Nov 26, 3:42 PM' this year, 'Nov 26, 2025, 3:42 PM' before (the product's 'MMM D, YYYY' and 'h:mm A').
 * Tomorrow says so too: a scheduled publish is in the future.
 */
export function changedAt(at: string, now: Date = new Date()): string {
  const when = inIndia(at);
  const day = when.format('YYYY-MM-DD');
  const time = when.format('h:mm A');
  if (day === indiaDate(now)) return `Today, ${time}`;
  if (day === indiaDate(now, -1)) return `Yesterday, ${time}`;
  if (day === indiaDate(now, 1)) return `Tomorrow, ${time}`;
  return when.format('YYYY') === inIndia(now).format('YYYY') ? `${when.format('MMM D')}, ${time}` : `${when.format('MMM D, YYYY')}, ${time}`;
}

/** Who changed it last and when: 'Meera Iyer · Today, 3:42 PM' (a change by no one named: the time alone). */
export const changedBy = (page: Pick<PageSummary, 'updated_at' | 'updated_by'>, now: Date = new Date()) =>
  page.updated_by ? `${page.updated_by.name} · ${changedAt(page.updated_at, now)}` : changedAt(page.updated_at, now);

/** The view the address asks for (`?q=sale&sort=path`); anything it cannot be falls back to all pages, last changed. */
export interface PagesQuery {
  q: string;
  sort: PageSort;
}
export function readPagesQuery(params: URLSearchParams): PagesQuery {
  const sort = params.get('sort');
  return { q: (params.get('q') ?? '').trim().slice(0, 120), sort: SORTS.includes(sort as PageSort) ? (sort as PageSort) : 'changed' };
}

/** The address of a view: an empty search and the default order are left out. */
export function pagesHref({ q, sort }: PagesQuery): string {
  const params = new URLSearchParams();
  if (q.trim()) params.set('q', q.trim());
  if (sort !== 'changed') params.set('sort', sort);
  const query = params.toString();
  return `/page-builder${query ? `?${query}` : ''}`;
}

/** A page's editor (the page builder's own screen). */
export const editorHref = (page: Pick<PageSummary, 'id'>) => `/page-builder/pages/${page.id}`;

/** The caption of the list: '12 pages', or '2 pages match "sale"'. */
export const listCaption = (count: number, q: string) => (q ? `${plural(count, 'page matches', 'pages match')} “${q}”` : plural(count, 'page', 'pages'));

export interface PageForm {
  url: string;
  title: string;
}
export const EMPTY_FORM: PageForm = { url: '', title: '' };
export type PageFormProblems = Partial<Record<keyof PageForm | 'form', string>>;

/** A path as typed, made a path: trimmed, with its leading slash. */
export const tidyPath = (typed: string) => {
  const path = typed.trim();
  return path === '' || path.startsWith('/') ? path : `/${path}`;
};

/** The path a title suggests, while the path has not been typed: 'Summer Sale 2026!' → '/summer-sale-2026'. */
export const pathFromTitle = (title: string) =>
  `/${title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '')}`;

/**
 * The create (or duplicate) call's body, or what is missing. Only that a path and a title are given is judged
 * here: its format, the shop's own routes (/products, /account …) and paths already taken are the API's to say
 * (its 400 `errors.url`), so the rule lives in one place.
 */
export function pageBody(form: PageForm): { body: PageCreateBody } | { problems: PageFormProblems } {
  const url = tidyPath(form.url);
  const title = form.title.trim();
  const problems: PageFormProblems = {};
  if (!title) problems.title = "Enter the page's title";
  if (!url) problems.url = "Enter the page's path, like /summer-sale";
  return Object.keys(problems).length ? { problems } : { body: { url, title } };
}

/** The duplicate form as it opens: the page's path and title, marked as a copy. */
export const duplicateForm = (page: Pick<PageSummary, 'url' | 'title'>): PageForm => ({
  url: isHome(page) ? '/home-copy' : `${page.url}-copy`,
  title: `${page.title} (copy)`,
});

/** Why a row has no Unpublish or Delete, said where the buttons would be. */
export const HOME_KEPT = 'Home is always live: it cannot be unpublished or deleted.';

/** Which of the changing actions a page offers (the home page: none of unpublish and delete). */
export const canUnpublish = (page: Pick<PageSummary, 'url' | 'live'>) => page.live && !isHome(page);
export const canDelete = (page: Pick<PageSummary, 'url'>) => !isHome(page);

/** What the unpublish step says it will do. */
export const unpublishQuestion = (page: Pick<PageSummary, 'url'>) => `Unpublish ${page.url}? Shoppers will get a 404 at this address until you publish it again.`;

/** What the delete step says it will do: a live page's address stops answering too. */
export const deleteQuestion = (page: Pick<PageSummary, 'url' | 'title' | 'live'>) =>
  `Delete ${page.url} (“${page.title}”)? Its draft and every published version are deleted, and this cannot be undone.${page.live ? ' Shoppers will get a 404 at this address.' : ''}`;

export const unpublishedText = (page: Pick<PageSummary, 'url'>) => `${page.url} is unpublished: shoppers get a 404 there until you publish it again.`;
export const deletedText = (page: Pick<PageSummary, 'url'>) => `${page.url} is deleted.`;
export const duplicatedText = (from: Pick<PageSummary, 'url'>, to: Pick<PageSummary, 'url'>) => `${from.url} is copied to ${to.url}, as a draft.`;
