import { atom } from 'nanostores';
import { staleSaveMessage, type PageDetail, type PageVersion } from '../../../contract/page-builder';
import type { PageBuilderApi } from '../../../lib/api/page-builder';
import { ApiCallError } from '../../../lib/api/client';
import { errorMessage } from '../../../lib/errors';
import { formatTime } from '../../../lib/format';
import { documentErrors, keysFor, mergeErrors, putBack, removeBlock, toEditorDoc, type BlockList, type EditorDoc, type Removed } from './document';

/**
 * The block editor's state and its saving (docs/page-builder.md#editor). Every edit changes the document here at
 * once and is saved to the draft a moment after the last keystroke (`delay`, 400 ms): one save at a time, each
 * sending the whole document as it is then with the version the last save answered, so saves land in order and
 * the last word is always the latest. After each save the preview is drawn again. A save that fails is tried
 * again (1, 2, 5, 10, then every 30 s) and says so; a save refused because someone else saved since (409) stops
 * saving and says who and when, with the choice to load their version or keep a copy of this one: nothing is
 * ever written over their work without a word.
 */
export type EditorApi = Pick<PageBuilderApi, 'pageDetail' | 'saveDraft' | 'publishPage' | 'unschedulePage' | 'discardDraft' | 'pageVersions' | 'restoreVersion'>;

type SaveState = 'saved' | 'waiting' | 'saving' | 'retrying' | 'failed' | 'conflict';
export interface Conflict {
  message: string;
  version: number;
  saved_at: string;
  saved_by: { id: number; name: string } | null;
}
export interface EditorState extends BlockList {
  page: Omit<PageDetail, 'draft' | 'errors'>;
  canEdit: boolean;
  save: SaveState;
  /** When the draft was last saved. */
  savedAt: string;
  /** Why the last save failed, in words (a retry says when it tries again). */
  saveError: string | null;
  conflict: Conflict | null;
  /** The draft's problems by field path: the contract's check of the document now, and what the server found at the last save (names not on the website). */
  errors: Record<string, string[]>;
  /** Raised after every save: the preview loads again. */
  previewKey: number;
  busy: null | 'publishing' | 'unscheduling' | 'discarding' | 'restoring' | 'reloading';
  report: { tone: 'success' | 'error'; text: string } | null;
  /** The block removed last, to put back. */
  removed: Removed | null;
  versions: PageVersion[] | null;
}

export interface EditorOptions {
  delay?: number;
  /** Waits before each retry of a failed save, the last repeated. */
  retryDelays?: number[];
}

const RETRY_DELAYS = [1000, 2000, 5000, 10_000, 30_000];
/** A save refused for what it is (not for the network or the server's state) is not tried again on its own. */
const FINAL = new Set([400, 401, 403, 404, 413, 422]);

/** The meta of a page detail, without its document. */
const pageMeta = ({ draft: _draft, errors: _errors, ...page }: PageDetail) => page;

/** What only the server knows (a product no longer on the website): its problems, less those the contract's own check finds. */
function serverOnly(server: Record<string, string[]>, doc: EditorDoc): Record<string, string[]> {
  const own = documentErrors(doc);
  const out: Record<string, string[]> = {};
  for (const [path, messages] of Object.entries(server)) {
    const left = messages.filter((m) => !own[path]?.includes(m));
    if (left.length) out[path] = left;
  }
  return out;
}

/** The words of a 409: the API's own message, else who saved and when. */
function conflictOf(failure: ApiCallError): Conflict {
  const body = (failure.body ?? {}) as Partial<Conflict>;
  const savedAt = typeof body.saved_at === 'string' ? body.saved_at : new Date().toISOString();
  const by = body.saved_by && typeof body.saved_by.name === 'string' ? body.saved_by : null;
  const message = typeof body.message === 'string' && body.message ? body.message : staleSaveMessage(by?.name ?? null, formatTime(savedAt));
  return { message, version: typeof body.version === 'number' ? body.version : 0, saved_at: savedAt, saved_by: by };
}

