/**
 * The page builder's pages (docs/page-builder.md): drafts never seen by shoppers, publish, schedule (exactly once
 * with two instances on one database), versions and restore, the 409 of a stale save, permissions, paths and
 * unsafe links; on SQLite and PostgreSQL.
 */
import { expect, it } from 'vitest';
import { Init, PageData } from '../../src/contract';
import { PageDetail, PageDraftSaved, PageList, PageVersionList } from '../../src/contract/page-builder';
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { publishDuePages } from '../../src/server/services/page-builder';
import { describeApi, signedIn as signIn, type TestShop, type Visitor } from './shop';

const MEERA = '9876500003';
const ASHA = '9876500001';

const text = (name: string, html: string) => ({ name, type: 'rich_html', data: { html } });
const doc = (url: string, title: string, components: unknown[] = []) => ({ url, title, components });

let viewers = 0;
/** A staff member who may look at the page builder but not change anything (website_setting:view only). */
async function viewer(shop: TestShop): Promise<Visitor> {
  viewers += 1;
  const phone = `6${String(process.pid % 1000).padStart(3, '0')}${String(viewers).padStart(6, '0')}`;
  await shop.deps.db.kysely
    .insertInto('users')
    .values({ name: `Viewer ${viewers}`, email: `viewer${viewers}.${phone}@example.com`, phone, created_at: new Date().toISOString(), has_admin_access: 1, permissions_json: JSON.stringify(['website_setting:view']) })
    .execute();
  return signIn(shop, phone);
}

/** Two sweeper processes on one database, started together: how many pages each published. */
async function sweepTwice(databaseUrl: string, due: string): Promise<number[]> {
  const tsx = resolve('node_modules/.bin/tsx');
  const start = String(Date.now() + 4000);
  const run = () => promisify(execFile)(tsx, [resolve('tests/api/support/sweep-pages.ts'), databaseUrl, due, start], { encoding: 'utf8', timeout: 60_000 });
  return (await Promise.all([run(), run()])).map((r) => Number(r.stdout.trim()));
}

