import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SiteSettings } from '../../../contract/site-settings';
import { ApiCallError } from '../../../lib/api/client';
import { rename } from './nav-tree';
import { $site, AUTOSAVE_MS, edit, fromEditor, publish, saveNow, seedSite, unsaved, type SiteApi } from './store';

const settings = (): SiteSettings => {
  const doc = {
    navigation: [{ name: 'Home', link: '/', children: [] }],
    footer: [],
    popup: null,
    theme: { colours: {}, font_family: 'Inter' },
    seo: { og_title: 'Shop', og_description: '', meta_keywords: '', og_image: '' },
    logo: '',
    favicon: '',
  };
  return { version: 3, draft: doc, published: doc, changed: false, errors: {}, saved_at: '2026-11-26T10:12:00.000Z', saved_by: null, published_at: null, published_by: null, preview_url: '/page-builder/preview/site' };
};

function fakeApi(overrides: Partial<SiteApi> = {}) {
  const saves: { version: number; name: string }[] = [];
  const api: SiteApi = {
    saveSiteDraft: vi.fn(async (version: number, document: unknown) => {
      saves.push({ version, name: (document as { navigation: { name: string }[] }).navigation[0]!.name });
      return { version: version + 1, saved_at: '2026-11-26T10:15:00.000Z', errors: {} };
    }),
    publishSiteSettings: vi.fn(async () => ({ ...settings(), version: 9 })),
    discardSiteDraft: vi.fn(),
    siteVersions: vi.fn(),
    restoreSiteVersion: vi.fn(),
    ...overrides,
  } as SiteApi;
  return { api, saves };
}

const renameHome = (name: string) => edit((doc) => ({ ...doc, navigation: rename(doc.navigation, doc.navigation[0]!.id, name) }));

describe('the website screen\'s store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves a moment after the last edit, once, with the version it started from', async () => {
    const { api, saves } = fakeApi();
    seedSite(settings(), true, api);
    renameHome('H');
    renameHome('Ho');
    expect($site.get()!.save).toBe('pending');
    expect(unsaved($site.get()!)).toBe(true);
    await vi.advanceTimersByTimeAsync(AUTOSAVE_MS);
    expect(saves).toEqual([{ version: 3, name: 'Ho' }]);
    expect($site.get()).toMatchObject({ save: 'saved', version: 4, changed: true, previewKey: 1 });
  });

  it('saves edits made during a save right after it, with the new version', async () => {
    let release: () => void = () => {};
    const { api, saves } = fakeApi();
    const first = api.saveSiteDraft;
    api.saveSiteDraft = vi.fn(async (version: number, document: unknown) => {
      if (saves.length === 0) await new Promise<void>((resolve) => (release = resolve));
      return first(version, document);
    });
    seedSite(settings(), true, api);
    renameHome('Home page');
    const saving = saveNow();
    renameHome('Home page 2');
    release();
    await saving;
    expect(saves).toEqual([{ version: 3, name: 'Home page' }, { version: 4, name: 'Home page 2' }]);
    expect($site.get()!.save).toBe('saved');
  });

  it('stops on a 409, says who saved, and takes no more edits', async () => {
    const { api } = fakeApi({ saveSiteDraft: vi.fn(async () => Promise.reject(new ApiCallError(409, 'Conflict', { message: 'Changed by Meera Iyer at 3:42 PM — reload to see their version' }))) });
    seedSite(settings(), true, api);
    renameHome('Mine');
    await saveNow();
    expect($site.get()).toMatchObject({ save: 'conflict', problem: 'Changed by Meera Iyer at 3:42 PM — reload to see their version' });
    renameHome('Lost?');
    expect(fromEditor($site.get()!.doc).navigation[0]!.name).toBe('Mine');
  });

  it('publishes after saving what is pending, and takes what the server answers', async () => {
    const { api, saves } = fakeApi();
    seedSite(settings(), true, api);
    renameHome('Start');
    expect(await publish()).toBe(true);
    expect(saves).toHaveLength(1);
    expect(api.publishSiteSettings).toHaveBeenCalledWith(4);
    expect($site.get()).toMatchObject({ version: 9, changed: false, notice: 'Published: shoppers see these settings now' });
  });

  it('changes nothing for a view-only user', () => {
    const { api } = fakeApi();
    seedSite(settings(), false, api);
    renameHome('Nope');
    expect($site.get()!.save).toBe('saved');
    expect(fromEditor($site.get()!.doc).navigation[0]!.name).toBe('Home');
  });
});
