import type { Category, Init, NavItem } from '../../../contract';
import type { SiteDocument, SiteLinkItem } from '../../../contract/site-settings';

/**
 * The shell's data with a draft of the website settings in place of what is live: what the preview page
 * (src/pages/page-builder/preview/site.astro) renders the shop's own layout with, for that request only. The same
 * mapping publish makes into the tables and init reads back (server/map.ts toNavTree): an item linking to
 * /categories, or named Categories, holds the category menu.
 */
export function previewInit(init: Init, draft: SiteDocument): Init {
  const none = (text: string) => (text.trim() ? text.trim() : null);
  const items = (list: SiteLinkItem[], footer: boolean, top = true): NavItem[] =>
    list.map((item, i) => {
      const link = none(item.link);
      const holdsCategories = link === '/categories' || item.name.trim() === 'Categories';
      return {
        group: footer && top ? i + 1 : 0,
        name: item.name.trim(),
        icon: item.icon ?? null,
        show_icon: item.icon ? 1 : 0,
        link,
        value: link,
        image: null,
        slug: null,
        children: holdsCategories ? init.categories.map(categoryAsNav) : items(item.children, footer, false),
      };
    });
  return {
    ...init,
    web: { ...init.web, logo: none(draft.logo), favicon: none(draft.favicon), font_family: draft.theme.font_family.trim() || init.web.font_family },
    navs: items(draft.navigation, false),
    footers: items(draft.footer, true),
    popup: draft.popup ? { image: draft.popup.image.trim(), alt: draft.popup.alt.trim(), link: none(draft.popup.link), duration: draft.popup.duration || 5, once: false } : null,
    activetheme: Object.fromEntries(Object.entries(draft.theme.colours).flatMap(([key, value]) => (value?.trim() ? [[key, value.trim()]] : []))),
    webSeo: { og_title: draft.seo.og_title, og_description: draft.seo.og_description, meta_keywords: draft.seo.meta_keywords, og_image: none(draft.seo.og_image) },
  };
}

function categoryAsNav(category: Category): NavItem {
  return { group: 0, name: category.name, icon: null, show_icon: 0, link: category.link, value: category.link, image: category.avatar, slug: category.slug, children: category.children.map(categoryAsNav) };
}
