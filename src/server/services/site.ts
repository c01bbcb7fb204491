import type { Init, NavSetting } from '../../contract';
import { NavSetting as NavSettingSchema, Popup, WebAddress, WebSeo } from '../../contract';
import { sanitizeMerchantHtml } from '../../lib/sanitize';
import type { Db } from '../db';
import type { SessionRow, UserRow, WebsiteRow } from '../env';
import { readPageGeneration } from '../db/page-generation';
import { toNavTree, toUser, toWebsite } from '../map';
import { viewCart, type ViewOptions } from './cart';
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

/** Everything the shell needs for one website and visitor: GET /api/init. */
export async function initData(db: Db, website: WebsiteRow, session: SessionRow | null, user: UserRow | null, view: ViewOptions, urlOrigin: string): Promise<Init> {
  const settings = await db.kysely.selectFrom('website_settings').selectAll().where('website_id', '=', website.id).executeTakeFirst();
  const [categories, brands, navRows, pages, cart] = await Promise.all([
    categoryTree(db),
    allBrands(db),
    db.kysely.selectFrom('nav_items').selectAll().where('website_id', '=', website.id).orderBy('position').orderBy('id').execute(),
    db.kysely.selectFrom('pages').select(['url', 'title']).where('website_id', '=', website.id).where('live', '=', 1).orderBy('url').execute(),
    viewCart(db.kysely, { websiteId: website.id, session }, view),
  ]);
  const navSetting = NavSettingSchema.parse({ ...NAV_DEFAULTS, nav_alignment: website.nav_alignment, ...json(settings?.nav_setting_json) });
  const seo = json(settings?.seo_json);
  return {
    web: toWebsite(website),
    pincode: session?.pincode ?? null,
    navSetting,
    categories,
    brands,
    webSeo: WebSeo.parse({ og_title: website.name, og_description: website.description, meta_keywords: '', og_image: null, ...seo }),
    webAddress: settings?.address_json && settings.address_json !== '{}' ? WebAddress.parse(json(settings.address_json)) : null,
    popup: settings?.popup_json ? Popup.parse(json(settings.popup_json)) : null,
    webPages: pages,
    dynamicNavbar: settings?.dynamic_navbar ? { data: sanitizeMerchantHtml(settings.dynamic_navbar) } : false,
    dynamicFooter: settings?.dynamic_footer ? { data: sanitizeMerchantHtml(settings.dynamic_footer) } : false,
    navs: toNavTree(navRows.filter((r) => r.kind === 'nav'), categories),
    footers: toNavTree(navRows.filter((r) => r.kind === 'footer'), categories),
    cart,
    user: user ? toUser(user) : null,
    activetheme: json(settings?.theme_json) as Record<string, string>,
    urlOrigin,
  };
}

function json(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  const value: unknown = JSON.parse(text);
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

/** The page generation (db/page-generation.ts): what the in-memory page cache compares its pages with. */
export async function pageGeneration(db: Db): Promise<{ generation: number }> {
  return { generation: await readPageGeneration(db.kysely) };
}
