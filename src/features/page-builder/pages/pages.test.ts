import { describe, expect, it } from 'vitest';
import { summary } from './fixtures';
import {
  canDelete, canUnpublish, changedAt, changedBy, deleteQuestion, duplicateForm, listCaption, pageBody, pagesHref, pathFromTitle, readPagesQuery, sortPages, STATE_LABELS, stateNote, tidyPath,
  unpublishQuestion,
} from './pages';

/** 26 Nov 2026, 10:00 AM in India. */
const NOW = new Date('2026-11-26T04:30:00.000Z');

describe('the pages list', () => {
  it('names every state in words, and what it means for shoppers', () => {
    expect(STATE_LABELS).toEqual({ draft: 'Draft', published: 'Published', changed: 'Published, with unpublished changes', scheduled: 'Scheduled' });
    expect(stateNote({ state: 'draft', live: false, scheduled_at: null }, NOW)).toBe('Not live: shoppers get a 404 here');
    expect(stateNote({ state: 'changed', live: true, scheduled_at: null }, NOW)).toBe('Shoppers see the last published version');
    // 27 Nov, 9:00 AM in India; and a live page's changes on 1 Dec.
    expect(stateNote({ state: 'scheduled', live: false, scheduled_at: '2026-11-27T03:30:00.000Z' }, NOW)).toBe('Goes live tomorrow, 9:00 AM');
    expect(stateNote({ state: 'scheduled', live: true, scheduled_at: '2026-12-01T03:30:00.000Z' }, NOW)).toBe('Its changes go live Dec 1, 9:00 AM');
  });

  it("says when on India's clock, as short as it can: today, yesterday, this year, before", () => {
    // 3:42 PM in India is 10:12 UTC; 11:50 PM on the 25th in India is still the 25th, though UTC says 18:20.
    expect(changedAt('2026-11-26T10:12:00.000Z', NOW)).toBe('Today, 3:42 PM');
    expect(changedAt('2026-11-25T18:20:00.000Z', NOW)).toBe('Yesterday, 11:50 PM');
    expect(changedAt('2026-11-25T18:31:00.000Z', NOW)).toBe('Today, 12:01 AM');
    expect(changedAt('2026-03-04T04:00:00.000Z', NOW)).toBe('Mar 4, 9:30 AM');
    expect(changedAt('2025-12-31T20:00:00.000Z', NOW)).toBe('Jan 1, 1:30 AM');
    expect(changedAt('2025-12-31T18:00:00.000Z', NOW)).toBe('Dec 31, 2025, 11:30 PM');
    expect(changedBy(summary(1, '/a', { updated_at: '2026-11-26T10:12:00.000Z' }), NOW)).toBe('Meera Iyer · Today, 3:42 PM');
    expect(changedBy(summary(1, '/a', { updated_at: '2026-11-26T10:12:00.000Z', updated_by: null }), NOW)).toBe('Today, 3:42 PM');
  });

  it('keeps home first, then orders by the last change, the path or the title', () => {
    const pages = [
      summary(1, '/b-offers', { title: 'Zebra', updated_at: '2026-11-21T00:00:00.000Z' }),
      summary(2, '/', { updated_at: '2026-11-01T00:00:00.000Z' }),
      summary(3, '/a-sale', { title: 'apples', updated_at: '2026-11-25T00:00:00.000Z' }),
      summary(4, '/c-10', { title: 'Apples', updated_at: '2026-11-25T00:00:00.000Z' }),
    ];
    expect(sortPages(pages, 'changed').map((p) => p.id)).toEqual([2, 3, 4, 1]);
    expect(sortPages(pages, 'path').map((p) => p.id)).toEqual([2, 3, 1, 4]);
    expect(sortPages(pages, 'title').map((p) => p.id)).toEqual([2, 3, 4, 1]);
    expect(pages.map((p) => p.id)).toEqual([1, 2, 3, 4]);
  });

  it('keeps its search and order in the address, the defaults left out', () => {
    expect(readPagesQuery(new URLSearchParams('q= sale &sort=path'))).toEqual({ q: 'sale', sort: 'path' });
    expect(readPagesQuery(new URLSearchParams('sort=size'))).toEqual({ q: '', sort: 'changed' });
    expect(readPagesQuery(new URLSearchParams(`q=${'x'.repeat(300)}`)).q).toHaveLength(120);
    expect(pagesHref({ q: '', sort: 'changed' })).toBe('/page-builder');
    expect(pagesHref({ q: 'diwali sale', sort: 'title' })).toBe('/page-builder?q=diwali+sale&sort=title');
    expect(listCaption(1, '')).toBe('1 page');
    expect(listCaption(12, 'sale')).toBe('12 pages match “sale”');
  });

  it('asks for a path and a title, and leaves the path rules to the API', () => {
    expect(pageBody({ url: ' ', title: '  ' })).toEqual({ problems: { url: "Enter the page's path, like /summer-sale", title: "Enter the page's title" } });
    expect(pageBody({ url: ' summer-sale ', title: ' Summer sale ' })).toEqual({ body: { url: '/summer-sale', title: 'Summer sale' } });
    // The shop's own routes and bad formats go to the API, which says so in errors.url.
    expect(pageBody({ url: '/products', title: 'Products' })).toEqual({ body: { url: '/products', title: 'Products' } });
    expect(tidyPath('/x')).toBe('/x');
    expect(pathFromTitle('Summer Sale 2026!')).toBe('/summer-sale-2026');
    expect(pathFromTitle('Fruits & Vegetables — Café')).toBe('/fruits-and-vegetables-cafe');
    expect(pathFromTitle('  ')).toBe('/');
  });

  it('offers a copy of a page under a new path, the home page too', () => {
    expect(duplicateForm({ url: '/summer-sale', title: 'Summer sale' })).toEqual({ url: '/summer-sale-copy', title: 'Summer sale (copy)' });
    expect(duplicateForm({ url: '/', title: 'Home' })).toEqual({ url: '/home-copy', title: 'Home (copy)' });
  });

  it('never offers to unpublish or delete the home page, and says what each step does', () => {
    expect(canUnpublish(summary(1, '/'))).toBe(false);
    expect(canDelete(summary(1, '/'))).toBe(false);
    expect(canUnpublish(summary(2, '/sale'))).toBe(true);
    expect(canUnpublish(summary(2, '/sale', { state: 'draft', live: false }))).toBe(false);
    expect(canDelete(summary(2, '/sale', { state: 'draft', live: false }))).toBe(true);
    expect(unpublishQuestion({ url: '/summer-sale' })).toBe('Unpublish /summer-sale? Shoppers will get a 404 at this address until you publish it again.');
    expect(deleteQuestion({ url: '/sale', title: 'Sale', live: false })).toBe('Delete /sale (“Sale”)? Its draft and every published version are deleted, and this cannot be undone.');
    expect(deleteQuestion({ url: '/sale', title: 'Sale', live: true })).toMatch(/cannot be undone\. Shoppers will get a 404 at this address\.$/);
  });
});
