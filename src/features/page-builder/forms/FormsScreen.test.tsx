import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import FormsScreen from './FormsScreen';
import { answer, contactForm, page } from './fixtures';

describe('the Forms screen as the server renders it', () => {
  const view = { query: { formtype: 'contact', q: '', page: 1 }, list: { ...page([]), data: [answer(1, { name: 'Lakshmi', message: 'Sunday?' })], total: 1, forms: [contactForm] } };

  it('gives website_setting:edit a Delete for each answer and the ticks, and a view-only user none', () => {
    const editor = renderToString(<FormsScreen {...view} canEdit />);
    expect(editor).toContain('>Delete</button>');
    expect(editor).toContain('Select every answer on this page');
    const viewer = renderToString(<FormsScreen {...view} canEdit={false} />);
    expect(viewer).not.toMatch(/Delete|type="checkbox"/);
    expect(viewer).toContain('Lakshmi');
    expect(viewer).toContain('Export CSV');
  });

  it('shows the fields by label, a link to the CSV, and tells how answers arrive when there are none', () => {
    const html = renderToString(<FormsScreen {...view} canEdit={false} />);
    expect(html.match(/<th scope="col"[^>]*>([^<]*)<\/th>/g)?.map((th) => th.replace(/<[^>]+>/g, ''))).toEqual(['Sent', 'Name', 'Phone', 'Message']);
    expect(html).toContain('href="/s/api/forms/responses/export.csv?formtype=contact"');
    const empty = renderToString(<FormsScreen query={{ formtype: null, q: '', page: 1 }} list={page([], 0, 1, [])} canEdit />);
    expect(empty).toContain('Answers arrive when shoppers send a form on a live page');
    expect(empty).not.toContain('Export CSV');
  });
});
