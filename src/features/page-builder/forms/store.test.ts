import { describe, expect, it } from 'vitest';
import type { FormResponseList } from '../../../contract/page-builder';
import { ApiCallError } from '../../../lib/api/client';
import { answer, page } from './fixtures';
import { $forms, deleteAnswers, seedForms, showForms, toggleSelected, type FormsApi } from './store';

describe("the Forms screen's store", () => {
  function fake(pages: (query: { formtype?: string; q?: string; page?: number }) => FormResponseList, deletes: Partial<FormsApi> = {}) {
    const asked: unknown[] = [];
    const client: FormsApi = {
      formResponses: async (q = {}) => (asked.push(['list', q]), pages(q)),
      deleteFormResponse: async (id) => (asked.push(['delete', id]), deletes.deleteFormResponse!(id)),
      deleteFormResponses: async (ids) => (asked.push(['delete many', ids]), deletes.deleteFormResponses!(ids)),
    };
    return { client, asked };
  }

  it('a new form or search is a new history entry at page 1; a page replaces it; ticks are let go', async () => {
    seedForms({ query: { formtype: 'contact', q: '', page: 2 }, list: page([1], 60, 2) });
    toggleSelected(1);
    expect($forms.get()!.selected).toEqual([1]);
    const seen: [string, string][] = [];
    const remember = (href: string, how: 'push' | 'replace') => seen.push([href, how]);
    const { client, asked } = fake((q) => page([q.page ?? 1], 60, q.page ?? 1));
    await showForms(client, { q: '  pune ' }, { remember });
    await showForms(client, { page: 2 }, { remember });
    await showForms(client, { formtype: null }, { remember });
    expect(seen).toEqual([
      ['/page-builder/forms?form=contact&q=pune', 'push'],
      ['/page-builder/forms?form=contact&q=pune&page=2', 'replace'],
      ['/page-builder/forms?q=pune', 'push'],
    ]);
    expect(asked).toEqual([['list', { formtype: 'contact', q: 'pune', page: 1 }], ['list', { formtype: 'contact', q: 'pune', page: 2 }], ['list', { q: 'pune', page: 1 }]]);
    expect($forms.get()!.selected).toEqual([]);
  });

  it('drops an answer that comes after a newer question', async () => {
    seedForms({ query: { formtype: null, q: '', page: 1 }, list: page([1]) });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: FormsApi = { formResponses: async () => (await gate, page([5])), deleteFormResponse: async () => ({ message: '' }), deleteFormResponses: async () => ({ message: '' }) };
    const quick: FormsApi = { ...slow, formResponses: async () => page([7]) };
    const first = showForms(slow, { q: 'slow' }, { remember: () => {} });
    await showForms(quick, { q: 'quick' }, { remember: () => {} });
    release();
    await first;
    expect($forms.get()!.list.data.map((r) => r.id)).toEqual([7]);
    expect($forms.get()!.query.q).toBe('quick');
  });

  it('deletes one answer, says so and loads the view without it; several go in one call', async () => {
    seedForms({ query: { formtype: 'contact', q: '', page: 1 }, list: page([1, 2, 3]) });
    let left = [1, 2, 3];
    const { client, asked } = fake(() => page(left), {
      deleteFormResponse: async (id) => ((left = left.filter((l) => l !== id)), { message: 'Deleted 1 answer' }),
      deleteFormResponses: async (ids) => ((left = left.filter((l) => !ids.includes(l))), { message: `Deleted ${ids.length} answers` }),
    });
    await deleteAnswers(client, [answer(2)], () => {});
    expect(asked[0]).toEqual(['delete', 2]);
    expect($forms.get()!.list.data.map((r) => r.id)).toEqual([1, 3]);
    expect($forms.get()!.report).toEqual({ tone: 'success', text: 'Deleted 1 answer.' });
    toggleSelected('all');
    expect($forms.get()!.selected).toEqual([1, 3]);
    await deleteAnswers(client, [answer(1), answer(3)], () => {});
    expect(asked.at(-2)).toEqual(['delete many', [1, 3]]);
    expect($forms.get()!.list.data).toEqual([]);
    expect($forms.get()!.deleting).toEqual([]);
    expect($forms.get()!.selected).toEqual([]);
  });

  it('says a refused delete in words, keeps the rows, and shows the page before when a delete empties the last page', async () => {
    seedForms({ query: { formtype: 'contact', q: '', page: 1 }, list: page([1]) });
    const refusing = fake(() => page([1]), {
      deleteFormResponse: async () => {
        throw new ApiCallError(403, 'You do not have permission to do this', {});
      },
    });
    await deleteAnswers(refusing.client, [answer(1)], () => {});
    expect($forms.get()!.report).toEqual({ tone: 'error', text: 'Not deleted: You do not have permission to do this' });
    expect($forms.get()!.list.data.map((r) => r.id)).toEqual([1]);

    seedForms({ query: { formtype: 'contact', q: '', page: 2 }, list: page([51], 51, 2) });
    const emptied = fake((q) => ((q.page ?? 1) === 2 ? page([], 50, 2) : page([1, 2], 50, 1)), { deleteFormResponse: async () => ({ message: 'Deleted 1 answer' }) });
    await deleteAnswers(emptied.client, [answer(51)], () => {});
    expect($forms.get()!.query.page).toBe(1);
    expect($forms.get()!.list.data.map((r) => r.id)).toEqual([1, 2]);
    expect($forms.get()!.report?.text).toBe('Deleted 1 answer.');
  });
});