export function createEditor(api: EditorApi, detail: PageDetail, canEdit: boolean, options: EditorOptions = {}) {
  const delay = options.delay ?? 400;
  const retryDelays = options.retryDelays ?? RETRY_DELAYS;
  const doc = toEditorDoc(detail.draft, detail);
  const $editor = atom<EditorState>({
    doc,
    keys: keysFor(doc),
    page: pageMeta(detail),
    canEdit,
    save: 'saved',
    savedAt: detail.saved_at,
    saveError: null,
    conflict: null,
    errors: mergeErrors(documentErrors(doc), serverOnly(detail.errors, doc)),
    previewKey: 0,
    busy: null,
    report: null,
    removed: null,
    versions: null,
  });
  const now = () => $editor.get();
  const update = (change: Partial<EditorState>) => $editor.set({ ...now(), ...change });

  /** The document as the server has it (the last save's, or the loaded one). */
  let savedDoc: EditorDoc = doc;
  let version = detail.version;
  /** The server's own problems at the last save. */
  let fromServer = serverOnly(detail.errors, doc);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let inFlight: Promise<void> | null = null;
  let attempts = 0;
  const dirty = () => now().doc !== savedDoc;

  const clearTimer = () => {
    if (timer) clearTimeout(timer);
    timer = null;
  };
  const later = (ms: number) => {
    clearTimer();
    timer = setTimeout(() => {
      timer = null;
      void send();
    }, ms);
  };

  /** Sends the document as it is now; one save at a time (an edit during a save is sent once it answers). */
  async function send(): Promise<void> {
    if (inFlight) return inFlight;
    if (now().conflict || !dirty() || !now().canEdit) return;
    const sent = now().doc;
    update({ save: 'saving' });
    inFlight = (async () => {
      try {
        const answer = await api.saveDraft(now().page.id, version, sent);
        savedDoc = sent;
        version = answer.version;
        attempts = 0;
        fromServer = serverOnly(answer.errors, sent);
        update({
          page: { ...now().page, version: answer.version, saved_at: answer.saved_at },
          savedAt: answer.saved_at,
          saveError: null,
          errors: mergeErrors(documentErrors(now().doc), fromServer),
          previewKey: now().previewKey + 1,
          save: dirty() ? 'waiting' : 'saved',
        });
      } catch (failure) {
        if (failure instanceof ApiCallError && failure.status === 409) {
          clearTimer();
          update({ save: 'conflict', conflict: conflictOf(failure), saveError: null });
        } else if (failure instanceof ApiCallError && FINAL.has(failure.status)) {
          update({ save: 'failed', saveError: `Not saved: ${failure.message}` });
        } else {
          const wait = retryDelays[Math.min(attempts, retryDelays.length - 1)]!;
          attempts += 1;
          update({ save: 'retrying', saveError: `Not saved: ${errorMessage(failure)} Trying again in ${Math.round(wait / 1000)} s…` });
          later(wait);
        }
      } finally {
        inFlight = null;
      }
    })();
    await inFlight;
    // Edits made while it was on its way: sent now, unless their own wait is still running.
    if (now().save === 'waiting' && !timer) await send();
  }

  /** Changes the blocks or the page: shown at once, saved after `delay` of quiet. */
  function edit(change: (list: BlockList) => BlockList) {
    const state = now();
    if (!state.canEdit || state.conflict || state.busy) return;
    const next = change({ doc: state.doc, keys: state.keys });
    if (next.doc === state.doc && next.keys === state.keys) return;
    update({ doc: next.doc, keys: next.keys, errors: mergeErrors(documentErrors(next.doc), fromServer), save: state.save === 'saving' ? 'saving' : 'waiting', report: null });
    if (state.save !== 'retrying') later(delay);
  }

  /** Removes a block, kept to put back (Undo). */
  function remove(index: number) {
    const state = now();
    const { list, removed } = removeBlock({ doc: state.doc, keys: state.keys }, index);
    if (!removed) return;
    edit(() => list);
    update({ removed });
  }
  function undoRemove() {
    const removed = now().removed;
    if (!removed) return;
    edit((list) => putBack(list, removed));
    update({ removed: null });
  }

  /** Saves what is waiting now and resolves once nothing is (or saving cannot go on: a conflict, a failure). */
  async function flush(): Promise<boolean> {
    clearTimer();
    for (let i = 0; i < 20 && (dirty() || inFlight) && !now().conflict; i++) {
      await send();
      if (now().save === 'failed' || now().save === 'retrying') break;
    }
    return !dirty() && !now().conflict;
  }

  /** Takes a page detail the server answered (a publish, discard, restore or reload): its document too when `withDoc`. */
  function take(answer: PageDetail, withDoc: boolean) {
    version = answer.version;
    if (withDoc) {
      const next = toEditorDoc(answer.draft, answer);
      savedDoc = next;
      fromServer = serverOnly(answer.errors, next);
      update({ doc: next, keys: keysFor(next), save: 'saved', saveError: null, conflict: null, removed: null });
    }
    update({ page: pageMeta(answer), savedAt: answer.saved_at, errors: mergeErrors(documentErrors(now().doc), fromServer), previewKey: now().previewKey + 1 });
  }

  async function act(busy: NonNullable<EditorState['busy']>, work: () => Promise<{ answer: PageDetail; withDoc: boolean; text: string }>) {
    if (now().busy) return false;
    update({ busy, report: null });
    try {
      const { answer, withDoc, text } = await work();
      take(answer, withDoc);
      update({ busy: null, report: { tone: 'success', text } });
      return true;
    } catch (failure) {
      update({ busy: null, report: { tone: 'error', text: errorMessage(failure) } });
      return false;
    }
  }

  /** Why Publish cannot be pressed now, or null. */
  const publishBlocked = (state: EditorState = now()): string | null => {
    if (!state.canEdit) return 'You may look at this page, not change it.';
    if (state.conflict) return 'Someone else saved this page: load their version first.';
    const count = Object.values(state.errors).reduce((n, list) => n + list.length, 0);
    if (count) return `Fix ${count === 1 ? 'the problem' : `the ${count} problems`} first.`;
    return null;
  };

  /** Publishes the draft now, or at an IST date and time ("2026-12-01T09:00"), once every edit is saved. */
  async function publish(at?: string) {
    if (publishBlocked()) return false;
    if (!(await flush())) {
      update({ report: { tone: 'error', text: 'The draft is not saved yet, so it was not published.' } });
      return false;
    }
    if (publishBlocked()) return false;
    return act('publishing', async () => {
      const answer = await api.publishPage(now().page.id, at);
      return { answer, withDoc: false, text: answer.scheduled_at ? `Scheduled for ${scheduleWords(answer.scheduled_at)}.` : `Published: ${answer.url} is live.` };
    });
  }

  /** Ends the scheduled publish: the draft stays a draft, and goes live only when published. */
  async function unschedule() {
    return act('unscheduling', async () => ({ answer: await api.unschedulePage(now().page.id), withDoc: false, text: 'The schedule is cancelled: the draft waits until you publish it.' }));
  }

  /** Throws the draft away: the page as published comes back (edits waiting are dropped with it). */
  async function discard() {
    clearTimer();
    if (inFlight) await inFlight;
    return act('discarding', async () => ({ answer: await api.discardDraft(now().page.id), withDoc: true, text: 'Draft discarded: the editor shows the page as published.' }));
  }

  /** Makes a kept version the draft (what is waiting is saved first, so it is in no one's way). */
  async function restore(v: number) {
    await flush();
    if (now().conflict) return false;
    return act('restoring', async () => ({ answer: await api.restoreVersion(now().page.id, v), withDoc: true, text: `Version ${v} is the draft now: publish it to make it live.` }));
  }

  /** After a conflict: their version, loaded (this one is gone unless kept as a copy). */
  async function reloadTheirs() {
    clearTimer();
    if (inFlight) await inFlight;
    return act('reloading', async () => ({ answer: await api.pageDetail(now().page.id), withDoc: true, text: 'Their version is loaded.' }));
  }

  async function loadVersions() {
    try {
      update({ versions: (await api.pageVersions(now().page.id)).data });
    } catch (failure) {
      update({ report: { tone: 'error', text: `The versions did not load: ${errorMessage(failure)}` } });
    }
  }

  /** Whether leaving now would lose work (the page asks before it goes). */
  const unsaved = () => dirty() || now().conflict !== null;

  return { $editor, edit, remove, undoRemove, flush, retryNow: () => send(), publish, publishBlocked, unschedule, discard, restore, reloadTheirs, loadVersions, unsaved };
}
export type Editor = ReturnType<typeof createEditor>;

const DAY = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'short' });
const TIME = new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Kolkata', hour: 'numeric', minute: '2-digit' });
/** "1 Dec, 9:00 AM" (India's time). */
export const scheduleWords = (iso: string) => `${DAY.format(new Date(iso))}, ${TIME.format(new Date(iso))}`;
