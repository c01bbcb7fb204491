import { createHash } from 'node:crypto';
import type { Init, NavSetting, PageGeneration, PersonalState } from '../../contract';
import { NavSetting as NavSettingSchema, Popup, WebAddress, WebSeo } from '../../contract';
import { sanitizeMerchantHtml } from '../../lib/sanitize';
import type { Locale } from '../../lib/i18n/locales';
import type { Db } from '../db';
import type { SessionRow, UserRow, WebsiteRow } from '../env';
import { readPageGeneration } from '../db/page-generation';
import { localized, toNavTree, toUser, toWebsite } from '../map';
import { findCartId, viewCart, type ViewOptions } from './cart';
import { allBrands, categoryTree } from './catalogue';

/** The defaults of docs/product.md#constants, for every setting a website leaves out. */
const NAV_DEFAULTS: NavSetting = {
  nav_alignment: 'left',
  logo_settings: '{}',
  search_setting: '{"width":100}',
  navbar_height: 56,
  sub_navbar_height: 40,
  navbar_template: 1,
  header_template: 1,
  footer_name: null,
  show_logo: true,
  show_pincode: true,
  show_cart_icon: true,
  show_search_bar: true,
  show_account: true,
  show_login: true,
  show_register: true,
};

/** The part of init that is the same for every visitor of a website in one language: its settings, menus, pages, categories and brands. */
type WebsiteShell = Omit<Init, 'web' | 'pincode' | 'cart' | 'user' | 'urlOrigin'>;

/**
 * Each website's shell as read at a page generation (db/page-generation.ts): every table it comes from raises the
 * generation in the transaction that changes it, so a kept shell read at the current generation is what the tables
 * hold. It was two thirds of init's time (six queries, the menus' trees, the merchant HTML sanitised), on every
 * page (docs/benchmarks.md). At most 256 websites are kept, the oldest let go first.
 */
const shells = new Map<string, { generation: number; shell: WebsiteShell }>();
const MAX_SHELLS = 256;

/** A website's shell in a language (categories, brands and page titles named in it): kept by website and language. */
async function websiteShell(db: Db, website: WebsiteRow, locale: Locale = 'en'): Promise<WebsiteShell> {
  const generation = await readPageGeneration(db.kysely);
  const key = `${website.id}|${locale}`;
  const kept = shells.get(key);
  if (kept && kept.generation === generation) return kept.shell;
  const settings = await db.kysely.selectFrom('website_settings').selectAll().where('website_id', '=', website.id).executeTakeFirst();
  const [categories, brands, navRows, pages] = await Promise.all([
    categoryTree(db, locale),
    allBrands(db, locale),
    db.kysely.selectFrom('nav_items').selectAll().where('website_id', '=', website.id).orderBy('position').orderBy('id').execute(),
    db.kysely.selectFrom('pages').select(['url', 'title', 'title_hi']).where('website_id', '=', website.id).where('live', '=', 1).orderBy('url').execute(),
  ]);
  const navSetting = NavSettingSchema.parse({ ...NAV_DEFAULTS, nav_alignment: website.nav_alignment, ...json(settings?.nav_setting_json) });
  const seo = json(settings?.seo_json);
  const shell: WebsiteShell = {
    navSetting,
    categories,
    brands,
    webSeo: WebSeo.parse({ og_title: website.name, og_description: website.description, meta_keywords: '', og_image: null, ...seo }),
    webAddress: settings?.address_json && settings.address_json !== '{}' ? WebAddress.parse(json(settings.address_json)) : null,
    popup: settings?.popup_json ? Popup.parse(json(settings.popup_json)) : null,
    webPages: pages.map((p) => ({ url: p.url, title: localized(locale, p.title, p.title_hi) })),
    dynamicNavbar: settings?.dynamic_navbar ? { data: sanitizeMerchantHtml(settings.dynamic_navbar) } : false,
    dynamicFooter: settings?.dynamic_footer ? { data: sanitizeMerchantHtml(settings.dynamic_footer) } : false,
    navs: toNavTree(navRows.filter((r) => r.kind === 'nav'), categories),
    footers: toNavTree(navRows.filter((r) => r.kind === 'footer'), categories),
    activetheme: json(settings?.theme_json) as Record<string, string>,
  };
  shells.delete(key);
  shells.set(key, { generation, shell });
  if (shells.size > MAX_SHELLS) shells.delete(shells.keys().next().value!);
  return shell;
}

/** Everything the shell needs for one website and visitor: GET /api/init. */
export async function initData(db: Db, website: WebsiteRow, session: SessionRow | null, user: UserRow | null, view: ViewOptions, urlOrigin: string): Promise<Init> {
  const [shell, cart] = await Promise.all([websiteShell(db, website, view.locale), viewCart(db.kysely, { websiteId: website.id, session }, view)]);
  return {
    web: toWebsite(website),
    pincode: session?.pincode ?? null,
    ...shell,
    cart,
    user: user ? toUser(user) : null,
    urlOrigin,
  };
}

function json(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  const value: unknown = JSON.parse(text);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/**
 * The page generation (db/page-generation.ts): what the in-memory page cache compares its pages with; with a
 * session, the visitor's personal state as well (contract PersonalState).
 */
export async function pageGeneration(db: Db, visitor?: { website: WebsiteRow; session: SessionRow | null; user: UserRow | null }): Promise<PageGeneration> {
  const [generation, personal] = await Promise.all([readPageGeneration(db.kysely), visitor?.session ? personalState(db, visitor.website, visitor.session, visitor.user) : undefined]);
  return personal ? { generation, personal } : { generation };
}

/**
 * A fingerprint of everything the personal parts of a page show (lib/personal-parts.ts): the session and its pincode, the user as
 * init answers them (name, roles and permissions), the cart's lines and its coupon and notes, the wishlisted
 * products. Prices, stock and delivery are the page generation's; the time (a coupon that ends) is bounded by the
 * page cache's time limit on a shopper's parts. Three indexed reads.
 */
async function personalState(db: Db, website: WebsiteRow, session: SessionRow, user: UserRow | null): Promise<PersonalState> {
  const cartId = await findCartId(db.kysely, { websiteId: website.id, session });
  const [cart, lines, wished] = await Promise.all([
    cartId === undefined ? undefined : db.kysely.selectFrom('carts').select(['offercode', 'notes']).where('id', '=', cartId).executeTakeFirst(),
    cartId === undefined
      ? []
      : db.kysely.selectFrom('cart_items').select(['pack_id', 'warehouse_id', 'quantity']).where('cart_id', '=', cartId).orderBy('pack_id').orderBy('warehouse_id').execute(),
    user === null
      ? []
      : db.kysely.selectFrom('wishlist_items').select('product_id').where('user_id', '=', user.id).where('website_id', '=', website.id).orderBy('product_id').execute(),
  ]);
  const shown = [session.id, session.pincode ?? null, website.id, user && user.id, user && toUser(user), cart ?? null, lines.map((l) => [l.pack_id, l.warehouse_id, l.quantity]), wished.map((w) => w.product_id)];
  return { version: createHash('sha256').update(JSON.stringify(shown)).digest('base64url'), pincode: session.pincode ?? null, website: website.id };
}
