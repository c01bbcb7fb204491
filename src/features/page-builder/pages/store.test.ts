import { describe, expect, it } from 'vitest';
import type { PageCreateBody, PageSummary } from '../../../contract/page-builder';
import { ApiCallError } from '../../../lib/api/client';
import { detail, summary } from './fixtures';
import { $pages, createPage, deletePage, duplicatePage, loadPages, seedPages, showPages, unpublishPage, type PagesApi } from './store';

/** The API as a fake: a website's pages in memory, every call written down. */
function fake(start: PageSummary[], change: Partial<PagesApi> = {}) {
  let pages = [...start];
  const asked: unknown[] = [];
  const client: PagesApi = {
    pages: async (q) => (asked.push(['pages', q]), { data: pages.filter((p) => !q || p.url.includes(q) || p.title.includes(q)) }),
    createPage: async (body: PageCreateBody) => (asked.push(['create', body]), detail(summary(90, body.url, { title: body.title, state: 'draft', live: false }))),
    duplicatePage: async (id, body) => {
      asked.push(['duplicate', id, body]);
      const copy = summary(91, body.url, { title: body.title, state: 'draft', live: false });
      pages = [...pages, copy];
      return detail(copy);
    },
    unpublishPage: async (id) => {
      asked.push(['unpublish', id]);
      pages = pages.map((p) => (p.id === id ? { ...p, state: 'draft', live: false } : p));
      return detail(pages.find((p) => p.id === id)!);
    },
    deletePage: async (id) => (asked.push(['delete', id]), (pages = pages.filter((p) => p.id !== id)), { message: 'Deleted' }),
    ...change,
  };
  return { client, asked };
}

const HOME = summary(1, '/');
const SALE = summary(2, '/summer-sale', { title: 'Summer sale' });
const taken = () => new ApiCallError(400, 'Path is taken', { message: 'Path is taken', errors: { url: ['/summer-sale is taken by another page'] } });

