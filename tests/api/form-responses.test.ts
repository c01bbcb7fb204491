/**
 * The page builder's form answers (docs/page-builder.md#form-responses): answers a shopper sends through the real
 * POST /s/api/webui/create, to a form on a page published with POST /s/api/pages/publish, are listed newest first,
 * by form, searched and paged; exported as CSV (labels as the header, formulas neutralised, any text round-trips);
 * deleted with an audit row; only by those allowed, and only the website's own. On SQLite and PostgreSQL.
 */
import { parse } from 'csv-parse/sync';
import { expect, it } from 'vitest';
import { FormResponseList } from '../../src/contract/page-builder';
import { exportFormResponses } from '../../src/server/services/form-responses';
import { describeApi, newShopper, signedIn, type TestShop, type Visitor } from './shop';

const MEERA = '9876500003';
const ASHA = '9876500001';

const feedbackPage = {
  url: '/feedback',
  title: 'Feedback',
  components: [
    { name: 'Intro', type: 'rich_html', data: { html: '<p>Tell us</p>' } },
    {
      name: 'Form',
      type: 'dynamic_form',
      data: {
        title: 'Tell us how we did',
        formtype: 'feedback',
        fields: [
          { name: 'name', label: 'Your name', required: true },
          { name: 'city', label: 'City' },
          { name: 'comments', label: 'Comments', type: 'textarea' },
          { name: 'offers', label: 'Send me offers', type: 'checkbox' },
        ],
      },
    },
  ],
};

async function list(v: Visitor, query = ''): Promise<FormResponseList> {
  const response = await v.get(`/forms/responses${query}`);
  expect(response.status, query).toBe(200);
  return FormResponseList.parse(await response.json());
}

async function viewOnly(shop: TestShop): Promise<Visitor> {
  const phone = `9${String(process.pid % 1000).padStart(3, '0')}${String(Date.now() % 1_000_000).padStart(6, '0')}`;
  await shop.deps.db.kysely
    .insertInto('users')
    .values({ name: 'Page Viewer', phone, email: `${phone}@example.com`, has_admin_access: 1, permissions_json: JSON.stringify(['website_setting:view']), created_at: new Date().toISOString() })
    .execute();
  return signedIn(shop, phone);
}

