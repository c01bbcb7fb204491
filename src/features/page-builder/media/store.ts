import { atom, type WritableAtom } from 'nanostores';
import type { MediaItem } from '../../../contract/page-builder';
import { ApiCallError } from '../../../lib/api/client';
import { pageBuilderApi, type PageBuilderApi } from '../../../lib/api/page-builder';
import { errorMessage } from '../../../lib/errors';
import { uploadProblems } from './media';

/**
 * One media library's state: the list for a search, the upload under way and its problems by field, and what the
 * last action did. The screen and every picker each make their own (`createMediaLibrary`), so a picker opened
 * inside another screen never disturbs it. An answer to an older search than the latest is dropped.
 */
export interface MediaState {
  q: string;
  items: MediaItem[];
  loading: boolean;
  /** The list could not be loaded. */
  error: string | null;
  /** The file name being uploaded, while it is. */
  uploading: string | null;
  /** The last upload's problems, by field (file, alt), or as a whole (`_`). */
  uploadErrors: Record<string, string>;
  report: { tone: 'success' | 'error'; text: string } | null;
}

export type MediaApi = Pick<PageBuilderApi, 'media' | 'uploadMedia' | 'deleteMedia' | 'updateMediaAlt'>;

/** The page builder's calls for the library, made on first use: a screen rendered on the server makes none. */
export function browserMediaApi(): MediaApi {
  let api: PageBuilderApi | undefined;
  const get = () => (api ??= pageBuilderApi());
  return {
    media: (q) => get().media(q),
    uploadMedia: (file, alt, filename) => get().uploadMedia(file, alt, filename),
    deleteMedia: (id) => get().deleteMedia(id),
    updateMediaAlt: (id, alt) => get().updateMediaAlt(id, alt),
  };
}

export const emptyMedia = (items: MediaItem[] = [], q = ''): MediaState => ({ q, items, loading: false, error: null, uploading: null, uploadErrors: {}, report: null });

/** A refusal's words by field: the API's `errors` ({ file: [...] }), else its message as the whole form's. */
function fieldErrors(failure: unknown): Record<string, string> {
  const body = failure instanceof ApiCallError ? failure.body : null;
  const errors = body && typeof body === 'object' && 'errors' in body ? (body as { errors: unknown }).errors : null;
  const found: Record<string, string> = {};
  if (errors && typeof errors === 'object') {
    for (const [field, messages] of Object.entries(errors as Record<string, unknown>)) {
      const first = Array.isArray(messages) ? messages[0] : messages;
      if (typeof first === 'string') found[field] = first;
    }
  }
  if (Object.keys(found).length === 0) found._ = errorMessage(failure);
  return found;
}

export function createMediaLibrary(client: MediaApi, seed: MediaState = emptyMedia()) {
  const $state: WritableAtom<MediaState> = atom(seed);
  const update = (change: Partial<MediaState>) => $state.set({ ...$state.get(), ...change });
  let asked = 0;

  /** Loads the list for a search ('' for all), newest first. */
  async function search(q: string): Promise<void> {
    const ask = ++asked;
    update({ q, loading: true, error: null });
    try {
      const { data } = await client.media(q.trim() || undefined);
      if (ask === asked) update({ items: data, loading: false });
    } catch (failure) {
      if (ask === asked) update({ loading: false, error: errorMessage(failure) });
    }
  }

  /** Uploads a file with its alt text; the new image leads the list. Resolves the image, or null when refused. */
  async function upload(file: File | null, alt: string): Promise<MediaItem | null> {
    const problems = uploadProblems(file, alt);
    if (problems.file || problems.alt) {
      update({ uploadErrors: problems as Record<string, string>, report: null });
      return null;
    }
    update({ uploading: file!.name, uploadErrors: {}, report: null });
    try {
      const item = await client.uploadMedia(file!, alt.trim(), file!.name);
      const { items } = $state.get();
      update({ uploading: null, items: [item, ...items.filter((i) => i.id !== item.id)], report: { tone: 'success', text: `Uploaded ${item.filename}` } });
      return item;
    } catch (failure) {
      update({ uploading: null, uploadErrors: fieldErrors(failure) });
      return null;
    }
  }

  /** Deletes an image; a refusal (it is in use) is reported with the API's words and the list is loaded again. */
  async function remove(item: MediaItem): Promise<boolean> {
    try {
      await client.deleteMedia(item.id);
      update({ items: $state.get().items.filter((i) => i.id !== item.id), report: { tone: 'success', text: `Deleted ${item.filename}` } });
      return true;
    } catch (failure) {
      update({ report: { tone: 'error', text: errorMessage(failure) } });
      await search($state.get().q);
      return false;
    }
  }

  /** Saves a new alt text; resolves the field's problem, or null when saved. */
  async function saveAlt(item: MediaItem, alt: string): Promise<string | null> {
    try {
      const saved = await client.updateMediaAlt(item.id, alt.trim());
      update({ items: $state.get().items.map((i) => (i.id === saved.id ? saved : i)), report: { tone: 'success', text: `Saved the alt text of ${saved.filename}` } });
      return null;
    } catch (failure) {
      const errors = fieldErrors(failure);
      return errors.alt ?? errors._ ?? errorMessage(failure);
    }
  }

  const clearUpload = () => update({ uploadErrors: {}, report: null });
  return { $state, search, upload, remove, saveAlt, clearUpload };
}
export type MediaLibrary = ReturnType<typeof createMediaLibrary>;
