/**
 * The page builder's website settings (docs/page-builder.md#the-website): a draft shoppers never see, saved with
 * its problems, published into the shop's own tables (init changes, the page generation rises), versions restored
 * as the draft, stale saves refused, and only website_setting:view / :edit holders let in. SQLite and PostgreSQL.
 */
import { expect, it } from 'vitest';
import { Init } from '../../src/contract';
import { SiteSettings, type SiteDocument } from '../../src/contract/site-settings';
import { describeApi, newShopper, signedIn, type TestShop, type Visitor } from './shop';

const MEERA = '9876500003';

const put = (v: Visitor, body: unknown) =>
  v.request('/site-settings/draft', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const settingsOf = async (v: Visitor) => SiteSettings.parse(await (await v.get('/site-settings')).json());
const initOf = async (shop: TestShop) => Init.parse(await (await shop.visitor().get('/init')).json());
const generation = async (shop: TestShop) => ((await (await shop.visitor().get('/page-generation')).json()) as { generation: number }).generation;
const auditRows = (shop: TestShop) =>
  shop.deps.db.kysely.selectFrom('staff_audit').select(['action', 'user_id']).where('subject_kind', '=', 'site_settings').orderBy('id').execute();

async function viewer(shop: TestShop): Promise<Visitor> {
  const phone = '9876511111';
  const existing = await shop.deps.db.kysely.selectFrom('users').select('id').where('phone', '=', phone).executeTakeFirst();
  if (!existing) {
    await shop.deps.db.kysely
      .insertInto('users')
      .values({ name: 'Page Viewer', phone, email: 'viewer@example.com', has_admin_access: 1, permissions_json: JSON.stringify(['website_setting:view']), created_at: new Date().toISOString() })
      .execute();
  }
  return signedIn(shop, phone);
}

describeApi('website settings in the page builder', (shop) => {
  it('makes the first draft from what is live, as version 1, with no problems', async () => {
    const meera = await signedIn(shop(), MEERA);
    const settings = await settingsOf(meera);
    expect(settings.draft).toEqual(settings.published);
    expect(settings.changed).toBe(false);
    expect(settings.errors).toEqual({});
    expect(settings.draft.navigation.map((i) => i.name)).toEqual(['Home', 'Categories', 'All Products', 'Offers', 'About', 'Contact']);
    expect(settings.draft.footer.map((g) => [g.name, g.children.length])).toEqual([['Shop', 3], ['Company', 2]]);
    expect(settings.draft.theme.colours.primary).toBe('#15803d');
    expect(settings.draft.logo).toBe('/demo/logo-annapurna.svg');
    expect(settings.preview_url).toBe('/page-builder/preview/site');
    const versions = (await (await meera.get('/site-settings/versions')).json()) as { data: { version: number; summary: string }[] };
    expect(versions.data).toEqual([expect.objectContaining({ version: 1, summary: 'The settings as they were' })]);
  });

  it('keeps the draft from shoppers until it is published, then init and the page generation change', async () => {
    const meera = await signedIn(shop(), MEERA);
    const before = await initOf(shop());
    const { version, draft } = await settingsOf(meera);
    const document: SiteDocument = {
      ...draft,
      navigation: [...draft.navigation, { name: 'Diwali Sale', link: '/diwali', children: [{ name: 'Sweets', link: '/products?c=sweets', children: [] }] }],
      footer: [{ name: 'Help', link: '', children: [{ name: 'Returns', link: '/returns', children: [] }] }],
      popup: { image: '/demo/diwali.svg', alt: 'Diwali sweets, 20% off', link: '/diwali', duration: 8, once: false },
      theme: { colours: { ...draft.theme.colours, primary: '#7c2d12' }, font_family: 'Poppins' },
      logo: '/demo/logo-diwali.svg',
    };
    const saved = await put(meera, { version, document });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ version: version + 1, errors: {} });

    expect(await initOf(shop())).toEqual(before);
    const kept = await settingsOf(meera);
    expect(kept.changed).toBe(true);
    expect(kept.draft.navigation.at(-1)!.name).toBe('Diwali Sale');

    const generationBefore = await generation(shop());
    const published = await meera.post('/site-settings/publish', { version: version + 1 });
    expect(published.status).toBe(200);
    const after = SiteSettings.parse(await published.json());
    expect(after.changed).toBe(false);
    expect(after.version).toBe(version + 2);
    expect(await generation(shop())).toBeGreaterThan(generationBefore);

    const init = await initOf(shop());
    expect(init.navs.at(-1)).toMatchObject({ name: 'Diwali Sale', link: '/diwali', children: [expect.objectContaining({ name: 'Sweets', link: '/products?c=sweets' })] });
    expect(init.footers).toEqual([expect.objectContaining({ name: 'Help', link: null, children: [expect.objectContaining({ name: 'Returns', link: '/returns' })] })]);
    expect(init.popup).toEqual({ image: '/demo/diwali.svg', alt: 'Diwali sweets, 20% off', link: '/diwali', duration: 8, once: false });
    expect(init.activetheme.primary).toBe('#7c2d12');
    expect(init.web.logo).toBe('/demo/logo-diwali.svg');
    expect(init.web.font_family).toBe('Poppins');
    // The category menu still comes from the item that holds it.
    expect(init.navs.find((n) => n.name === 'Categories')!.children.length).toBeGreaterThan(0);

    const versions = (await (await meera.get('/site-settings/versions')).json()) as { data: { version: number; summary: string; published_by: { name: string } | null }[] };
    expect(versions.data[0]).toMatchObject({ version: 2, summary: 'Navigation, Footer, Popup, Theme, Logo', published_by: { name: 'Meera Iyer' } });
    expect((await auditRows(shop())).map((r) => r.action).slice(-2)).toEqual(['site_settings.saved', 'site_settings.published']);
  });

  it('refuses a stale save with who saved since, and lets exactly one of two saves from the same version win', async () => {
    const meera = await signedIn(shop(), MEERA);
    const { version, draft } = await settingsOf(meera);
    const auditBefore = (await auditRows(shop())).length;
    const answers = await Promise.all([
      put(meera, { version, document: { ...draft, seo: { ...draft.seo, og_title: 'First' } } }),
      put(meera, { version, document: { ...draft, seo: { ...draft.seo, og_title: 'Second' } } }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    const body = (await refused.json()) as { message: string; version: number };
    expect(body.message).toMatch(/^Changed by Meera Iyer at \d{1,2}:\d{2} [AP]M — reload to see their version$/);
    expect(body.version).toBe(version + 1);
    expect((await auditRows(shop())).length).toBe(auditBefore + 1);
    const stale = await put(meera, { version, document: draft });
    expect(stale.status).toBe(409);
    expect((await settingsOf(meera)).version).toBe(version + 1);
  });

  it('saves unsafe links with a field error and refuses to publish them; a wrong shape is refused outright', async () => {
    const meera = await signedIn(shop(), MEERA);
    const before = await initOf(shop());
    const { version, draft } = await settingsOf(meera);
    const document: SiteDocument = {
      ...draft,
      navigation: [
        { name: 'Evil', link: 'javascript:alert(1)', children: [] },
        { name: 'Away', link: '//evil.example/x', children: [] },
        { name: 'Data', link: 'data:text/html,<script>alert(1)</script>', children: [] },
      ],
      logo: 'javascript:alert(1)',
    };
    const saved = await put(meera, { version, document });
    expect(saved.status).toBe(200);
    const { errors } = (await saved.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(errors).sort()).toEqual(['logo', 'navigation.0.link', 'navigation.1.link', 'navigation.2.link']);
    expect(errors['navigation.0.link']![0]).toMatch(/^Link must be a path of this site starting with \//);

    const published = await meera.post('/site-settings/publish', {});
    expect(published.status).toBe(400);
    expect(((await published.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty(['navigation.1.link']);
    expect(await initOf(shop())).toEqual(before);

    const wrongShape = await put(meera, { version: version + 1, document: { ...document, navigation: 'Home' } });
    expect(wrongShape.status).toBe(400);
    expect(((await wrongShape.json()) as { errors: Record<string, string[]> }).errors).toHaveProperty(['navigation']);
    const controlled = await put(meera, { version: version + 1, document: { ...document, navigation: [{ name: 'Bad\u0000name', link: '/', children: [] }] } });
    expect(controlled.status).toBe(400);
    expect((await settingsOf(meera)).version).toBe(version + 1);

    const discarded = SiteSettings.parse(await (await meera.post('/site-settings/discard', { version: version + 1 })).json());
    expect(discarded.changed).toBe(false);
    expect(discarded.errors).toEqual({});
  });

  it('restores a published version as the draft, leaving what is live until publish', async () => {
    const meera = await signedIn(shop(), MEERA);
    const live = await initOf(shop());
    const restored = await meera.post('/site-settings/versions/1/restore', {});
    expect(restored.status).toBe(200);
    const settings = SiteSettings.parse(await restored.json());
    expect(settings.changed).toBe(true);
    expect(settings.draft.logo).toBe('/demo/logo-annapurna.svg');
    expect(settings.draft.navigation.map((i) => i.name)).toEqual(['Home', 'Categories', 'All Products', 'Offers', 'About', 'Contact']);
    expect(await initOf(shop())).toEqual(live);
    expect((await meera.post('/site-settings/versions/99/restore', {})).status).toBe(404);
    expect((await auditRows(shop())).at(-1)!.action).toBe('site_settings.restored');
  });

  it('lets website_setting:view read but not change, and keeps shoppers and the signed out out', async () => {
    const reader = await viewer(shop());
    expect((await reader.get('/site-settings')).status).toBe(200);
    expect((await reader.get('/site-settings/versions')).status).toBe(200);
    const { version, draft } = await settingsOf(reader);
    expect((await put(reader, { version, document: draft })).status).toBe(403);
    expect((await reader.post('/site-settings/publish', {})).status).toBe(403);
    expect((await reader.post('/site-settings/discard', {})).status).toBe(403);
    expect((await reader.post('/site-settings/versions/1/restore', {})).status).toBe(403);

    const shopper = await newShopper(shop());
    expect((await shopper.get('/site-settings')).status).toBe(403);
    expect((await put(shopper, { version, document: draft })).status).toBe(403);
    expect((await shopper.post('/site-settings/publish', {})).status).toBe(403);

    const stranger = await shop().visitor().start();
    expect((await stranger.get('/site-settings')).status).toBe(401);
    expect((await stranger.post('/site-settings/publish', {})).status).toBe(401);
    expect((await settingsOf(reader)).version).toBe(version);
  });
});
