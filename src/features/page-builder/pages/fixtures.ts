/** Pages as the API lists them, for the pages list's tests. */
import type { PageDetail, PageSummary } from '../../../contract/page-builder';

export const summary = (id: number, url: string, change: Partial<PageSummary> = {}): PageSummary => ({
  id,
  url,
  title: url === '/' ? 'Home' : `Page ${url}`,
  state: 'published',
  live: true,
  live_url: url,
  scheduled_at: null,
  updated_at: '2026-11-20T06:00:00.000Z',
  updated_by: { id: 3, name: 'Meera Iyer' },
  preview_url: `/page-builder/preview/${id}`,
  ...change,
});

export const detail = (page: PageSummary): PageDetail => ({
  ...page,
  version: 1,
  draft: {},
  errors: {},
  published: null,
  published_at: null,
  published_by: null,
  saved_at: page.updated_at,
  saved_by: page.updated_by,
});
