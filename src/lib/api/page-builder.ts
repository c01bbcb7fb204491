import type { PageCreateBody } from '../../contract/page-builder';
import { isJsonObject, pageSend } from './browser';
import { createCaller, queryString, type CheckAnswer, type Send } from './client';

/**
 * The page builder's calls (docs/page-builder.md): pages with drafts, versions and schedule, the media library and
 * the forms' answers. A separate client, like the back office's, so no shopper's page carries it.
 */
export function createPageBuilderApi(send: Send, check: CheckAnswer) {
  const { call, post } = createCaller(send, check);
  return {
    pages: (q?: string) => call('PageList', `/pages${queryString({ q })}`),
    createPage: (body: PageCreateBody) => call('PageDetail', '/pages', post(body)),
    /** What the shop will leave out of a page's CSS, line by line. */
    cssProblems: (css: string) => call('PageCssProblems', '/pages/css-check', post({ css })),
    pageDetail: (id: number) => call('PageDetail', `/pages/${id}`),
    /** Saves the draft (409 with who saved since when `version` is not the latest). */
    saveDraft: (id: number, version: number, document: unknown) => call('PageDraftSaved', `/pages/${id}/draft`, post({ version, document }, 'PUT')),
    /** Publishes the draft now, or at `at` (an IST date and time). */
    publishPage: (id: number, at?: string) => call('PageDetail', `/pages/${id}/publish`, post(at ? { at } : {})),
    unpublishPage: (id: number) => call('PageDetail', `/pages/${id}/unpublish`, post({})),
    /** Ends a scheduled publish (409 when none is scheduled); the draft stays. */
    unschedulePage: (id: number) => call('PageDetail', `/pages/${id}/unschedule`, post({})),
    discardDraft: (id: number) => call('PageDetail', `/pages/${id}/discard`, post({})),
    duplicatePage: (id: number, body: PageCreateBody) => call('PageDetail', `/pages/${id}/duplicate`, post(body)),
    deletePage: (id: number) => call('Message', `/pages/${id}`, { method: 'DELETE' }),
    pageVersions: (id: number) => call('PageVersionList', `/pages/${id}/versions`),
    /** The page document a kept version published. */
    pageVersion: (id: number, version: number) => call('PageDocument', `/pages/${id}/versions/${version}`),
    /** The draft (or a kept version) as the live page call would answer it: what the preview shows. */
    pagePreview: (id: number, version?: number) => call('PageData', `/pages/${id}/preview${queryString({ version })}`),
    /** Makes a kept version the draft. */
    restoreVersion: (id: number, version: number) => call('PageDetail', `/pages/${id}/versions/${version}/restore`, post({})),
    media: (q?: string) => call('MediaList', `/media${queryString({ q })}`),
    /** Uploads an image (multipart: `file` and `alt`). */
    uploadMedia: (file: Blob, alt: string, filename = 'image') => {
      const form = new FormData();
      form.set('file', file, filename);
      form.set('alt', alt);
      return call('MediaItem', '/media', { method: 'POST', body: form });
    },
    /** Changes an image's alt text. */
    updateMediaAlt: (id: number, alt: string) => call('MediaItem', `/media/${id}`, post({ alt }, 'PUT')),
    /** Deletes an image and its files (409 with `used_in` while a page or a site setting uses it). */
    deleteMedia: (id: number) => call('Message', `/media/${id}`, { method: 'DELETE' }),
    /** The suppliers a supplier carousel may name, found by name (the editor's picker). */
    supplierChoices: (q?: string) => call('SupplierChoiceList', `/pages/choices/suppliers${queryString({ q })}`),
    /** The website's settings: the draft, what is live, the version and the draft's problems. */
    siteSettings: () => call('SiteSettings', '/site-settings'),
    /** Saves the settings' draft (409 with who saved since when `version` is not the latest). */
    saveSiteDraft: (version: number, document: unknown) => call('PageDraftSaved', '/site-settings/draft', post({ version, document }, 'PUT')),
    publishSiteSettings: (version: number) => call('SiteSettings', '/site-settings/publish', post({ version })),
    discardSiteDraft: (version: number) => call('SiteSettings', '/site-settings/discard', post({ version })),
    siteVersions: () => call('SiteVersionList', '/site-settings/versions'),
    /** Makes a published version of the settings the draft. */
    restoreSiteVersion: (version: number) => call('SiteSettings', `/site-settings/versions/${version}/restore`, post({})),
    formResponses: (query: { formtype?: string; q?: string; page?: number } = {}) => call('FormResponseList', `/forms/responses${queryString(query)}`),
    deleteFormResponse: (id: number) => call('Message', `/forms/responses/${id}`, { method: 'DELETE' }),
    /** Deletes up to 100 answers at once (those already gone are left out; the message says how many went). */
    deleteFormResponses: (ids: number[]) => call('Message', '/forms/responses/delete', post({ ids })),
  };
}
export type PageBuilderApi = ReturnType<typeof createPageBuilderApi>;

/** The page builder's calls for its islands. */
export const pageBuilderApi = () => createPageBuilderApi(pageSend(), isJsonObject);
