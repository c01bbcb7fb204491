import robotsParser from 'robots-parser';
import { expect, it } from 'vitest';
import { publishPage } from '../../src/server/services/pages';
import { createWebsite } from '../../src/server/services/websites';
import { describeApi, type TestShop } from './shop';
import { sitemapEntries } from './xml-check';

/** robots.txt, the sitemap (and its index) and the favicon each website answers crawlers (docs/crawlers.md). */
const W3C_SECOND = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const w3c = (stored: string) => new Date(stored).toISOString().replace(/\.\d{3}Z$/, 'Z');

async function sitemap(shop: TestShop, host = 'localhost', file = 'sitemap.xml') {
  const response = await shop.visitor(host).get(`/crawlers/${file}`);
  return { response, body: await response.text() };
}

describeApi('crawler files', (shop) => {
  it('robots.txt allows the catalogue, disallows personal pages and the API, and names its own website’s sitemap', async () => {
    for (const host of ['localhost', 'shop2.localhost']) {
      const response = await shop().visitor(host).get('/crawlers/robots.txt');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
      const lines = (await response.text()).split('\n');
      expect(lines).toContain('User-agent: *');
      expect(lines).toContain('Allow: /');
      // Read as a crawler reads it (RFC 9309): the shopper's own pages and the API are closed, their sub-paths too...
      const robots = robotsParser(`http://${host}/robots.txt`, lines.join('\n'));
      const closed = ['/account', '/account/orders/12', '/checkout', '/checkout/razorpay/5', '/auth/login', '/cart', '/cart/add', '/order/success/7', '/account?status=cancelled', '/auth/login?redirect=%2Fcheckout', '/wishlist/toggle', '/webui/create', '/ingest/x', '/s/api/products'];
      for (const path of closed) expect(robots.isDisallowed(`http://${host}${path}`, 'Googlebot'), path).toBe(true);
      // ...and the catalogue and content pages are open, a marketer's page whose name starts like a closed one too.
      const open = ['/', '/products', '/products/basmati-rice', '/products?category=rice', '/about', '/orders-of-the-day', '/cart-tips', '/authentic-spices', '/accounting-help', '/sitemap.xml'];
      for (const path of open) expect(robots.isAllowed(`http://${host}${path}`, 'Googlebot'), path).toBe(true);
      expect(lines.filter((l) => l.startsWith('Sitemap: '))).toEqual([`Sitemap: http://${host}/sitemap.xml`]);
    }
  });

  it('lists the home, the listing, published pages, categories and active products, each with a W3C lastmod', async () => {
    const db = shop().deps.db.kysely;
    await publishPage(db, 1, { url: '/monsoon-sale', title: 'Monsoon sale', components: [{ name: 'A', type: 'rich_html', data: { html: '<p>Rain</p>' } }] });
    const page = await db.selectFrom('pages').select('updated_at').where('website_id', '=', 1).where('url', '=', '/monsoon-sale').executeTakeFirstOrThrow();
    const product = await db.selectFrom('products').select(['slug', 'created_at']).where('is_active', '=', 1).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const leaf = await db
      .selectFrom('categories as c')
      .select(['c.id', 'c.slug'])
      .where((eb) => eb.not(eb.exists(eb.selectFrom('categories as k').select('k.id').whereRef('k.parent_id', '=', 'c.id'))))
      .where((eb) => eb.exists(eb.selectFrom('products as p').select('p.id').whereRef('p.category_id', '=', 'c.id').where('p.is_active', '=', 1)))
      .orderBy('c.id')
      .executeTakeFirstOrThrow();
    const newestInLeaf = await db.selectFrom('products').select((eb) => eb.fn.max('created_at').as('at')).where('category_id', '=', leaf.id).where('is_active', '=', 1).executeTakeFirstOrThrow();

    const { response, body } = await sitemap(shop());
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(response.headers.get('set-cookie')).toBeNull();
    const entries = sitemapEntries(body);
    const byLoc = new Map(entries.map((e) => [e.loc, e.lastmod]));
    expect(byLoc.size).toBe(entries.length);
    for (const e of entries) expect(e.lastmod, e.loc).toMatch(W3C_SECOND);
    expect(byLoc.get('http://localhost/monsoon-sale')).toBe(w3c(page.updated_at));
    expect(byLoc.get(`http://localhost/products/${product.slug}`)).toBe(w3c(product.created_at));
    expect(byLoc.get(`http://localhost/products?c=${leaf.slug}`)).toBe(w3c(String(newestInLeaf.at)));
    expect(byLoc.has('http://localhost/')).toBe(true);
    expect(byLoc.has('http://localhost/products')).toBe(true);
    const active = Number((await db.selectFrom('products').select((eb) => eb.fn.countAll().as('n')).where('is_active', '=', 1).executeTakeFirstOrThrow()).n);
    expect(entries.filter((e) => /^http:\/\/localhost\/products\/[^?]/.test(e.loc))).toHaveLength(active);
  });

  it('lists every page in English and in Hindi, each naming both addresses as its hreflang alternates', async () => {
    const product = await shop().deps.db.kysely.selectFrom('products').select('slug').where('is_active', '=', 1).orderBy('id').executeTakeFirstOrThrow();
    const { body } = await sitemap(shop());
    const locs = sitemapEntries(body).map((e) => e.loc);
    expect(locs.filter((loc) => loc.startsWith('http://localhost/hi'))).toHaveLength(locs.length / 2);
    for (const [en, hi] of [['http://localhost/', 'http://localhost/hi'], ['http://localhost/products', 'http://localhost/hi/products'], [`http://localhost/products/${product.slug}`, `http://localhost/hi/products/${product.slug}`]]) {
      expect(locs, en).toContain(en);
      expect(locs, hi).toContain(hi);
      const alternates = `<xhtml:link rel="alternate" hreflang="en-IN" href="${en}"/><xhtml:link rel="alternate" hreflang="hi-IN" href="${hi}"/>`;
      expect(body).toContain(`<url><loc>${en}</loc>`);
      for (const loc of [en, hi]) expect(body.split(`<url><loc>${loc}</loc>`)[1]!.split('</url>')[0], loc).toContain(alternates);
    }
    expect(body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
  });

  it('leaves out an inactive product, and encodes and escapes a slug with & < > " \' and spaces into valid XML', async () => {
    const db = shop().deps.db.kysely;
    // From the middle of the catalogue: neither the first nor the last product the sitemap reads.
    const [hidden, odd] = await db.selectFrom('products').select(['id', 'slug']).where('is_active', '=', 1).orderBy('id').limit(2).offset(10).execute();
    expect(sitemapEntries((await sitemap(shop())).body).some((e) => e.loc === `http://localhost/products/${hidden!.slug}`)).toBe(true);
    await db.updateTable('products').set({ is_active: 0 }).where('id', '=', hidden!.id).execute();
    const slug = `dal & "chawal" <it's> ${odd!.id}`;
    await db.updateTable('products').set({ slug }).where('id', '=', odd!.id).execute();
    try {
      const { body } = await sitemap(shop());
      const locs = sitemapEntries(body).map((e) => e.loc);
      expect(locs).not.toContain(`http://localhost/products/${hidden!.slug}`);
      expect(locs).toContain(`http://localhost/products/${encodeURIComponent(slug)}`);
      expect(body).toContain(`/products/dal%20%26%20%22chawal%22%20%3Cit&apos;s%3E%20${odd!.id}</loc>`);
    } finally {
      await db.updateTable('products').set({ is_active: 1 }).where('id', '=', hidden!.id).execute();
      await db.updateTable('products').set({ slug: odd!.slug }).where('id', '=', odd!.id).execute();
    }
  });

  it('gives each website its own origin and pages', async () => {
    await publishPage(shop().deps.db.kysely, 1, { url: '/only-on-one', title: 'One', components: [{ name: 'A', type: 'rich_html', data: { html: '<p>1</p>' } }] });
    const locs = sitemapEntries((await sitemap(shop(), 'shop2.localhost')).body).map((e) => e.loc);
    expect(locs.length).toBeGreaterThan(300);
    expect(locs.every((loc) => loc.startsWith('http://shop2.localhost/'))).toBe(true);
    expect(locs).not.toContain('http://shop2.localhost/only-on-one');
    expect(sitemapEntries((await sitemap(shop())).body).map((e) => e.loc)).toContain('http://localhost/only-on-one');
  });

  it('past the URLs one file may hold, answers an index of numbered files that together list every URL once', async () => {
    const { body: whole } = await sitemap(shop());
    const all = sitemapEntries(whole).map((e) => e.loc);
    const config = shop().deps.config;
    const before = config.sitemapUrlsPerFile;
    config.sitemapUrlsPerFile = 100;
    try {
      const { response, body } = await sitemap(shop());
      expect(response.status).toBe(200);
      const files = sitemapEntries(body, 'sitemapindex');
      const count = Math.ceil(all.length / 100);
      expect(files.map((f) => f.loc)).toEqual(Array.from({ length: count }, (_, i) => `http://localhost/sitemap-${i + 1}.xml`));
      for (const f of files) expect(f.lastmod).toMatch(W3C_SECOND);
      const listed: string[] = [];
      for (let n = 1; n <= count; n++) {
        const part = await sitemap(shop(), 'localhost', `sitemap/${n}`);
        expect(part.response.status).toBe(200);
        const locs = sitemapEntries(part.body).map((e) => e.loc);
        expect(locs.length).toBe(n < count ? 100 : all.length - 100 * (count - 1));
        listed.push(...locs);
      }
      expect(listed).toEqual(all);
      expect((await sitemap(shop(), 'localhost', `sitemap/${count + 1}`)).response.status).toBe(404);
      expect((await sitemap(shop(), 'localhost', 'sitemap/0')).response.status).toBe(400);
      expect((await sitemap(shop(), 'localhost', 'sitemap/x')).response.status).toBe(400);
    } finally {
      config.sitemapUrlsPerFile = before;
    }
    // One file is enough again: it has no numbered files.
    expect((await sitemap(shop(), 'localhost', 'sitemap/1')).response.status).toBe(404);
  });

  it('sends /favicon.ico to the website’s own icon, and to the default one when it has none or an unsafe one', async () => {
    const icon = async (host: string) => {
      const response = await shop().visitor(host).get('/crawlers/favicon.ico');
      expect(response.status).toBe(302);
      expect(response.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
      return response.headers.get('location');
    };
    expect(await icon('localhost')).toBe('/demo/favicon-annapurna.svg');
    expect(await icon('shop2.localhost')).toBe('/demo/favicon-kirana.svg');
    const db = shop().deps.db.kysely;
    await createWebsite(db, { name: 'Plain', domain: 'plain.localhost' });
    expect(await icon('plain.localhost')).toBe('/favicon.svg');
    const unsafe = await createWebsite(db, { name: 'Unsafe', domain: 'unsafe.localhost' });
    await db.updateTable('websites').set({ favicon: 'javascript:alert(1)' }).where('id', '=', unsafe!.id).execute();
    expect(await icon('unsafe.localhost')).toBe('/favicon.svg');
  });
});
