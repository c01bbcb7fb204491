/** Answers, forms and a page of answers as the API gives them, for the Forms screen's tests. */
import type { FormResponse, FormResponseList, FormSummary } from '../../../contract/page-builder';

export const contactForm: FormSummary = {
  formtype: 'contact',
  title: 'Send us a message',
  page_url: '/contact',
  responses: 2,
  fields: [
    { name: 'name', label: 'Name' },
    { name: 'phone', label: 'Phone' },
    { name: 'message', label: 'Message' },
  ],
};

export const answer = (id: number, answers: FormResponse['answers'] = { name: `Shopper ${id}`, phone: '9876512345' }, formtype = 'contact'): FormResponse => ({
  id,
  formtype,
  created_at: '2026-11-26T06:05:00.000Z',
  answers,
});

export const page = (ids: number[], total = ids.length, pageNo = 1, forms: FormSummary[] = [contactForm]): FormResponseList => ({
  data: ids.map((id) => answer(id)),
  total,
  page: pageNo,
  last_page: Math.max(1, Math.ceil(total / 50)),
  forms,
});
