import { openDatabase, type Db } from '../src/server/db';
import { publishPage } from '../src/server/services/pages';
import { DEFAULT_THEME } from '../src/server/services/websites';

/**
 * Websites whose merchant data is hostile, written straight into the browser tests' database (as a stored
 * value from before the checks, or another backend's answer, would be): script links in the navigation,
 * footer, popup, logo, favicon and slides; ids that shadow the page's own elements; CSS that tries to leave
 * its page. The storefront must render all of it harmlessly.
 */

/** Links a browser would run as script: any case, leading blanks, tabs, newlines and control characters. */
const SCRIPT_LINKS = [
  'javascript:alert(1)',
  '  JaVa\tScRiPt:alert(1)',
  '\u0001javascript:alert(1)',
  'java\nscript:alert(1)',
  'java\u0000script:alert(1)',
  '&#106;avascript:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
];
const [link0, link1, link2, link3, link4, link5, link6, link7] = SCRIPT_LINKS as [string, string, string, string, string, string, string, string];

/** Hosts of the hostile websites (browsers resolve *.localhost to this machine). */
export const HOSTILE_HOST = 'hostile.localhost';
export const CLOBBER_HOST = 'clobber.localhost';

/** A merchant element posing as the page's cart state: the badge would show 99. */
const FAKE_CART_STATE = '<span id="cart-state" hidden>{"items":[],"quantity":99,"total":0}</span>';

/**
 * CSS that tries to leave its page: an escaped `fixed`, a box with negative offsets over the header, and a
 * raw newline in a string after which postcss and the browser disagree about where the rule ends.
 */
const HOSTILE_CSS = [
  '.pin { position: f\\69 xed; top: 0; left: 0; width: 100vw; height: 120px; background: rgb(0, 0, 255); z-index: 2147483647 }',
  '.cover { position: absolute; top: -3000px; left: -3000px; width: 9000px; height: 9000px; background: rgb(255, 0, 0); z-index: 2147483647 }',
  '.cover2 { position: relative; margin-top: -2000px; height: 2000px; background: rgb(255, 0, 0); z-index: 2147483647 }',
  '.s::after { content: "x\n} header, footer, [data-footer] { display: none !important } html { background: rgb(255, 0, 0) !important } /* " */ }',
].join('\n');

const hostilePages = [
  {
    url: '/',
    title: 'Home',
    components: [
      { name: 'Hero', type: 'hero', data: { slides: [{ image: '/demo/banners/annapurna-fresh-1.svg', link: link0, alt: 'one' }, { image: link1, image_sm: link3, link: link2, alt: 'two' }] } },
      { name: 'Banner', type: 'image_banner', data: { image: link4, image_sm: link0, link: link1, alt: 'banner' } },
      { name: 'Banner ok image', type: 'image_banner', data: { image: '/demo/banners/annapurna-fresh-wide.svg', link: link2, alt: 'banner two' } },
      {
        name: 'Rich',
        type: 'rich_html',
        data: { html: `<p id="cart-state">{not json</p><p><a href="${link1}">one</a> <a href="${link5}">two</a> <a href="java&#x09;script:alert(1)">three</a> <a href="#faq">faq</a></p><h2 id="faq">FAQ</h2>` },
      },
      { name: 'Grid', type: 'product_grid', data: { title: 'Picks', sort: 'price_desc', limit: 6 } },
      { name: 'Suppliers', type: 'supplier_carousel', data: { title: 'Our suppliers' } },
    ],
  },
  {
    url: '/styled',
    title: 'Styled',
    css: HOSTILE_CSS,
    components: [{ name: 'Rich', type: 'rich_html', data: { html: '<div class="pin">pinned</div><div class="cover">cover</div><div class="cover2">cover two</div><p class="s">text</p>' } }],
  },
];

/** Opens the browser tests' database (the one the test server was started on). */
const openTestDatabase = (): Promise<Db> => openDatabase(process.env.E2E_DATABASE_URL ?? 'file:./data/e2e.sqlite');

type Trx = Db['kysely'];

