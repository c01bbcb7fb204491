import { describe, expect, it } from 'vitest';
import { answerColumns, answerSummary, answerText, deleteQuestion, emptyText, exportHref, formPlace, formsHref, listCaption, readFormsQuery } from './forms';
import { answer, contactForm, page } from './fixtures';

describe('the Forms screen', () => {
  it('reads the view from the address and writes it back, dropping what it cannot be', () => {
    expect(readFormsQuery(new URLSearchParams('form=contact&q=%20pune%20&page=3'))).toEqual({ formtype: 'contact', q: 'pune', page: 3 });
    expect(readFormsQuery(new URLSearchParams('form=Not%20a%20form&page=-2'))).toEqual({ formtype: null, q: '', page: 1 });
    expect(readFormsQuery(new URLSearchParams(`q=${'x'.repeat(200)}&page=1e9`)).q).toHaveLength(120);
    expect(formsHref({ formtype: 'contact', q: 'a&b', page: 2 })).toBe('/page-builder/forms?form=contact&q=a%26b&page=2');
    expect(formsHref({ formtype: null, q: '', page: 1 })).toBe('/page-builder/forms');
    expect(exportHref('contact')).toBe('/s/api/forms/responses/export.csv?formtype=contact');
  });

  it("shows a form's fields by label in order, then answers to fields no longer on it", () => {
    expect(answerColumns(contactForm, [answer(1, { name: 'A', city: 'Pune' }), answer(2, { zone: 'North', city: 'Goa' })]).map((c) => c.label)).toEqual(['Name', 'Phone', 'Message', 'city', 'zone']);
    expect(answerText(true)).toBe('Yes');
    expect(answerText(false)).toBe('No');
    expect(answerText(undefined)).toBe('');
    expect(answerText(42)).toBe('42');
    expect(answerSummary(answer(1, { message: 'Hi', name: 'Lakshmi', offers: true, phone: '' }), contactForm)).toBe('Name: Lakshmi · Message: Hi · offers: Yes');
    expect(formPlace({ page_url: null })).toBe('no longer on a page');
  });

  it('asks before deleting, naming the answer and that it cannot be brought back', () => {
    expect(deleteQuestion([answer(1, { name: 'Lakshmi' })], contactForm)).toBe('This deletes the answer “Lakshmi” sent Nov 26, 2026 11:35 AM. It cannot be brought back; download the CSV first if you need a copy.');
    expect(deleteQuestion([answer(1), answer(2)], contactForm)).toBe('This deletes 2 answers. They cannot be brought back; download the CSV first if you need a copy.');
    expect(listCaption(1, contactForm, 'pune')).toBe('1 answer to Send us a message matching “pune”, newest first');
  });

  it('tells a marketer how answers arrive when there are none, and what to do when a search finds none', () => {
    expect(emptyText({ query: { formtype: null, q: '', page: 1 }, list: page([], 0, 1, []) })).toEqual({
      title: 'No forms yet',
      text: 'Answers arrive when shoppers send a form on a live page: add a Form block to a page in Pages, publish the page, and every answer shows here, newest first.',
    });
    expect(emptyText({ query: { formtype: 'contact', q: '', page: 1 }, list: page([], 0) }).title).toBe('No answers to Send us a message yet');
    expect(emptyText({ query: { formtype: 'contact', q: 'zz', page: 1 }, list: page([], 0) }).title).toBe('No answers match “zz”');
    expect(emptyText({ query: { formtype: 'gone', q: '', page: 1 }, list: page([], 0) }).title).toBe('No form “gone” on this website');
  });
});