describe("the pages list's store", () => {
  it('loads the first view, or says in words why it could not', async () => {
    expect(await loadPages(fake([HOME, SALE]).client, { q: '', sort: 'changed' })).toEqual({ query: { q: '', sort: 'changed' }, pages: [HOME, SALE], error: null });
    const down = await loadPages({ pages: async () => Promise.reject(new ApiCallError(503, 'The shop is busy, try again', {})) }, { q: 'sale', sort: 'path' });
    expect(down).toEqual({ query: { q: 'sale', sort: 'path' }, pages: [], error: 'The pages could not be loaded: The shop is busy, try again' });
  });

  it('makes a page and goes to its editor; a missing field is said without a call, a taken path under the field', async () => {
    const { client, asked } = fake([HOME]);
    const went: string[] = [];
    expect(await createPage(client, { url: '', title: 'Summer sale' }, (href) => went.push(href))).toEqual({ url: "Enter the page's path, like /summer-sale" });
    expect(asked).toEqual([]);
    expect(await createPage(client, { url: 'summer-sale', title: ' Summer sale ' }, (href) => went.push(href))).toBeNull();
    expect(asked).toEqual([['create', { url: '/summer-sale', title: 'Summer sale' }]]);
    expect(went).toEqual(['/page-builder/pages/90']);

    const refused = fake([HOME], { createPage: async () => Promise.reject(taken()) });
    expect(await createPage(refused.client, { url: '/summer-sale', title: 'Sale' }, (href) => went.push(href))).toEqual({ url: '/summer-sale is taken by another page' });
    const both = fake([HOME], {
      createPage: async () => Promise.reject(new ApiCallError(400, 'Invalid', { errors: { url: ['/products is one of the shop\'s own pages'], title: ['Title is too long'] } })),
    });
    expect(await createPage(both.client, { url: '/products', title: 'x' }, () => {})).toEqual({ url: "/products is one of the shop's own pages", title: 'Title is too long' });
    const forbidden = fake([HOME], { createPage: async () => Promise.reject(new ApiCallError(403, 'You do not have permission to do this', {})) });
    expect(await createPage(forbidden.client, { url: '/a', title: 'A' }, () => {})).toEqual({ form: 'You do not have permission to do this' });
    expect(went).toEqual(['/page-builder/pages/90']);
  });

  it('duplicates a page, clears the search so the copy shows, and links to its editor', async () => {
    seedPages({ query: { q: 'summer', sort: 'changed' }, pages: [SALE], error: null });
    const { client, asked } = fake([HOME, SALE]);
    const hrefs: string[] = [];
    expect(await duplicatePage(client, SALE, { url: '/summer-sale-copy', title: 'Summer sale (copy)' }, (href) => hrefs.push(href))).toBeNull();
    expect(asked).toEqual([['duplicate', 2, { url: '/summer-sale-copy', title: 'Summer sale (copy)' }], ['pages', undefined]]);
    const state = $pages.get()!;
    expect(state.pages.map((p) => p.url)).toEqual(['/', '/summer-sale', '/summer-sale-copy']);
    expect(state.fresh).toBe(91);
    expect(state.report).toEqual({ tone: 'success', text: '/summer-sale is copied to /summer-sale-copy, as a draft.', link: { href: '/page-builder/pages/91', text: 'Edit /summer-sale-copy' } });
    expect(state.query.q).toBe('');
    expect(state.acting).toBeNull();
    expect(hrefs).toEqual(['/page-builder']);

    const refused = fake([HOME, SALE], { duplicatePage: async () => Promise.reject(taken()) });
    expect(await duplicatePage(refused.client, SALE, { url: '/summer-sale', title: 'Again' })).toEqual({ url: '/summer-sale is taken by another page' });
    expect($pages.get()!.acting).toBeNull();
  });

  it('unpublishes and deletes, then loads the list again; a refusal is said in words', async () => {
    seedPages({ query: { q: '', sort: 'changed' }, pages: [HOME, SALE], error: null });
    const { client, asked } = fake([HOME, SALE]);
    await unpublishPage(client, SALE, () => {});
    expect(asked).toEqual([['unpublish', 2], ['pages', undefined]]);
    expect($pages.get()!.pages.find((p) => p.id === 2)).toMatchObject({ state: 'draft', live: false });
    expect($pages.get()!.report).toEqual({ tone: 'success', text: '/summer-sale is unpublished: shoppers get a 404 there until you publish it again.' });
    await deletePage(client, SALE, () => {});
    expect($pages.get()!.pages.map((p) => p.id)).toEqual([1]);
    expect($pages.get()!.report).toEqual({ tone: 'success', text: '/summer-sale is deleted.' });

    const gone = fake([HOME], { deletePage: async () => Promise.reject(new ApiCallError(404, 'No such page', {})) });
    await deletePage(gone.client, SALE, () => {});
    expect($pages.get()!.report).toEqual({ tone: 'error', text: '/summer-sale: No such page. Someone may have changed it first: the list is loaded again.' });
    expect($pages.get()!.acting).toBeNull();
  });

  it('sorts without asking again, searches in the address, and drops an answer that comes after a newer question', async () => {
    seedPages({ query: { q: '', sort: 'changed' }, pages: [HOME, SALE], error: null });
    const seen: string[] = [];
    const remember = (href: string) => seen.push(href);
    const { client, asked } = fake([HOME, SALE]);
    await showPages(client, { sort: 'path' }, { remember });
    expect(asked).toEqual([]);
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: Pick<PagesApi, 'pages'> = { pages: async () => (await gate, { data: [HOME] }) };
    const first = showPages(slow, { q: 'sum' }, { remember });
    expect($pages.get()!.loading).toBe(true);
    await showPages(client, { q: 'summer' }, { remember });
    release();
    await first;
    expect(seen).toEqual(['/page-builder?sort=path', '/page-builder?q=sum&sort=path', '/page-builder?q=summer&sort=path']);
    expect($pages.get()!.pages.map((p) => p.id)).toEqual([2]);
    expect($pages.get()!.loading).toBe(false);
  });

});