describeApi('the answers to the pages\' forms', (shop) => {
  let meera: Visitor;
  let shopper: Visitor;
  const send = async (formdata: Record<string, string | boolean>, formtype = 'feedback', host = 'localhost') => {
    const visitor = host === 'localhost' ? shopper : await shop().visitor(host).start();
    const response = await visitor.post('/webui/create', { formtype, formdata });
    expect(response.status, JSON.stringify(formdata)).toBe(200);
  };

  it('lists answers sent to a published form newest first, by form, with every form of the website and its count', async () => {
    meera = await signedIn(shop(), MEERA);
    shopper = await shop().visitor().start();
    expect(await (await meera.post('/pages/publish', feedbackPage)).json()).toEqual({ valid: true, problems: [] });
    await send({ name: 'Lakshmi', city: 'Mysuru', comments: 'Fresh curd', offers: true });
    await send({ name: 'Farhan', city: 'Pune', comments: 'Late by an hour' });
    await send({ name: 'Lakshmi', phone: '9876512345', message: 'Sunday delivery?' }, 'contact');

    const feedback = await list(meera, '?formtype=feedback');
    expect(feedback.data.map((r) => r.answers.name)).toEqual(['Farhan', 'Lakshmi']);
    expect(feedback.data[1]).toMatchObject({ formtype: 'feedback', answers: { name: 'Lakshmi', city: 'Mysuru', comments: 'Fresh curd', offers: true } });
    expect(feedback).toMatchObject({ total: 2, page: 1, last_page: 1 });
    expect(feedback.forms).toEqual([
      { formtype: 'contact', title: 'Send us a message', page_url: '/contact', responses: 1, fields: [{ name: 'name', label: 'Name' }, { name: 'phone', label: 'Phone' }, { name: 'email', label: 'Email' }, { name: 'message', label: 'Message' }] },
      { formtype: 'feedback', title: 'Tell us how we did', page_url: '/feedback', responses: 2, fields: [{ name: 'name', label: 'Your name' }, { name: 'city', label: 'City' }, { name: 'comments', label: 'Comments' }, { name: 'offers', label: 'Send me offers' }] },
    ]);
    const all = await list(meera);
    expect(all.data.map((r) => [r.formtype, r.answers.name])).toEqual([['contact', 'Lakshmi'], ['feedback', 'Farhan'], ['feedback', 'Lakshmi']]);
  });

  it("searches the answers' text (not the fields' names), case-insensitively, with % and _ taken as they are", async () => {
    await send({ name: 'Priya', city: 'Chennai', comments: 'Paneer was 100% fresh_ish' });
    expect((await list(meera, '?q=PUNE')).data.map((r) => r.answers.name)).toEqual(['Farhan']);
    expect((await list(meera, '?formtype=contact&q=lakshmi')).data.map((r) => r.formtype)).toEqual(['contact']);
    expect((await list(meera, `?q=${encodeURIComponent('100%')}`)).data.map((r) => r.answers.name)).toEqual(['Priya']);
    expect((await list(meera, '?q=paneer_was')).total).toBe(0);
    expect((await list(meera, '?q=city')).total).toBe(0);
    expect((await list(meera, '?q=fresh')).data.map((r) => r.answers.name)).toEqual(['Priya', 'Lakshmi']);
  });

  it('pages the answers 50 at a time', async () => {
    for (let i = 1; i <= 52; i++) await send({ name: `Bulk ${i}`, comments: 'paging' });
    const first = await list(meera, '?formtype=feedback&q=paging');
    expect(first).toMatchObject({ total: 52, page: 1, last_page: 2 });
    expect(first.data).toHaveLength(50);
    expect(first.data[0]!.answers.name).toBe('Bulk 52');
    const second = await list(meera, '?formtype=feedback&q=paging&page=2');
    expect(second.data.map((r) => r.answers.name)).toEqual(['Bulk 2', 'Bulk 1']);
    expect((await meera.get('/forms/responses?page=0')).status).toBe(400);
    expect((await meera.get('/forms/responses?page=x')).status).toBe(400);
  });

  it('exports a form as CSV: labels in order, the time in IST, formulas neutralised, any text round-trips', async () => {
    const tricky = 'Ground floor, "Lakshmi Nilaya"\nनमस्ते, ताज़ा दूध चाहिए';
    await send({ name: '=HYPERLINK("http://evil.example","x")', city: '+91 Mumbai', comments: tricky });
    await send({ name: '@SUM(A1)', city: '-2+3', comments: 'plain' });
    await shop().deps.db.kysely.insertInto('webui_submissions').values({ website_id: 1, formtype: 'feedback', formdata_json: JSON.stringify({ name: 'Old', pincode: '560001' }), created_at: '2026-01-05T04:30:00.000Z' }).execute();
    const response = await meera.get('/forms/responses/export.csv?formtype=feedback');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="feedback-answers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    const rows = parse(text, { bom: true }) as string[][];
    expect(rows[0]).toEqual(['Sent (IST)', 'Your name', 'City', 'Comments', 'Send me offers', 'pincode (no longer on the form)']);
    expect(rows).toHaveLength(1 + 58);
    expect(rows[1]).toEqual([expect.stringMatching(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d{2} [AP]M$/), "'@SUM(A1)", "'-2+3", 'plain', '', '']);
    expect(rows[2]!.slice(1)).toEqual(['\'=HYPERLINK("http://evil.example","x")', "'+91 Mumbai", tricky, '', '']);
    expect(rows.find((r) => r[1] === 'Lakshmi')!.slice(1)).toEqual(['Lakshmi', 'Mysuru', 'Fresh curd', 'Yes', '']);
    expect(rows.at(-1)).toEqual(['5 Jan 2026, 10:00 AM', 'Old', '', '', '', '560001']);
    // Streamed in batches: small batches give the same file, including rows sent in the same millisecond.
    const batched = await new Response(await exportFormResponses(shop().deps.db, 1, 'feedback', 7)).arrayBuffer();
    expect(new TextDecoder().decode(batched)).toBe(text);
    expect((await meera.get('/forms/responses/export.csv?formtype=nothing')).status).toBe(404);
    expect((await meera.get('/forms/responses/export.csv')).status).toBe(400);
  });

  it('deletes one answer, or several, each with a staff audit row, and answers 404 for one already gone', async () => {
    const before = await list(meera, '?formtype=feedback&q=Farhan');
    const farhan = before.data[0]!.id;
    const response = await meera.request(`/forms/responses/${farhan}`, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Deleted 1 answer' });
    expect((await list(meera, '?q=Farhan')).total).toBe(0);
    expect((await meera.request(`/forms/responses/${farhan}`, { method: 'DELETE' })).status).toBe(404);
    const bulk = (await list(meera, '?formtype=feedback&q=Bulk%205')).data.map((r) => r.id);
    expect(bulk).toHaveLength(4);
    expect(await (await meera.post('/forms/responses/delete', { ids: [...bulk, farhan] })).json()).toEqual({ message: 'Deleted 4 answers' });
    expect((await list(meera, '?q=Bulk%205')).total).toBe(0);
    const audit = await shop().deps.db.kysely.selectFrom('staff_audit').selectAll().where('action', '=', 'form_response.deleted').orderBy('id').execute();
    expect(audit.map((a) => [a.subject_kind, a.subject_id, a.website_id])).toEqual([['form_response', farhan, 1], ...[...bulk].sort((a, b) => a - b).map((id) => ['form_response', id, 1])]);
    expect(JSON.parse(audit[0]!.before_json!)).toEqual({ formtype: 'feedback', created_at: expect.any(String) });
    expect(audit[0]!.after_json).toBeNull();
    expect((await meera.post('/forms/responses/delete', { ids: [] })).status).toBe(400);
    expect((await meera.post('/forms/responses/delete', { ids: Array.from({ length: 101 }, (_, i) => i + 1) })).status).toBe(400);
    expect((await meera.request(`/forms/responses/${bulk[0]}`, { method: 'DELETE', xsrf: false })).status).toBe(403);
  });

  it('lets website_setting:view read and export but not delete; a shopper gets 403 and the signed-out 401', async () => {
    const viewer = await viewOnly(shop());
    const answers = await list(viewer, '?formtype=feedback');
    expect(answers.total).toBeGreaterThan(0);
    expect((await viewer.get('/forms/responses/export.csv?formtype=feedback')).status).toBe(200);
    const id = answers.data[0]!.id;
    expect((await viewer.request(`/forms/responses/${id}`, { method: 'DELETE' })).status).toBe(403);
    expect((await viewer.post('/forms/responses/delete', { ids: [id] })).status).toBe(403);
    const asha = await signedIn(shop(), ASHA);
    expect((await asha.get('/forms/responses')).status).toBe(403);
    expect((await asha.get('/forms/responses/export.csv?formtype=feedback')).status).toBe(403);
    expect((await asha.request(`/forms/responses/${id}`, { method: 'DELETE' })).status).toBe(403);
    const nobody = await shop().visitor().start();
    expect((await nobody.get('/forms/responses')).status).toBe(401);
    expect((await nobody.get('/forms/responses/export.csv?formtype=feedback')).status).toBe(401);
    expect((await nobody.request(`/forms/responses/${id}`, { method: 'DELETE' })).status).toBe(401);
    expect((await list(meera, '?formtype=feedback')).total).toBe(answers.total);
    expect(await shop().deps.db.kysely.selectFrom('webui_submissions').select('id').where('id', '=', id).executeTakeFirst()).toEqual({ id });
  });

  it("never shows, exports or deletes another website's answers", async () => {
    await send({ name: 'Other Shop Person', phone: '9876599999', message: 'Kolkata branch' }, 'contact', 'shop2.localhost');
    const theirs = await shop().deps.db.kysely.selectFrom('webui_submissions').select('id').where('website_id', '!=', 1).where('formdata_json', 'like', '%Kolkata branch%').executeTakeFirstOrThrow();
    expect((await list(meera, '?q=Kolkata')).total).toBe(0);
    expect((await list(meera, '?formtype=contact')).data.map((r) => r.answers.name)).not.toContain('Other Shop Person');
    expect((await list(meera)).forms.find((f) => f.formtype === 'contact')!.responses).toBe(1);
    expect(await (await meera.get('/forms/responses/export.csv?formtype=contact')).text()).not.toContain('Kolkata');
    expect((await meera.request(`/forms/responses/${theirs.id}`, { method: 'DELETE' })).status).toBe(404);
    expect(await (await meera.post('/forms/responses/delete', { ids: [theirs.id] })).json()).toEqual({ message: 'Deleted 0 answers' });
    expect(await shop().deps.db.kysely.selectFrom('webui_submissions').select('id').where('id', '=', theirs.id).executeTakeFirst()).toEqual(theirs);
    const shopperThere = await newShopper(shop(), 'shop2.localhost');
    expect((await shopperThere.get('/forms/responses')).status).toBe(403);
  });

  it('shows a super administrator the answers of the website they switched to', async () => {
    const arjun = await signedIn(shop(), '9876500004');
    expect((await list(arjun, '?q=Kolkata')).total).toBe(0);
    expect((await arjun.post('/bos/switch', { website_id: 2 })).status).toBe(200);
    const there = await list(arjun, '?q=Kolkata');
    expect(there.data.map((r) => r.answers.name)).toEqual(['Other Shop Person']);
    expect(there.forms.map((f) => f.formtype)).not.toContain('feedback');
    expect(await (await arjun.request(`/forms/responses/${there.data[0]!.id}`, { method: 'DELETE' })).json()).toEqual({ message: 'Deleted 1 answer' });
    const audit = await shop().deps.db.kysely.selectFrom('staff_audit').select(['website_id', 'subject_id']).where('action', '=', 'form_response.deleted').where('subject_id', '=', there.data[0]!.id).execute();
    expect(audit).toEqual([{ website_id: 2, subject_id: there.data[0]!.id }]);
  });
});
