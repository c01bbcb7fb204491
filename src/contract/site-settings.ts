import { z } from 'zod';
import { StaffName } from './page-builder';
import { textRule } from './rules';
import { linkTarget } from './link-target';
import { safeUrl } from './safe-url';

/**
 * The website's settings as the page builder edits them (docs/page-builder.md#the-website): navigation, footer,
 * popup, theme, SEO defaults, logo and favicon, as one document kept as a draft, previewed, and published into the
 * tables the shop reads (websites, website_settings, nav_items).
 *
 * Two kinds of problem: a document that is not the right shape (a wrong type, text breaking the text rule, too
 * long or too many) is refused (400) and nothing is saved; a document of the right shape with problems of content
 * (an unsafe link, an empty name, nesting deeper than the header draws) is saved as a draft with its problems by
 * field path (`siteDocumentErrors`), and publish refuses it.
 */

/** The levels of navigation the header draws: the bar, its dropdowns and their sub-menus (the phone's menu draws three). */
export const NAV_MAX_DEPTH = 3;
/** The footer draws groups and their links. */
export const FOOTER_MAX_DEPTH = 2;
/** Items in all of the navigation, or all of the footer. */
export const MAX_ITEMS = 80;

/** The theme's colours (src/styles/global.css reads each as --theme-<key>). */
export const THEME_KEYS = [
  'primary',
  'primary-foreground',
  'secondary',
  'secondary-foreground',
  'accent',
  'background',
  'foreground',
  'muted',
  'muted-foreground',
  'border',
] as const;
export type ThemeKey = (typeof THEME_KEYS)[number];