const json = async (response: Response) => (await response.json()) as Record<string, any>;
const put = (v: Visitor, path: string, body: unknown) => v.request(path, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function created(admin: Visitor, url: string, title = 'Summer sale'): Promise<PageDetail> {
  const response = await admin.post('/pages', { url, title });
  expect(response.status, url).toBe(201);
  return PageDetail.parse(await response.json());
}

async function saved(admin: Visitor, id: number, version: number, document: unknown) {
  const response = await put(admin, `/pages/${id}/draft`, { version, document });
  expect(response.status).toBe(200);
  return PageDraftSaved.parse(await response.json());
}

const auditRows = (shop: TestShop, pageId: number) =>
  shop.deps.db.kysely.selectFrom('staff_audit').select(['action', 'user_id']).where('subject_kind', '=', 'page').where('subject_id', '=', pageId).orderBy('id').execute();

describeApi('the page builder: pages, drafts and versions', (shop) => {
  // One sign-in each per suite (sign-in codes are rate limited per phone).
  const visitors = new Map<string, Promise<Visitor>>();
  const signedIn = (s: TestShop, phone: string, host = 'localhost') => {
    const key = `${s.backend}|${phone}|${host}`;
    if (!visitors.has(key)) visitors.set(key, signIn(s, phone, host));
    return visitors.get(key)!;
  };
  it('keeps a new page and its drafts from shoppers: no page, not in init, not in the sitemap, its form takes no answers', async () => {
    const admin = await signedIn(shop(), MEERA);
    const page = await created(admin, '/summer-sale');
    expect(page).toMatchObject({ state: 'draft', live: false, published: null, version: 1, preview_url: `/page-builder/preview/${page.id}` });
    const form = { name: 'Ask', type: 'dynamic_form', data: { formtype: 'summer-ask', fields: [{ name: 'name', label: 'Name', required: true }] } };
    const first = await saved(admin, page.id, page.version, doc('/summer-sale', 'Summer sale', [text('Intro', '<p>Mangoes</p>'), form]));
    expect(first.errors).toEqual({});
    const shopper = await shop().visitor().start();
    const hidden = async () => {
      expect((await shop().visitor().get('/page/data/summer-sale')).status).toBe(404);
      expect(Init.parse(await (await shop().visitor().get('/init')).json()).webPages.map((p) => p.url)).not.toContain('/summer-sale');
      expect(await (await shop().visitor().get('/crawlers/sitemap.xml')).text()).not.toContain('/summer-sale');
      expect((await shopper.post('/webui/create', { formtype: 'summer-ask', formdata: { name: 'Asha' } })).status).toBe(404);
    };
    await hidden();

    const published = await admin.post(`/pages/${page.id}/publish`, {});
    expect(published.status).toBe(200);
    expect(PageDetail.parse(await published.json())).toMatchObject({ state: 'published', live: true, published_by: { name: 'Meera Iyer' } });
    const live = PageData.parse(await (await shop().visitor().get('/page/data/summer-sale')).json());
    expect(live.data.map((b) => b.name)).toEqual(['Intro', 'Ask']);
    expect(Init.parse(await (await shop().visitor().get('/init')).json()).webPages).toContainEqual({ url: '/summer-sale', title: 'Summer sale' });
    expect(await (await shop().visitor().get('/crawlers/sitemap.xml')).text()).toContain('/summer-sale');
    expect((await shopper.post('/webui/create', { formtype: 'summer-ask', formdata: { name: 'Asha' } })).status).toBe(200);

    // A changed draft is not what shoppers see; a form only in a draft takes no answers.
    const detail = PageDetail.parse(await json(await admin.get(`/pages/${page.id}`)));
    const other = { name: 'Other', type: 'dynamic_form', data: { formtype: 'summer-other', fields: [{ name: 'name', label: 'Name' }] } };
    await saved(admin, page.id, detail.version, doc('/summer-sale', 'Summer sale', [text('Intro', '<p>Litchis</p>'), other]));
    expect(PageData.parse(await (await shop().visitor().get('/page/data/summer-sale')).json()).data[0]!.data).toEqual({ html: '<p>Mangoes</p>' });
    expect((await shopper.post('/webui/create', { formtype: 'summer-other', formdata: { name: 'Asha' } })).status).toBe(404);
    const list = PageList.parse(await json(await admin.get('/pages?q=SUMMER')));
    expect(list.data).toEqual([expect.objectContaining({ id: page.id, url: '/summer-sale', state: 'changed', live: true, updated_by: { id: expect.any(Number), name: 'Meera Iyer' } })]);

    // Unpublished: gone again, the draft kept.
    const off = await admin.post(`/pages/${page.id}/unpublish`, {});
    expect(off.status).toBe(200);
    expect(PageDetail.parse(await off.json())).toMatchObject({ state: 'draft', live: false });
    await hidden();
    expect((await shopper.post('/webui/create', { formtype: 'summer-ask', formdata: { name: 'Asha' } })).status).toBe(404);
    expect((await auditRows(shop(), page.id)).map((r) => r.action)).toEqual(['page.created', 'page.draft_saved', 'page.published', 'page.draft_saved', 'page.unpublished']);
  });

  it('lists every page of the website with the home, and searches path and title', async () => {
    const admin = await signedIn(shop(), MEERA);
    const all = PageList.parse(await json(await admin.get('/pages')));
    expect(all.data.map((p) => p.url)).toEqual(expect.arrayContaining(['/', '/offers', '/about', '/contact']));
    expect(all.data.find((p) => p.url === '/')).toMatchObject({ state: 'published', live: true, scheduled_at: null });
    // Each row links its preview, so the list opens it without asking for the page.
    for (const p of all.data) expect(p.preview_url).toBe(`/page-builder/preview/${p.id}`);
    expect(all.data.find((p) => p.url === '/')!.live_url).toBe('/');
    // A live page whose draft moves to another path is still live at its own: the list says both.
    const moving = await created(admin, '/moving');
    const first = await saved(admin, moving.id, moving.version, doc('/moving', 'Moving'));
    expect((await admin.post(`/pages/${moving.id}/publish`, {})).status).toBe(200);
    const now = PageDetail.parse(await json(await admin.get(`/pages/${moving.id}`)));
    expect(first.version).toBeLessThan(now.version);
    await saved(admin, moving.id, now.version, doc('/moved', 'Moving'));
    expect(PageList.parse(await json(await admin.get('/pages?q=mov'))).data.map((p) => [p.url, p.live_url])).toEqual([['/moved', '/moving']]);
    expect(PageList.parse(await json(await admin.post('/pages', { url: '/never-live', title: 'x' }).then(() => admin.get('/pages?q=never')))).data[0]!.live_url).toBeNull();
    const about = PageList.parse(await json(await admin.get('/pages?q=abo')));
    expect(about.data.map((p) => p.url)).toEqual(['/about']);
    expect(PageList.parse(await json(await admin.get('/pages?q=%25'))).data).toEqual([]);
    // Each website its own pages.
    const other = PageList.parse(await json(await (await signedIn(shop(), '9876500004', 'shop2.localhost')).get('/pages')));
    expect(other.data.map((p) => p.url)).not.toContain('/summer-sale');
  });

  it('refuses a path by its format, the shop’s own routes and other pages’, as errors.url', async () => {
    const admin = await signedIn(shop(), MEERA);
    for (const [url, message] of [
      ['/Summer Sale', /one segment/],
      ['summer', /one segment/],
      ['/a/b', /one segment/],
      ['/products', /shop's own pages/],
      ['/page-builder', /shop's own pages/],
      ['/checkout', /shop's own pages/],
      ['/sitemap', /shop's own pages/],
      ['/about', /Another page is already at \/about/],
    ] as const) {
      const response = await admin.post('/pages', { url, title: 'T' });
      expect(response.status, url).toBe(400);
      expect((await json(response)).errors.url, url).toEqual([expect.stringMatching(message)]);
    }
    // A draft's path cannot move to a reserved or taken one either; the page's own path is fine.
    const page = await created(admin, '/path-test');
    for (const url of ['/orders', '/contact']) {
      const response = await put(admin, `/pages/${page.id}/draft`, { version: page.version, document: doc(url, 'T') });
      expect(response.status, url).toBe(400);
      expect(Object.keys((await json(response)).errors), url).toEqual(['url']);
    }
    // Another page's draft path is taken too.
    await saved(admin, page.id, page.version, doc('/path-moved', 'T'));
    expect((await json(await admin.post('/pages', { url: '/path-moved', title: 'T' }))).errors.url).toEqual(['Another page is already at /path-moved']);
  });

  it('answers 409 to a stale save with who saved and when (India time), and keeps exactly one of two saves from the same version', async () => {
    const admin = await signedIn(shop(), MEERA);
    const page = await created(admin, '/race');
    const one = await saved(admin, page.id, page.version, doc('/race', 'Race', [text('A', '<p>1</p>')]));
    expect(one.version).toBe(page.version + 1);
    const stale = await put(admin, `/pages/${page.id}/draft`, { version: page.version, document: doc('/race', 'Race', [text('B', '<p>2</p>')]) });
    expect(stale.status).toBe(409);
    const conflict = await json(stale);
    expect(conflict.message).toMatch(/^Changed by Meera Iyer at (1[0-2]|[1-9]):[0-5]\d (AM|PM) — reload to see their version$/);
    expect(conflict).toMatchObject({ version: one.version, saved_at: one.saved_at, saved_by: { name: 'Meera Iyer' } });
    const ist = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Kolkata' }).format(new Date(one.saved_at));
    expect(conflict.message).toContain(`at ${ist.replace('\u202f', ' ')} `);

    for (let round = 0; round < 3; round++) {
      const { version } = PageDetail.parse(await json(await admin.get(`/pages/${page.id}`)));
      const answers = await Promise.all([0, 1].map((n) => put(admin, `/pages/${page.id}/draft`, { version, document: doc('/race', 'Race', [text(`W${n}`, `<p>${n}</p>`)]) })));
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const winner = answers.findIndex((a) => a.status === 200);
      const now = PageDetail.parse(await json(await admin.get(`/pages/${page.id}`)));
      expect(now.version).toBe(version + 1);
      expect((now.draft as { components: { name: string }[] }).components[0]!.name).toBe(`W${winner}`);
    }
  });

  it('keeps a draft with problems, refuses to publish it (unsafe links by path), and refuses what is not a page', async () => {
    const admin = await signedIn(shop(), MEERA);
    const page = await created(admin, '/links');
    const hostile = doc('/links', 'Links', [
      { name: 'Hero', type: 'hero', data: { slides: [{ image: 'javascript:alert(1)', alt: 'x' }] } },
      { name: 'Banner', type: 'image_banner', data: { image: '/b.png', link: '//evil.example', alt: 'Offer' } },
    ]);
    const kept = await saved(admin, page.id, page.version, hostile);
    expect(Object.keys(kept.errors).sort()).toEqual(['components.0.data.slides.0.image', 'components.1.data.link']);
    const detail = PageDetail.parse(await json(await admin.get(`/pages/${page.id}`)));
    expect(detail.draft).toEqual(hostile);
    expect(Object.keys(detail.errors).sort()).toEqual(['components.0.data.slides.0.image', 'components.1.data.link']);
    const refused = await admin.post(`/pages/${page.id}/publish`, {});
    expect(refused.status).toBe(400);
    const body = await json(refused);
    expect(Object.keys(body.errors).sort()).toEqual(['components.0.data.slides.0.image', 'components.1.data.link']);
    expect(body.problems).toHaveLength(2);
    expect((await shop().visitor().get('/page/data/links')).status).toBe(404);
    expect(PageDetail.parse(await json(await admin.get(`/pages/${page.id}`))).live).toBe(false);

    // Text the text rule refuses (here a NUL) in a block is kept in the draft as a problem at its field, and never
    // published; in the path or title (kept in columns of their own, where PostgreSQL refuses a NUL) it is a 400.
    const unruly = await saved(admin, page.id, kept.version, doc('/links', 'Links', [text('Nul', '<p>a\u0000b</p>')]));
    expect(Object.keys(unruly.errors)).toEqual(['components.0.data.html']);
    expect((await admin.post(`/pages/${page.id}/publish`, {})).status).toBe(400);
    const nulTitle = await put(admin, `/pages/${page.id}/draft`, { version: unruly.version, document: doc('/links', 'Links\u0000') });
    expect(nulTitle.status).toBe(400);
    expect(Object.keys((await json(nulTitle)).errors)).toEqual(['document.title']);
    const back = await saved(admin, page.id, unruly.version, hostile);

    for (const document of ['hello', null, { url: '/links', title: 'x', components: 'no' }, { url: '/links', title: 'x', components: Array.from({ length: 61 }, (_, i) => text(`B${i}`, '<p/>')) }]) {
      const response = await put(admin, `/pages/${page.id}/draft`, { version: back.version, document });
      expect(response.status, JSON.stringify(document).slice(0, 40)).toBe(400);
      expect((await json(response)).message).toMatch(/^This is not a page: /);
    }
    const huge = doc('/links', 'Links', [text('Big', `<p>${'x'.repeat(1_100_000)}</p>`)]);
    const tooBig = await put(admin, `/pages/${page.id}/draft`, { version: back.version, document: huge });
    expect([400, 413]).toContain(tooBig.status);
    expect(PageDetail.parse(await json(await admin.get(`/pages/${page.id}`))).version).toBe(back.version);
  });

  it('keeps every publish as a version with what changed, restores one as the draft without publishing, and discards a draft', async () => {
    const admin = await signedIn(shop(), MEERA);
    const page = await created(admin, '/versions');
    let version = (await saved(admin, page.id, page.version, doc('/versions', 'Versions', [text('Intro', '<p>One</p>')]))).version;
    expect((await admin.post(`/pages/${page.id}/publish`, {})).status).toBe(200);
    version = PageDetail.parse(await json(await admin.get(`/pages/${page.id}`))).version;
    version = (await saved(admin, page.id, version, doc('/versions', 'Versions two', [{ name: 'Summer sale', type: 'hero', data: { slides: [{ image: '/a.png', alt: 'Sale' }] } }, text('Intro', '<p>One</p>')]))).version;
    expect((await admin.request(`/pages/${page.id}/publish`, { method: 'POST' })).status).toBe(200);
    const versions = PageVersionList.parse(await json(await admin.get(`/pages/${page.id}/versions`)));
    expect(versions.data.map((v) => [v.version, v.summary, v.published_by?.name])).toEqual([
      [2, 'Added Hero ‘Summer sale’; changed the title', 'Meera Iyer'],
      [1, 'First published', 'Meera Iyer'],
    ]);
    expect(await json(await admin.get(`/pages/${page.id}/versions/1`))).toMatchObject({ url: '/versions', title: 'Versions', components: [{ name: 'Intro' }] });
    expect((await admin.get(`/pages/${page.id}/versions/9`)).status).toBe(404);
    // A version kept with a block type the shop no longer has answers without it, never a 500.
    const db = shop().deps.db.kysely;
    const kept = await db.selectFrom('page_versions').select(['id', 'document_json']).where('page_id', '=', page.id).where('version', '=', 1).executeTakeFirstOrThrow();
    const alien = JSON.parse(kept.document_json);
    await db.updateTable('page_versions').set({ document_json: JSON.stringify({ ...alien, components: [...alien.components, { name: 'Old', type: 'marquee', data: {}, order: 0 }] }) }).where('id', '=', kept.id).execute();
    expect((await json(await admin.get(`/pages/${page.id}/versions/1`))).components.map((c: { name: string }) => c.name)).toEqual(['Intro']);
    await db.updateTable('page_versions').set({ document_json: kept.document_json }).where('id', '=', kept.id).execute();

    // The preview: the draft, or a kept version, resolved as the live page.
    const preview = await admin.get(`/pages/${page.id}/preview?version=1`);
    expect(preview.headers.get('cache-control')).toBe('private, no-store');
    expect(PageData.parse(await preview.json()).data.map((b) => b.name)).toEqual(['Intro']);

    const restored = await admin.post(`/pages/${page.id}/versions/1/restore`, {});
    expect(restored.status).toBe(200);
    const detail = PageDetail.parse(await restored.json());
    expect(detail).toMatchObject({ state: 'changed', title: 'Versions', draft: expect.objectContaining({ title: 'Versions' }) });
    expect(detail.version).toBeGreaterThan(version);
    expect(PageData.parse(await (await shop().visitor().get('/page/data/versions')).json()).data.map((b) => b.name)).toEqual(['Summer sale', 'Intro']);
    expect(PageData.parse(await json(await admin.get(`/pages/${page.id}/preview`))).data.map((b) => b.name)).toEqual(['Intro']);
    expect((await json(await admin.get(`/pages/${page.id}/versions`))).data).toHaveLength(2);

    const discarded = PageDetail.parse(await json(await admin.post(`/pages/${page.id}/discard`, {})));
    expect(discarded).toMatchObject({ state: 'published', title: 'Versions two' });
    expect(discarded.draft).toEqual(discarded.published);
    const fresh = await created(admin, '/never-published');
    expect((await admin.post(`/pages/${fresh.id}/discard`, {})).status).toBe(409);
  });

  it('schedules a publish (India time; the past refused) that exactly one of two instances on the database makes', { timeout: 60_000 }, async () => {
    const admin = await signedIn(shop(), MEERA);
    const page = await created(admin, '/scheduled');
    await saved(admin, page.id, page.version, doc('/scheduled', 'Scheduled', [text('Soon', '<p>Soon</p>')]));
    for (const at of ['2020-01-01T09:00', 'tomorrow', '2031-02-30T09:00']) {
      const response = await admin.post(`/pages/${page.id}/publish`, { at });
      expect(response.status, at).toBe(400);
      expect(Object.keys((await json(response)).errors), at).toEqual(['at']);
    }
    const scheduled = PageDetail.parse(await json(await admin.post(`/pages/${page.id}/publish`, { at: '2030-12-01T09:00' })));
    expect(scheduled).toMatchObject({ state: 'scheduled', live: false, scheduled_at: '2030-12-01T03:30:00.000Z' });
    expect(PageDetail.parse(await json(await admin.post(`/pages/${page.id}/publish`, { at: '2030-12-01T09:15:00+05:30' }))).scheduled_at).toBe('2030-12-01T03:45:00.000Z');
    expect(await publishDuePages(shop().deps.db.kysely, new Date('2030-12-01T03:40:00Z'))).toBe(0);
    expect((await shop().visitor().get('/page/data/scheduled')).status).toBe(404);

    // A schedule can be cancelled on its own (the draft stays); a second cancel has nothing to end.
    const cancelled = PageDetail.parse(await json(await admin.post(`/pages/${page.id}/unschedule`, {})));
    expect(cancelled).toMatchObject({ state: 'draft', live: false, scheduled_at: null, version: scheduled.version });
    expect((await admin.post(`/pages/${page.id}/unschedule`, {})).status).toBe(409);
    expect(await publishDuePages(shop().deps.db.kysely, new Date('2031-01-01T00:00:00Z'))).toBe(0);
    expect((await shop().visitor().get('/page/data/scheduled')).status).toBe(404);
    expect(PageDetail.parse(await json(await admin.post(`/pages/${page.id}/publish`, { at: '2030-12-01T09:15:00+05:30' }))).state).toBe('scheduled');

    // Two more instances of the app on the same database, each its own process: both sweep at once, exactly one
    // publishes each page (one version each, one audit row).
    const others = [await created(admin, '/scheduled-two'), await created(admin, '/scheduled-three')];
    for (const other of others) {
      await saved(admin, other.id, other.version, doc(other.url, 'Later', [text('Later', '<p>Later</p>')]));
      expect((await admin.post(`/pages/${other.id}/publish`, { at: '2030-12-01T09:10' })).status).toBe(200);
    }
    const counts = await sweepTwice(shop().deps.config.databaseUrl, '2030-12-01T04:00:00Z');
    expect(counts[0]! + counts[1]!).toBe(3);
    for (const id of [page.id, ...others.map((o) => o.id)]) {
      const kept = await shop().deps.db.kysely.selectFrom('page_versions').select('version').where('page_id', '=', id).execute();
      expect(kept.map((k) => k.version), String(id)).toEqual([1]);
      const detail = PageDetail.parse(await json(await admin.get(`/pages/${id}`)));
      expect(detail).toMatchObject({ state: 'published', live: true, scheduled_at: null, published_by: { name: 'Meera Iyer' } });
      expect((await auditRows(shop(), id)).filter((r) => r.action === 'page.published')).toHaveLength(1);
    }
    expect(await publishDuePages(shop().deps.db.kysely, new Date('2030-12-01T04:00:00Z'))).toBe(0);
    expect(PageData.parse(await (await shop().visitor().get('/page/data/scheduled')).json()).data.map((b) => b.name)).toEqual(['Soon']);
  });

  it('duplicates and deletes pages; the home is never unpublished or deleted', async () => {
    const admin = await signedIn(shop(), MEERA);
    const pages = PageList.parse(await json(await admin.get('/pages'))).data;
    const home = pages.find((p) => p.url === '/')!;
    const about = pages.find((p) => p.url === '/about')!;
    for (const call of [admin.post(`/pages/${home.id}/unpublish`, {}), admin.request(`/pages/${home.id}`, { method: 'DELETE' })]) {
      const response = await call;
      expect(response.status).toBe(409);
      expect((await json(response)).message).toMatch(/^The home page cannot be (unpublished|deleted)/);
    }
    const copy = await admin.post(`/pages/${about.id}/duplicate`, { url: '/about-copy', title: 'About (copy)' });
    expect(copy.status).toBe(201);
    const detail = PageDetail.parse(await copy.json());
    expect(detail).toMatchObject({ url: '/about-copy', title: 'About (copy)', state: 'draft', live: false, draft: expect.objectContaining({ url: '/about-copy', title: 'About (copy)' }) });
    expect((await admin.post(`/pages/${about.id}/duplicate`, { url: '/contact', title: 'x' })).status).toBe(400);
    const gone = await admin.request(`/pages/${detail.id}`, { method: 'DELETE' });
    expect(gone.status).toBe(200);
    expect((await admin.get(`/pages/${detail.id}`)).status).toBe(404);
    expect((await auditRows(shop(), detail.id)).map((r) => r.action)).toEqual(['page.duplicated', 'page.deleted']);
    // Another website's page is not found.
    expect((await (await signedIn(shop(), '9876500004', 'shop2.localhost')).get(`/pages/${about.id}`)).status).toBe(404);
  });

  it('keeps the publish command working through the same publish: a version, and website_setting:edit', async () => {
    const admin = await signedIn(shop(), MEERA);
    const page = { url: '/command', title: 'Command', components: [text('A', '<p>a</p>')] };
    expect(await json(await admin.post('/pages/publish', page))).toEqual({ valid: true, problems: [] });
    expect(await json(await admin.post('/pages/publish', { ...page, title: 'Command two' }))).toEqual({ valid: true, problems: [] });
    const listed = PageList.parse(await json(await admin.get('/pages?q=command'))).data[0]!;
    expect(listed).toMatchObject({ state: 'published', title: 'Command two' });
    const versions = PageVersionList.parse(await json(await admin.get(`/pages/${listed.id}/versions`)));
    expect(versions.data.map((v) => v.summary)).toEqual(['Changed the title', 'First published']);
    const watcher = await viewer(shop());
    expect((await watcher.post('/pages/publish', page)).status).toBe(403);
    expect((await watcher.post('/pages/check', page)).status).toBe(200);
  });

  it('answers each call to website_setting:view (reads) and website_setting:edit (changes) only: 401 signed out, 403 otherwise, nothing done', async () => {
    const admin = await signedIn(shop(), MEERA);
    const page = await created(admin, '/guarded');
    await admin.post(`/pages/${page.id}/publish`, {});
    const { version } = PageDetail.parse(await json(await admin.get(`/pages/${page.id}`)));
    const reads = ['/pages', `/pages/${page.id}`, `/pages/${page.id}/versions`, `/pages/${page.id}/versions/1`, `/pages/${page.id}/preview`];
    const changes: [string, string, unknown][] = [
      ['POST', '/pages', { url: '/guarded-new', title: 'x' }],
      ['PUT', `/pages/${page.id}/draft`, { version, document: doc('/guarded', 'Changed') }],
      ['POST', `/pages/${page.id}/publish`, {}],
      ['POST', `/pages/${page.id}/unpublish`, {}],
      ['POST', `/pages/${page.id}/unschedule`, {}],
      ['POST', `/pages/${page.id}/discard`, {}],
      ['POST', `/pages/${page.id}/duplicate`, { url: '/guarded-copy', title: 'x' }],
      ['DELETE', `/pages/${page.id}`, undefined],
      ['POST', `/pages/${page.id}/versions/1/restore`, {}],
    ];
    const send = (v: Visitor, [method, path, body]: [string, string, unknown]) =>
      v.request(path, { method, headers: { 'content-type': 'application/json' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    const stranger = await shop().visitor().start();
    const shopper = await signedIn(shop(), ASHA);
    const watcher = await viewer(shop());
    const audits = (await auditRows(shop(), page.id)).length;
    for (const path of reads) {
      expect((await stranger.get(path)).status, path).toBe(401);
      expect((await shopper.get(path)).status, path).toBe(403);
      expect((await watcher.get(path)).status, path).toBe(200);
    }
    for (const call of changes) {
      const signedOut = await send(stranger, call);
      expect(signedOut.status, call.join(' ')).toBe(401);
      expect(signedOut.headers.get('content-type')).toMatch(/json/);
      expect((await send(shopper, call)).status, call.join(' ')).toBe(403);
      const refused = await send(watcher, call);
      expect(refused.status, call.join(' ')).toBe(403);
      expect(await json(refused)).toEqual({ message: 'You do not have permission to do this' });
    }
    expect(await auditRows(shop(), page.id)).toHaveLength(audits);
    expect(PageDetail.parse(await json(await admin.get(`/pages/${page.id}`)))).toMatchObject({ version, state: 'published', title: 'Summer sale' });
    expect(PageList.parse(await json(await admin.get('/pages?q=guarded'))).data.map((p) => p.url)).toEqual(['/guarded']);
  });

  it("says what the shop will leave out of a page's CSS, to readers too, and refuses others", async () => {
    const css = '.offer { color: #b91c1c }\n.banner { position: fixed }\n@import url(/x.css);';
    const problems = ['Line 2: the value of position is not allowed', 'Line 3: @import is left out: only style rules and @media are kept'];
    const check = (v: Visitor) => v.post('/pages/css-check', { css });
    expect(await json(await check(await signedIn(shop(), MEERA)))).toEqual({ problems });
    expect(await json(await check(await viewer(shop())))).toEqual({ problems });
    expect((await check(await signedIn(shop(), ASHA))).status).toBe(403);
    expect((await check(await shop().visitor().start())).status).toBe(401);
    expect((await (await signedIn(shop(), MEERA)).post('/pages/css-check', { css: 'a{}\u0000' })).status).toBe(400);
  });
});
