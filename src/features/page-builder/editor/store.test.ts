import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../../lib/api/client';
import { addBlock, renameBlock } from './document';
import { detail } from './fixtures';
import { createEditor, type EditorApi } from './store';

type Saved = { version: number; document: { title: string; components: { name: string }[] } };

/** A fake API: saves are answered when the test says (`answer`), so the order of saves can be watched. */
function fakeApi() {
  const saves: Saved[] = [];
  const pending: { resolve: (v: unknown) => void; reject: (e: unknown) => void }[] = [];
  const api: EditorApi = {
    pageDetail: vi.fn(async () => detail({ version: 9, draft: { url: '/summer-sale', title: 'Their title', components: [] } })),
    saveDraft: vi.fn((_id: number, version: number, document: unknown) => {
      saves.push({ version, document: document as Saved['document'] });
      return new Promise((resolve, reject) => pending.push({ resolve: resolve as (v: unknown) => void, reject }));
    }) as EditorApi['saveDraft'],
    publishPage: vi.fn(async (_id: number, at?: string) => detail({ state: at ? 'scheduled' : 'published', live: !at, version: 5, scheduled_at: at ? '2026-12-01T03:30:00.000Z' : null })),
    unschedulePage: vi.fn(async () => detail({ state: 'changed', live: true, version: 5, scheduled_at: null })),
    discardDraft: vi.fn(async () => detail({ version: 6, draft: { url: '/summer-sale', title: 'As published', components: [] } })),
    pageVersions: vi.fn(async () => ({ data: [] })),
    restoreVersion: vi.fn(async () => detail({ version: 8, draft: { url: '/summer-sale', title: 'Version 1', components: [] } })),
  };
  const answer = async (version: number, errors: Record<string, string[]> = {}) => {
    pending.shift()!.resolve({ version, saved_at: '2026-11-26T10:15:00.000Z', errors });
    await vi.advanceTimersByTimeAsync(0);
  };
  const refuse = async (error: unknown) => {
    pending.shift()!.reject(error);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { api, saves, answer, refuse, pending };
}

describe('the editor\'s autosave', () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it('saves 400 ms after the last edit, one save at a time, in order, each with the version the last one answered', async () => {
    const { api, saves, answer } = fakeApi();
    const editor = createEditor(api, detail(), true);
    editor.edit((l) => ({ ...l, doc: { ...l.doc, title: 'S' } }));
    await vi.advanceTimersByTimeAsync(200);
    editor.edit((l) => ({ ...l, doc: { ...l.doc, title: 'Su' } }));
    await vi.advanceTimersByTimeAsync(399);
    expect(saves).toHaveLength(0);
    expect(editor.$editor.get().save).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(saves.map((s) => [s.version, s.document.title])).toEqual([[3, 'Su']]);
    // An edit while the save is on its way waits for it: never two saves at once.
    editor.edit((l) => ({ ...l, doc: { ...l.doc, title: 'Sum' } }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(saves).toHaveLength(1);
    await answer(4);
    expect(saves.map((s) => [s.version, s.document.title])).toEqual([[3, 'Su'], [4, 'Sum']]);
    expect(editor.$editor.get().save).toBe('saving');
    await answer(5);
    const state = editor.$editor.get();
    expect(state.save).toBe('saved');
    expect(state.page.version).toBe(5);
    expect(state.previewKey).toBe(2);
    expect(editor.unsaved()).toBe(false);
  });

  it('stops on a 409 and says who saved, keeps this version to copy, and loads theirs only when asked', async () => {
    const { api, saves, refuse } = fakeApi();
    const editor = createEditor(api, detail(), true);
    editor.edit((l) => ({ ...l, doc: { ...l.doc, title: 'Mine' } }));
    await vi.advanceTimersByTimeAsync(400);
    await refuse(new ApiCallError(409, 'Changed by Meera Iyer at 3:42 PM — reload to see their version', { message: 'Changed by Meera Iyer at 3:42 PM — reload to see their version', version: 9, saved_at: '2026-11-26T10:12:00.000Z', saved_by: { id: 3, name: 'Meera Iyer' } }));
    let state = editor.$editor.get();
    expect(state.save).toBe('conflict');
    expect(state.conflict?.message).toBe('Changed by Meera Iyer at 3:42 PM — reload to see their version');
    expect(state.doc.title).toBe('Mine');
    expect(editor.unsaved()).toBe(true);
    // No further save, and no edit is taken, until the marketer chooses.
    editor.edit((l) => ({ ...l, doc: { ...l.doc, title: 'Mine again' } }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(saves).toHaveLength(1);
    expect(editor.$editor.get().doc.title).toBe('Mine');
    await editor.reloadTheirs();
    state = editor.$editor.get();
    expect(state.doc.title).toBe('Their title');
    expect(state.conflict).toBeNull();
    expect(state.save).toBe('saved');
    // Their version is the one saves now start from.
    editor.edit((l) => ({ ...l, doc: { ...l.doc, title: 'After' } }));
    await vi.advanceTimersByTimeAsync(400);
    expect(saves[1]).toMatchObject({ version: 9, document: { title: 'After' } });
  });

  it('tries a failed save again and says so, sending the latest document', async () => {
    const { api, saves, answer, refuse } = fakeApi();
    const editor = createEditor(api, detail(), true, { retryDelays: [1000, 2000] });
    editor.edit((l) => ({ ...l, doc: { ...l.doc, title: 'One' } }));
    await vi.advanceTimersByTimeAsync(400);
    await refuse(new TypeError('Failed to fetch'));
    expect(editor.$editor.get().save).toBe('retrying');
    expect(editor.$editor.get().saveError).toMatch(/^Not saved: .*Trying again in 1 s…$/);
    editor.edit((l) => ({ ...l, doc: { ...l.doc, title: 'Two' } }));
    await vi.advanceTimersByTimeAsync(999);
    expect(saves).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(saves[1]).toMatchObject({ version: 3, document: { title: 'Two' } });
    await refuse(new ApiCallError(503, 'The shop is busy', {}));
    expect(editor.$editor.get().saveError).toMatch(/Trying again in 2 s/);
    await vi.advanceTimersByTimeAsync(2000);
    await answer(4);
    expect(editor.$editor.get()).toMatchObject({ save: 'saved', saveError: null });
    expect(editor.unsaved()).toBe(false);
  });

  it('keeps the server\'s own problems (a product not on the website) with the contract\'s, and refuses to publish while there are any', async () => {
    const { api, answer } = fakeApi();
    const editor = createEditor(api, detail(), true);
    editor.edit((l) => addBlock(l, 'product_carousel'));
    editor.edit((l) => ({ ...l, doc: { ...l.doc, components: [{ ...l.doc.components[0]!, data: { products: ['gone'], limit: 12 } }] } }));
    await vi.advanceTimersByTimeAsync(400);
    await answer(4, { 'components.0.data.products.0': ['No product "gone" on this website'] });
    expect(editor.$editor.get().errors).toEqual({ 'components.0.data.products.0': ['No product "gone" on this website'] });
    editor.edit((l) => renameBlock(l, 0, ''));
    expect(Object.keys(editor.$editor.get().errors).sort()).toEqual(['components.0.data.products.0', 'components.0.name']);
    expect(editor.publishBlocked()).toBe('Fix the 2 problems first.');
    expect(await editor.publish()).toBe(false);
    expect(api.publishPage).not.toHaveBeenCalled();
  });

  it('saves what is waiting before it publishes, and says what it did', async () => {
    const { api, saves, answer } = fakeApi();
    const editor = createEditor(api, detail(), true);
    editor.edit((l) => ({ ...l, doc: { ...l.doc, title: 'Ready' } }));
    const publishing = editor.publish('2026-12-01T09:00');
    await vi.advanceTimersByTimeAsync(0);
    expect(saves).toHaveLength(1);
    expect(api.publishPage).not.toHaveBeenCalled();
    await answer(4);
    expect(await publishing).toBe(true);
    expect(api.publishPage).toHaveBeenCalledWith(7, '2026-12-01T09:00');
    expect(editor.$editor.get().report).toEqual({ tone: 'success', text: 'Scheduled for 1 Dec, 9:00 AM.' });
    expect(editor.$editor.get().page.state).toBe('scheduled');
  });

  it('puts a removed block back where it was, and changes nothing for a view-only user', async () => {
    const { api, saves } = fakeApi();
    const editor = createEditor(api, detail({ draft: { url: '/summer-sale', title: 'Summer sale', components: [{ name: 'A', type: 'rich_html', data: { html: '<p>a</p>' } }, { name: 'B', type: 'rich_html', data: { html: '<p>b</p>' } }] } }), true);
    const keys = editor.$editor.get().keys;
    editor.remove(0);
    expect(editor.$editor.get().doc.components.map((c) => c.name)).toEqual(['B']);
    editor.undoRemove();
    expect(editor.$editor.get().doc.components.map((c) => c.name)).toEqual(['A', 'B']);
    expect(editor.$editor.get().keys).toEqual(keys);
    const viewer = createEditor(api, detail(), false);
    viewer.edit((l) => ({ ...l, doc: { ...l.doc, title: 'No' } }));
    await vi.advanceTimersByTimeAsync(1000);
    expect(viewer.$editor.get().doc.title).toBe('Summer sale');
    expect(saves).toHaveLength(1);
  });

  it("cancels a schedule: the page's state follows the answer and the draft is kept as it is", async () => {
    const { api } = fakeApi();
    const editor = createEditor(api, detail({ state: 'scheduled', scheduled_at: '2026-12-01T03:30:00.000Z' }), true);
    const before = editor.$editor.get().doc;
    await editor.unschedule();
    expect(api.unschedulePage).toHaveBeenCalledTimes(1);
    expect(editor.$editor.get().page).toMatchObject({ state: 'changed', scheduled_at: null });
    expect(editor.$editor.get().doc).toBe(before);
    expect(editor.$editor.get().report).toEqual({ tone: 'success', text: 'The schedule is cancelled: the draft waits until you publish it.' });
  });
});
