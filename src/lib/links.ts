/** Where the storefront's links go (spec section 2). */
import { safeUrl, urlAsParsed } from './safe-url';

export interface LinkTarget {
  href: string;
  /** Opens in a new tab (with rel="noopener noreferrer"). */
  external: boolean;
}

/**
 * A slide or banner link (spec section 2, Carousels), over the one safe-URL rule: a path starting with / opens
 * in the same tab; an http, https or www address opens in a new tab (www gets https); anything else
 * (javascript:, mailto:, relative text, //host) is not a link.
 */
export function linkTarget(raw: string | null | undefined): LinkTarget | null {
  const text = urlAsParsed(raw ?? '');
  const href = safeUrl(/^www\.[^\s/]/i.test(text) ? `https://${text}` : text, 'web');
  return href === null ? null : { href, external: !href.startsWith('/') };
}

/**
 * A navigation or footer item's link, through the one safe-URL rule; the item holding the category tree
 * (/categories) only opens its menu. Undefined means the item is not a link.
 */
export function navHref(item: { link: string | null }): string | undefined {
  return item.link === '/categories' ? undefined : (safeUrl(item.link) ?? undefined);
}

/** The search box goes to /products?q={text}, trimmed; an empty search goes to /products. */
export function searchHref(text: string): string {
  const q = text.trim();
  return q ? `/products?q=${encodeURIComponent(q)}` : '/products';
}

/** A category link, or the category filter dialog's comma-separated choice. */
export function categoryHref(slugs: string | string[]): string {
  const list = (Array.isArray(slugs) ? slugs : [slugs]).filter(Boolean);
  return list.length ? `/products?c=${list.map(encodeURIComponent).join(',')}` : '/products';
}
