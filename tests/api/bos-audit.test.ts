/**
 * The audit log on both backends (docs/back-office-people.md#the-audit-log): who may read it, every kind of subject
 * the table holds (a kind no area writes today shows too), the filters (who, subject, action, India's dates at
 * their midnight edges) and pages, this website's rows only, and the CSV export with the same filters: its columns,
 * the change in words, cells a spreadsheet would run as formulas neutralised, and its bound.
 */
import { parse } from 'csv-parse/sync';
import { beforeAll, expect, it } from 'vitest';
import { BosAuditFilters, BosAuditList } from '../../src/contract/bos-people';
import type { AuditSubjectKind } from '../../src/server/db/schema';
import { exportAudit } from '../../src/server/services/audit-log';
import { recordAudit } from '../../src/server/services/audit';
import { describeApi, signedIn, type TestShop, type Visitor } from './shop';

const ADMIN = '9876500003';
const SHOPPER = '9876500001';
const suffix = String(process.pid % 1000).padStart(3, '0');
let seq = 2000;

async function person(shop: TestShop, name: string, flags: Record<string, number> = {}, permissions: string[] = []) {
  seq += 1;
  const phone = `8${suffix}${String(seq).padStart(6, '0')}`;
  const { id } = await shop.deps.db.kysely
    .insertInto('users')
    .values({ name, email: `audit${seq}.${phone}@example.com`, phone, ...flags, permissions_json: JSON.stringify(permissions), created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, phone, name };
}

/** UTF-8 with its byte order mark kept (Response.text() drops it). */
const decode = (bytes: ArrayBuffer) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

const put = (v: Visitor, path: string, body: unknown) => v.request(path, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describeApi('back office: the audit log', (shop) => {
  const db = () => shop().deps.db.kysely;
  let meera: Visitor;
  let meeraId: number;
  let here: number;
  let there: number;
  let clerk: { id: number; name: string };
  let order: { id: number; ordernumber: string };
  const list = async (query: string) => {
    const r = await meera.get(`/bos/audit?${query}`);
    expect(r.status, await r.clone().text()).toBe(200);
    return BosAuditList.parse(await r.json());
  };
  const csv = async (query: string) => {
    const r = await meera.get(`/bos/audit/export.csv?${query}`);
    expect(r.status, await r.clone().text()).toBe(200);
    return { r, text: decode(await r.arrayBuffer()) };
  };
  /** Rows written straight to the table as the areas write them: any kind of subject, at any moment. */
  const write = (websiteId: number, userId: number, kind: string, id: number, action: string, at: string, before: unknown, after: unknown, reason: string | null = null, orderId: number | null = null) =>
    recordAudit(db(), { websiteId, userId, action, subject: { kind: kind as AuditSubjectKind, id }, orderId, before, after, reason }, new Date(at));

  beforeAll(async () => {
    meera = await signedIn(shop(), ADMIN);
    meeraId = (await db().selectFrom('users').select('id').where('phone', '=', ADMIN).executeTakeFirstOrThrow()).id;
    const site = async (host: string) => (await db().selectFrom('website_domains').select('website_id').where('host', '=', host).executeTakeFirstOrThrow()).website_id;
    [here, there] = [await site('localhost'), await site('shop2.localhost')];
    clerk = await person(shop(), 'Audit Clerk', { has_admin_access: 1 }, ['catalogue:manage']);
    order = await db().selectFrom('orders').select(['id', 'ordernumber']).where('website_id', '=', here).orderBy('id').executeTakeFirstOrThrow();
    // 10 Mar 2025 in India: from 2025-03-09T18:30Z to 2025-03-10T18:30Z.
    await write(here, clerk.id, 'product', 501, 'product.updated', '2025-03-09T18:29:59.999Z', { price_paise: 5000, name: 'Atta' }, { price_paise: 4500, name: 'Atta' }); // 9 Mar IST
    await write(here, clerk.id, 'product', 501, 'product.updated', '2025-03-09T18:30:00.000Z', { price_paise: 4500 }, { price_paise: 4000 }); // 10 Mar IST, 00:00
    await write(here, clerk.id, 'coupon', 77, 'coupon.created', '2025-03-10T12:00:00.000Z', null, { code: 'DIWALI', value: 10 });
    await write(here, meeraId, 'order', order.id, 'order.confirmed', '2025-03-10T18:29:59.000Z', { status: 'placed' }, { status: 'confirmed' }, null, order.id); // 10 Mar IST, 23:59
    await write(here, meeraId, 'widget', 9, 'widget.spun', '2025-03-10T18:30:00.000Z', { speed: 1 }, { speed: 2 }, '=HYPERLINK("http://evil.example","click")'); // 11 Mar IST: a kind no area writes today
    await write(there, clerk.id, 'coupon', 78, 'coupon.created', '2025-03-10T12:00:00.000Z', null, { code: 'ELSEWHERE' });
  });

  it('answers 401 signed out and 403 to shoppers and administrators without people:manage', async () => {
    const calls = ['/bos/audit', '/bos/audit/filters', '/bos/audit/export.csv'];
    const signedOut = await shop().visitor().start();
    const shopper = await signedIn(shop(), SHOPPER);
    const other = await signedIn(shop(), (await person(shop(), 'Order Staff', { has_admin_access: 1 }, ['order:manage', 'catalogue:manage'])).phone);
    for (const path of calls) {
      expect((await signedOut.get(path)).status, path).toBe(401);
      expect((await shopper.get(path)).status, path).toBe(403);
      expect((await other.get(path)).status, path).toBe(403);
    }
  });

  it("lists this website's changes newest first, of every kind of subject, with who and the subject's name", async () => {
    const all = await list('from=2025-03-09&to=2025-03-11');
    expect(all.meta.total).toBe(5);
    expect(all.data.map((r) => r.action)).toEqual(['widget.spun', 'order.confirmed', 'coupon.created', 'product.updated', 'product.updated']);
    const [widget, confirmed] = all.data;
    expect(widget).toMatchObject({ who: { id: meeraId, name: 'Meera Iyer' }, subject: { kind: 'widget', id: 9, name: null }, before: { speed: 1 }, after: { speed: 2 }, reason: '=HYPERLINK("http://evil.example","click")', order: null });
    expect(confirmed).toMatchObject({ subject: { kind: 'order', id: order.id, name: order.ordernumber }, order: { id: order.id, ordernumber: order.ordernumber } });
    expect(all.data.map((r) => r.at)).toEqual([...all.data.map((r) => r.at)].sort().reverse());
    // The other website's coupon is not here.
    expect(all.data.some((r) => (r.after as { code?: string } | null)?.code === 'ELSEWHERE')).toBe(false);
  });

  it("filters by who, kind of subject, one subject, action and India's dates, both days included; pages", async () => {
    const dates = 'from=2025-03-09&to=2025-03-11';
    const actions = async (query: string) => (await list(`${dates}&${query}`)).data.map((r) => `${r.action}@${r.at.slice(0, 19)}`);
    expect(await actions(`who=${clerk.id}`)).toEqual(['coupon.created@2025-03-10T12:00:00', 'product.updated@2025-03-09T18:30:00', 'product.updated@2025-03-09T18:29:59']);
    expect(await actions('subject=product')).toHaveLength(2);
    expect(await actions('subject=product&subject_id=502')).toEqual([]);
    expect(await actions('subject=widget')).toEqual(['widget.spun@2025-03-10T18:30:00']);
    expect(await actions('action=coupon.created')).toEqual(['coupon.created@2025-03-10T12:00:00']);
    expect(await actions(`who=${meeraId}&subject=order`)).toEqual(['order.confirmed@2025-03-10T18:29:59']);
    // 10 March in India: from its midnight (18:30 the day before in UTC) to the next, the edges exactly.
    expect((await list('from=2025-03-10&to=2025-03-10')).data.map((r) => r.at)).toEqual(['2025-03-10T18:29:59.000Z', '2025-03-10T12:00:00.000Z', '2025-03-09T18:30:00.000Z']);
    expect((await list('to=2025-03-09')).data.some((r) => r.at === '2025-03-09T18:29:59.999Z')).toBe(true);
    expect((await list('to=2025-03-09')).data.some((r) => r.at === '2025-03-09T18:30:00.000Z')).toBe(false);
    expect((await list('from=2025-03-11&to=2025-03-11&subject=widget')).meta.total).toBe(1);

    const page2 = await list(`${dates}&perPage=2&page=2`);
    expect(page2.meta.total).toBe(5);
    expect(page2.data.map((r) => r.action)).toEqual(['coupon.created', 'product.updated']);

    for (const bad of ['from=2025-03-12&to=2025-03-11', 'from=2026-02-30', 'to=26-11-2026', 'subject=Order!', 'action=drop%20table', 'who=0', 'perPage=101']) {
      expect((await meera.get(`/bos/audit?${bad}`)).status, bad).toBe(400);
    }
  });

  it("offers the people, kinds of subject and actions this website's log holds", async () => {
    const filters = BosAuditFilters.parse(await (await meera.get('/bos/audit/filters')).json());
    expect(filters.subjects).toEqual(expect.arrayContaining(['coupon', 'order', 'product', 'widget']));
    expect(filters.subjects).toEqual([...filters.subjects].sort());
    expect(filters.actions).toEqual(expect.arrayContaining(['coupon.created', 'order.confirmed', 'product.updated', 'widget.spun']));
    expect(filters.people).toEqual(expect.arrayContaining([{ id: clerk.id, name: 'Audit Clerk' }, { id: meeraId, name: 'Meera Iyer' }]));
  });

  it('records a people change readably: the user is named and the change says what was added', async () => {
    const target = await person(shop(), 'Promoted Person');
    expect((await put(meera, `/bos/users/${target.id}`, { has_admin_access: true, permissions: ['catalogue:manage'] })).status).toBe(200);
    const [row] = (await list(`subject=user&subject_id=${target.id}`)).data;
    expect(row).toMatchObject({ action: 'user.roles_changed', who: { id: meeraId, name: 'Meera Iyer' }, subject: { kind: 'user', id: target.id, name: 'Promoted Person' } });
    const { text } = await csv(`subject=user&subject_id=${target.id}`);
    const [, line] = parse(text.replace(/^\uFEFF/, '')) as string[][];
    expect(line![8]).toBe('back-office access: no → yes; permissions: + catalogue:manage');
  });

  it('exports the same rows as CSV: a download, UTF-8 with a byte order mark, the change in words, formulas neutralised', async () => {
    const { r, text } = await csv('from=2025-03-09&to=2025-03-11');
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toMatch(/^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(r.headers.get('cache-control')).toBe('no-store');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parse(text.slice(1)) as string[][];
    expect(rows[0]).toEqual(['When (IST)', 'Who', 'Who (id)', 'Action', 'Subject', 'Subject (id)', 'Subject name', 'Order', 'Change', 'Reason', 'Before (JSON)', 'After (JSON)']);
    expect(rows).toHaveLength(6);
    expect(rows[1]).toEqual(['11 Mar 2025, 12:00 AM', 'Meera Iyer', String(meeraId), 'widget.spun', 'Widget', '9', '', '', 'speed: 1 → 2', `'=HYPERLINK("http://evil.example","click")`, '{"speed":1}', '{"speed":2}']);
    expect(rows[2]!.slice(0, 9)).toEqual(['10 Mar 2025, 11:59 PM', 'Meera Iyer', String(meeraId), 'order.confirmed', 'Order', String(order.id), order.ordernumber, order.ordernumber, 'status: placed → confirmed']);
    expect(rows[5]![8]).toBe('price: ₹50.00 → ₹45.00');
    // Only the filtered rows.
    expect((parse((await csv(`who=${clerk.id}&subject=coupon`)).text.slice(1)) as string[][]).slice(1).map((row) => row[3])).toEqual(['coupon.created']);
    expect((await meera.get('/bos/audit/export.csv?from=2025-03-12&to=2025-03-11')).status).toBe(400);
  });

  it('a CSV holds at most its bound of rows, the newest, read in batches', async () => {
    const stream = exportAudit(db(), here, { from: '2025-03-09', to: '2025-03-11' }, { batchSize: 2, maxRows: 3 });
    const rows = parse(decode(await new Response(stream).arrayBuffer()).slice(1)) as string[][];
    expect(rows.slice(1).map((row) => row[3])).toEqual(['widget.spun', 'order.confirmed', 'coupon.created']);
    const whole = parse(decode(await new Response(exportAudit(db(), here, { from: '2025-03-09', to: '2025-03-11' }, { batchSize: 2, maxRows: 100 })).arrayBuffer()).slice(1)) as string[][];
    expect(whole).toHaveLength(6);
  });
});
