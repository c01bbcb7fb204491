import type { PageDetail } from '../../../contract/page-builder';

/** A page's detail as the API answers it, for the editor's tests. */
export function detail(change: Partial<PageDetail> = {}): PageDetail {
  return {
    id: 7,
    url: '/summer-sale',
    title: 'Summer sale',
    state: 'draft',
    live: false,
    version: 3,
    draft: { url: '/summer-sale', title: 'Summer sale', components: [] },
    errors: {},
    published: null,
    published_at: null,
    published_by: null,
    scheduled_at: null,
    saved_at: '2026-11-26T10:12:00.000Z',
    saved_by: { id: 3, name: 'Meera Iyer' },
    preview_url: '/page-builder/preview/7',
    ...change,
  };
}
