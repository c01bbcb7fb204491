import { z } from 'zod';
import { Brand, Category } from './catalogue';
import { Cart } from './cart';
import { User } from './session';

/** The website record (docs/product.md#entities, Website). */
export const Website = z
  .object({
    id: z.number().int(),
    name: z.string(),
    logo: z.string().nullable(),
    description: z.string(),
    theme: z.string(),
    favicon: z.string().nullable(),
    show_supplier_page: z.boolean(),
    show_cart: z.boolean(),
    font_family: z.string(),
    nav_alignment: z.string(),
  })
  .meta({ id: 'Website' });
export type Website = z.infer<typeof Website>;

/** Navigation settings, defaults from docs/product.md#header filled in by the API. */
export const NavSetting = z
  .object({
    nav_alignment: z.string(),
    logo_settings: z.string(),
    search_setting: z.string(),
    navbar_height: z.number(),
    sub_navbar_height: z.number(),
    navbar_template: z.number().int().min(1).max(5),
    header_template: z.number().int().min(1).max(5),
    footer_name: z.string().nullable(),
    show_logo: z.boolean(),
    show_pincode: z.boolean(),
    show_cart_icon: z.boolean(),
    show_search_bar: z.boolean(),
    show_account: z.boolean(),
    show_login: z.boolean(),
    show_register: z.boolean(),
  })
  .meta({ id: 'NavSetting' });
export type NavSetting = z.infer<typeof NavSetting>;

/** A navigation or footer item; both have this shape (docs/product.md#entities). */
export const NavItem: z.ZodType<NavItem> = z
  .object({
    group: z.number().int(),
    name: z.string(),
    icon: z.string().nullable(),
    show_icon: z.number().int(),
    link: z.string().nullable(),
    value: z.string().nullable(),
    image: z.string().nullable(),
    slug: z.string().nullable(),
    get children() {
      return z.array(NavItem);
    },
  })
  .meta({ id: 'NavItem' });
export interface NavItem {
  group: number;
  name: string;
  icon: string | null;
  show_icon: number;
  link: string | null;
  value: string | null;
  image: string | null;
  slug: string | null;
  children: NavItem[];
}

export const WebSeo = z
  .object({ og_title: z.string(), og_description: z.string(), meta_keywords: z.string(), og_image: z.string().nullable() })
  .meta({ id: 'WebSeo' });

export const WebAddress = z
  .object({
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    pincode: z.string(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
  })
  .meta({ id: 'WebAddress' });

export const Popup = z
  .object({
    image: z.string(),
    /** The words in the picture, as the picture says them (docs/content-pages.md#alt-text); empty only for a picture without words. */
    alt: z.string().default('').meta({ description: 'Alt text: the words in the picture, as it says them (an offer\'s headline and line); the link\'s name when the popup is a link' }),
    duration: z.number().positive().default(5),
    link: z.string().nullable(),
    once: z.boolean(),
  })
  .meta({ id: 'Popup' });

const WebPage = z.object({ url: z.string(), title: z.string() }).meta({ id: 'WebPage' });

/** Merchant HTML for a custom navbar or footer, already sanitised by the API. */
const DynamicHtml = z.object({ data: z.string() }).meta({ id: 'DynamicHtml' });

/**
 * The init call's dynamicNavbar / dynamicFooter flag: false while the website has no custom HTML for it (the shop's
 * own navbar or footer shows), else the custom HTML itself (truthy), so one field is both the flag and its data.
 */
const DynamicFlag = z
  .union([z.literal(false), DynamicHtml])
  .meta({ id: 'DynamicFlag', description: 'false: the standard navbar (footer) shows; else the custom HTML that replaces it' });

/** GET /api/init: everything a page needs to render the shell (docs/product.md#the-calls). */
export const Init = z
  .object({
    web: Website,
    pincode: z.string().nullable(),
    navSetting: NavSetting,
    categories: z.array(Category),
    brands: z.array(Brand),
    webSeo: WebSeo,
    webAddress: WebAddress.nullable(),
    popup: Popup.nullable(),
    webPages: z.array(WebPage),
    dynamicNavbar: DynamicFlag,
    dynamicFooter: DynamicFlag,
    navs: z.array(NavItem),
    footers: z.array(NavItem),
    cart: Cart,
    user: User.nullable(),
    activetheme: z.record(z.string(), z.string()),
    /** The origin the shopper reached the shop at (scheme and host, no trailing slash): the base of absolute links. */
    urlOrigin: z.string().meta({ description: 'The origin the shopper reached the shop at, e.g. https://shop.example (behind a trusted proxy, as forwarded)' }),
  })
  .meta({ id: 'Init' });
export type Init = z.infer<typeof Init>;

/**
 * What a page's personal parts show for a visitor with a session, as one fingerprint: the user (name, roles), the
 * cart's lines and coupon, the wishlisted products and the session itself; and the session's pincode. The page cache
 * draws a shopper's parts again only when it changes (docs/scaling-and-caching.md#personal-parts).
 */
export const PersonalState = z
  .object({
    version: z.string().meta({ description: 'Changes whenever anything the personal parts show changes' }),
    pincode: z.string().nullable(),
    website: z.number().int().meta({ description: 'The website this visitor sees: the host’s, or the one a super administrator switched to' }),
  })
  .meta({ id: 'PersonalState' });
export type PersonalState = z.infer<typeof PersonalState>;

/**
 * The page generation: raised by every change a shared page shows; the page cache keeps a page while it is unchanged.
 * With a session, also the visitor's personal state.
 */
export const PageGeneration = z
  .object({ generation: z.number().int().nonnegative(), personal: PersonalState.optional() })
  .meta({ id: 'PageGeneration' });
export type PageGeneration = z.infer<typeof PageGeneration>;
