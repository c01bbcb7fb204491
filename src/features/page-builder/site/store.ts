import { atom } from 'nanostores';
import type { FieldErrors, SiteDocument, SiteSettings, SiteVersion } from '../../../contract/site-settings';
import { ApiCallError } from '../../../lib/api/client';
import type { PageBuilderApi } from '../../../lib/api/page-builder';
import { errorMessage } from '../../../lib/errors';
import { fromDocument, toDocument, type TreeItem } from './nav-tree';

/**
 * The website screen's state (docs/page-builder.md#the-website). Every edit changes the draft here at once and is
 * saved a moment later (autosave, one save at a time, the newest edits always saved last); each save names the
 * version it started from, and a 409 stops autosaving and says who saved since. The preview is drawn again after
 * each save. Publish saves what is pending first.
 */

/** The document as the screen edits it: the lists carry the screen's own ids. */
export interface EditorDoc extends Omit<SiteDocument, 'navigation' | 'footer'> {
  navigation: TreeItem[];
  footer: TreeItem[];
}

type SaveState = 'saved' | 'pending' | 'saving' | 'failed' | 'conflict';

export interface SiteState {
  canEdit: boolean;
  version: number;
  doc: EditorDoc;
  published: SiteDocument;
  errors: FieldErrors;
  save: SaveState;
  savedAt: string | null;
  /** Why the last save, publish or discard failed, or who saved since (a 409). */
  problem: string | null;
  /** Whether the draft differs from what is live (as the server last said, or since an edit). */
  changed: boolean;
  busy: 'publishing' | 'discarding' | 'restoring' | null;
  /** Raised after each save: the preview's address carries it, so the frame loads the new draft. */
  previewKey: number;
  previewUrl: string;
  versions: SiteVersion[] | null;
  /** A short line for the status region ("Published: shoppers see it now"). */
  notice: string | null;
}

export type SiteApi = Pick<PageBuilderApi, 'saveSiteDraft' | 'publishSiteSettings' | 'discardSiteDraft' | 'siteVersions' | 'restoreSiteVersion'>;

const toEditor = (doc: SiteDocument): EditorDoc => ({ ...doc, navigation: fromDocument(doc.navigation), footer: fromDocument(doc.footer) });
export const fromEditor = (doc: EditorDoc): SiteDocument => ({ ...doc, navigation: toDocument(doc.navigation), footer: toDocument(doc.footer) });

export const seededState = (settings: SiteSettings, canEdit: boolean): SiteState => ({
  canEdit,
  version: settings.version,
  doc: toEditor(settings.draft),
  published: settings.published,
  errors: settings.errors,
  save: 'saved',
  savedAt: settings.saved_at,
  problem: null,
  changed: settings.changed,
  busy: null,
  previewKey: 0,
  previewUrl: settings.preview_url,
  versions: null,
  notice: null,
});

export const $site = atom<SiteState | null>(null);
const now = () => $site.get()!;
const update = (change: Partial<SiteState>) => $site.set({ ...now(), ...change });

/** How long after the last keystroke the draft is saved. */
export const AUTOSAVE_MS = 700;
let timer: ReturnType<typeof setTimeout> | undefined;
let running: Promise<void> | null = null;
let client: SiteApi | null = null;

export function seedSite(settings: SiteSettings, canEdit: boolean, api: SiteApi) {
  clearTimeout(timer);
  running = null;
  client = api;
  $site.set(seededState(settings, canEdit));
}

/** An edit of the draft: applied now, saved after AUTOSAVE_MS without another edit. */
export function edit(change: (doc: EditorDoc) => EditorDoc) {
  const state = now();
  if (!state.canEdit || state.save === 'conflict') return;
  const doc = change(state.doc);
  if (doc === state.doc) return;
  update({ doc, save: 'pending', changed: true, notice: null });
  clearTimeout(timer);
  timer = setTimeout(() => void saveNow(), AUTOSAVE_MS);
}

/** Saves what is pending now (and again, if edits arrive while it saves). */
export async function saveNow(): Promise<void> {
  clearTimeout(timer);
  if (running) {
    await running;
    if (now().save === 'pending') return saveNow();
    return;
  }
  if (now().save !== 'pending' && now().save !== 'failed') return;
  running = (async () => {
    const sent = now().doc;
    update({ save: 'saving' });
    try {
      const saved = await client!.saveSiteDraft(now().version, fromEditor(sent));
      const pending = now().doc !== sent;
      update({ version: saved.version, savedAt: saved.saved_at, errors: saved.errors, save: pending ? 'pending' : 'saved', problem: null, previewKey: now().previewKey + 1 });
    } catch (failure) {
      const conflict = failure instanceof ApiCallError && failure.status === 409;
      update({ save: conflict ? 'conflict' : 'failed', problem: errorMessage(failure) });
    }
  })();
  await running;
  running = null;
  if (now().save === 'pending') return saveNow();
}

/** Whether leaving the page now would lose an edit. */
export const unsaved = (state: SiteState) => state.save === 'pending' || state.save === 'saving' || state.save === 'failed';

function settled(settings: SiteSettings, notice: string) {
  update({
    version: settings.version,
    doc: toEditor(settings.draft),
    published: settings.published,
    errors: settings.errors,
    changed: settings.changed,
    save: 'saved',
    savedAt: settings.saved_at,
    problem: null,
    busy: null,
    previewKey: now().previewKey + 1,
    versions: null,
    notice,
  });
}

async function command(busy: NonNullable<SiteState['busy']>, run: (api: SiteApi) => Promise<SiteSettings>, notice: string): Promise<boolean> {
  await saveNow();
  const state = now();
  if (state.save !== 'saved') return false;
  update({ busy, problem: null, notice: null });
  try {
    settled(await run(client!), notice);
    return true;
  } catch (failure) {
    const conflict = failure instanceof ApiCallError && failure.status === 409;
    const body = failure instanceof ApiCallError ? (failure.body as { errors?: FieldErrors } | null) : null;
    update({ busy: null, problem: errorMessage(failure), save: conflict ? 'conflict' : now().save, errors: body?.errors ?? now().errors });
    return false;
  }
}

/** Publishes the draft (saving what is pending first): shoppers see it at once. */
export const publish = () => command('publishing', (api) => api.publishSiteSettings(now().version), 'Published: shoppers see these settings now');
/** The draft becomes what is live again. */
export const discard = () => command('discarding', (api) => api.discardSiteDraft(now().version), 'Draft discarded: it is what shoppers see again');
/** A published version becomes the draft (publish makes it live). */
export const restore = (version: number) => command('restoring', (api) => api.restoreSiteVersion(version), `Version ${version} is now the draft: publish it to make it live`);

export async function loadVersions() {
  try {
    update({ versions: (await client!.siteVersions()).data });
  } catch (failure) {
    update({ problem: errorMessage(failure) });
  }
}