async function addWebsite(trx: Trx, host: string, name: string, settings: { popup_json?: string | null; seo_json?: string; dynamic_navbar?: string; dynamic_footer?: string }, site: { logo?: string; favicon?: string } = {}) {
  const { id } = await trx
    .insertInto('websites')
    .values({ name, description: `${name}: groceries delivered.`, logo: site.logo ?? null, favicon: site.favicon ?? null, created_at: new Date().toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx.insertInto('website_domains').values({ host, website_id: id }).execute();
  await trx
    .insertInto('website_settings')
    .values({ website_id: id, nav_setting_json: '{}', seo_json: '{}', address_json: '{}', theme_json: JSON.stringify(DEFAULT_THEME), ...settings })
    .execute();
  return id;
}

async function addNav(trx: Trx, websiteId: number, kind: 'nav' | 'footer', name: string, link: string | null, position: number, parentId: number | null = null) {
  const row = await trx
    .insertInto('nav_items')
    .values({ website_id: websiteId, kind, name, link, value: link, position, parent_id: parentId, group_no: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Both hostile websites and a hostile supplier, in one transaction: another worker sees all of it or none. */
async function writeHostileShops(trx: Trx) {
  const hostile = await addWebsite(
    trx,
    HOSTILE_HOST,
    'Hostile Mart',
    {
      seo_json: JSON.stringify({ og_title: 'Hostile Mart', og_description: 'x', meta_keywords: '', og_image: link1 }),
      popup_json: JSON.stringify({ image: '/demo/banners/annapurna-fresh-1.svg', link: link2, duration: 5, once: false }),
    },
    { logo: link0, favicon: link1 },
  );
  await addNav(trx, hostile, 'nav', 'Home', '/', 0);
  await addNav(trx, hostile, 'nav', 'Evil', link0, 1);
  const menu = await addNav(trx, hostile, 'nav', 'More', link1, 2);
  await addNav(trx, hostile, 'nav', 'Evil child', link3, 0, menu);
  await addNav(trx, hostile, 'nav', 'Fine child', '/products', 1, menu);
  const group = await addNav(trx, hostile, 'footer', 'Links', null, 0);
  await addNav(trx, hostile, 'footer', 'Evil footer', link1, 0, group);
  await addNav(trx, hostile, 'footer', 'Evil footer 2', link6, 1, group);
  await addNav(trx, hostile, 'footer', 'About', '/about', 2, group);
  for (const page of hostilePages) await publishPage(trx, hostile, page);
  await trx.insertInto('suppliers').values({ name: 'Hostile Supplier', slug: 'hostile-supplier', title: 'Hostile', image: link7, link: link1 }).execute();

  const clobber = await addWebsite(trx, CLOBBER_HOST, 'Clobber Mart', {
    dynamic_navbar: `<nav class="flex items-center gap-4 p-3">${FAKE_CART_STATE}<a href="${link1}">Deals</a><a id="main" href="/products">All</a><div data-placeholder="pincode"></div><div data-placeholder="cart"></div></nav>`,
    dynamic_footer: `<div id="cart-panel"><a href="${link0}">Evil footer</a><p id="pincode-dialog">Footer</p></div>`,
  });
  await addNav(trx, clobber, 'nav', 'Home', '/', 0);
  await publishPage(trx, clobber, { url: '/', title: 'Home', components: [{ name: 'Rich', type: 'rich_html', data: { html: FAKE_CART_STATE } }, { name: 'Grid', type: 'product_grid', data: { title: 'Picks', sort: 'price_desc', limit: 6 } }] });
}

const seeded = async (db: Db) => Boolean(await db.kysely.selectFrom('website_domains').select('host').where('host', '=', CLOBBER_HOST).executeTakeFirst());

/**
 * Writes the hostile websites once per database. Every worker calls this; the first one's transaction wins and
 * the others, refused by the unique host or the database lock, wait until they see it committed.
 */
export async function seedHostileShops(): Promise<void> {
  const db = await openTestDatabase();
  try {
    let lastError: unknown;
    for (let attempt = 0; attempt < 50; attempt++) {
      if (await seeded(db)) return;
      try {
        await db.kysely.transaction().execute(writeHostileShops);
        return;
      } catch (error) {
        lastError = error;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    throw lastError;
  } finally {
    await db.close();
  }
}