/** Colours only: hex, rgb()/hsl()/oklch() and names. Anything else could break out of the layout's style block. */
const SAFE_COLOUR = /^(#[0-9a-f]{3,8}|(rgb|rgba|hsl|hsla|oklch|oklab)\([0-9.,%\s/+-]+\)|[a-z]{3,30})$/i;
export const isThemeColour = (value: string): boolean => SAFE_COLOUR.test(value.trim());

const text = (label: string, max: number) => z.string().check(textRule(label)).max(max, `${label} is too long (at most ${max} characters)`);

/** A navigation or footer item as the editor keeps it: a name, a link (empty: none), an optional icon, and its children. */
export interface SiteLinkItem {
  name: string;
  link: string;
  icon?: string | null;
  children: SiteLinkItem[];
}
export const SiteLinkItem: z.ZodType<SiteLinkItem> = z
  .object({
    name: text('Name', 80),
    link: text('Link', 500),
    icon: text('Icon', 40).nullable().optional(),
    get children() {
      return z.array(SiteLinkItem).max(MAX_ITEMS, `At most ${MAX_ITEMS} items`);
    },
  })
  .meta({ id: 'SiteLinkItem' });

const SitePopup = z
  .object({
    image: text('Image', 500),
    alt: text('Alt text', 200),
    link: text('Link', 500),
    duration: z.number().int('Duration must be a whole number of seconds').min(0).max(600),
    once: z.boolean(),
  })
  .meta({ id: 'SitePopup' });

const SiteTheme = z
  .object({
    colours: z.partialRecord(z.enum(THEME_KEYS), text('Colour', 60)),
    font_family: text('Font family', 100),
  })
  .meta({ id: 'SiteTheme' });

const SiteSeo = z
  .object({
    og_title: text('Title', 160),
    og_description: text('Description', 320),
    meta_keywords: text('Keywords', 320),
    og_image: text('Share image', 500),
  })
  .meta({ id: 'SiteSeo' });

/** The website's settings as one document: what the draft holds and what publish writes. Empty text means none. */
export const SiteDocument = z
  .object({
    navigation: z.array(SiteLinkItem).max(MAX_ITEMS, `At most ${MAX_ITEMS} items`),
    footer: z.array(SiteLinkItem).max(MAX_ITEMS, `At most ${MAX_ITEMS} items`),
    popup: SitePopup.nullable(),
    theme: SiteTheme,
    seo: SiteSeo,
    logo: text('Logo', 500),
    favicon: text('Favicon', 500),
  })
  .meta({ id: 'SiteDocument' });
export type SiteDocument = z.infer<typeof SiteDocument>;

export type FieldErrors = Record<string, string[]>;

const LINK_RULE = 'Link must be a path of this site starting with / (not //), or an http(s), mailto: or tel: address';
const IMAGE_RULE = 'must be a path of this site starting with / (not //), or an http(s) address';

/** How many items a list holds, all levels counted. */
export const countItems = (items: SiteLinkItem[]): number => items.reduce((n, item) => n + 1 + countItems(item.children), 0);

/**
 * The problems of a document of the right shape, by field path (navigation.0.children.1.link); empty when it can
 * be published. Every link and image goes through the one safe-URL rule (contract/safe-url.ts).
 */
export function siteDocumentErrors(doc: SiteDocument): FieldErrors {
  const errors: FieldErrors = {};
  const add = (path: (string | number)[], message: string) => (errors[path.join('.')] ??= []).push(message);

  const walk = (kind: 'navigation' | 'footer', items: SiteLinkItem[], path: (string | number)[], depth: number) => {
    const max = kind === 'navigation' ? NAV_MAX_DEPTH : FOOTER_MAX_DEPTH;
    for (const [i, item] of items.entries()) {
      const at = [...path, i];
      if (depth > max) add(at, kind === 'navigation' ? `The header shows at most ${max} levels: move "${item.name}" up a level` : `The footer shows groups and their links: move "${item.name}" up a level`);
      if (!item.name.trim()) add([...at, 'name'], 'Name is required');
      const link = item.link.trim();
      if (link && safeUrl(link, 'link') === null) add([...at, 'link'], LINK_RULE);
      const group = kind === 'footer' && depth === 1;
      if (!link && item.children.length === 0 && !group) add([...at, 'link'], 'Link is required (a path like /offers, or an address)');
      walk(kind, item.children, [...at, 'children'], depth + 1);
    }
  };
  walk('navigation', doc.navigation, ['navigation'], 1);
  walk('footer', doc.footer, ['footer'], 1);
  if (countItems(doc.navigation) > MAX_ITEMS) add(['navigation'], `At most ${MAX_ITEMS} items`);
  if (countItems(doc.footer) > MAX_ITEMS) add(['footer'], `At most ${MAX_ITEMS} items`);

  const image = (path: (string | number)[], label: string, value: string, required = false) => {
    if (!value.trim()) {
      if (required) add(path, `${label} is required`);
    } else if (safeUrl(value, 'web') === null) add(path, `${label} ${IMAGE_RULE}`);
  };
  if (doc.popup) {
    image(['popup', 'image'], 'Image', doc.popup.image, true);
    if (doc.popup.link.trim() && linkTarget(doc.popup.link) === null) add(['popup', 'link'], 'Link must be a path starting with /, or an http, https or www address');
    if (doc.popup.link.trim() && !doc.popup.alt.trim()) add(['popup', 'alt'], 'Alt text is required for a popup with a link: write the words the picture says');
    if (doc.popup.duration < 1) add(['popup', 'duration'], 'Duration must be at least 1 second');
  }
  for (const key of THEME_KEYS) {
    const colour = doc.theme.colours[key];
    if (colour !== undefined && colour.trim() && !isThemeColour(colour)) add(['theme', 'colours', key], 'Colour must be a hex colour like #15803d, or rgb(), hsl() or a colour name');
  }
  if (!/^[A-Za-z0-9 -]{1,60}$/.test(firstFamily(doc.theme.font_family))) add(['theme', 'font_family'], 'Font family must start with a font name of letters, digits, spaces and hyphens, like Inter or "Noto Sans"');
  if (!doc.seo.og_title.trim()) add(['seo', 'og_title'], 'Title is required');
  image(['seo', 'og_image'], 'Share image', doc.seo.og_image);
  image(['logo'], 'Logo', doc.logo);
  image(['favicon'], 'Favicon', doc.favicon);
  return errors;
}

const firstFamily = (family: string) => family.split(',')[0]?.trim().replace(/^['"]|['"]$/g, '') ?? '';

/** A shape problem (400, nothing saved) by field path, from zod's issues. */
export function shapeErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) (errors[issue.path.map(String).join('.') || 'document'] ??= []).push(issue.message);
  return errors;
}

/** GET /api/site-settings: the draft, what is live, and the draft's version (every save, publish, discard and restore raises it). */
export const SiteSettings = z
  .object({
    version: z.number().int(),
    draft: SiteDocument,
    published: SiteDocument,
    /** Whether the draft differs from what is live. */
    changed: z.boolean(),
    errors: z.record(z.string(), z.array(z.string())).meta({ description: "The draft's problems by field path (navigation.0.children.1.link); publish refuses a draft with any" }),
    saved_at: z.string(),
    saved_by: StaffName.nullable(),
    published_at: z.string().nullable(),
    published_by: StaffName.nullable(),
    preview_url: z.string(),
  })
  .meta({ id: 'SiteSettings' });
export type SiteSettings = z.infer<typeof SiteSettings>;

/** PUT /api/site-settings/draft: the document and the version the screen started from. */
export const SiteDraftBody = z
  .object({ version: z.number().int().nonnegative(), document: z.unknown() })
  .meta({ id: 'SiteDraftBody' });

/** POST /api/site-settings/publish and /discard: the version the screen shows (optional; a stale one is refused with 409). */
export const SiteVersionBody = z.object({ version: z.number().int().nonnegative().optional() }).meta({ id: 'SiteVersionBody' });

/** One published version of the website's settings. */
export const SiteVersion = z
  .object({
    version: z.number().int(),
    published_at: z.string(),
    published_by: StaffName.nullable(),
    summary: z.string().meta({ description: 'What changed from the version before, in words ("Navigation, Theme")' }),
  })
  .meta({ id: 'SiteVersion' });
export type SiteVersion = z.infer<typeof SiteVersion>;
export const SiteVersionList = z.object({ data: z.array(SiteVersion) }).meta({ id: 'SiteVersionList' });
export const SiteVersionParams = z.object({
  version: z.coerce.number().int('No such version').min(1, 'No such version').max(1_000_000, 'No such version'),
});

/** What changed between two documents, as the sections' names ("Navigation, Theme"); "No changes" when none. */
export function changedSections(before: SiteDocument | null, after: SiteDocument): string {
  if (!before) return 'The settings as they were';
  const names: [keyof SiteDocument, string][] = [
    ['navigation', 'Navigation'],
    ['footer', 'Footer'],
    ['popup', 'Popup'],
    ['theme', 'Theme'],
    ['seo', 'SEO'],
    ['logo', 'Logo'],
    ['favicon', 'Favicon'],
  ];
  const changed = names.filter(([key]) => JSON.stringify(before[key]) !== JSON.stringify(after[key])).map(([, name]) => name);
  return changed.length ? changed.join(', ') : 'No changes';
}
