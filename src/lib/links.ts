/** Where the storefront's links go (spec section 2). */

export interface LinkTarget {
  href: string;
  /** Opens in a new tab (with rel="noopener noreferrer"). */
  external: boolean;
}

/**
 * A slide or banner link: a path starting with / opens in the same tab; an http, https or www address opens
 * in a new tab (www gets https); anything else (javascript:, mailto:, relative text, //host) is not a link.
 */
export function linkTarget(raw: string | null | undefined): LinkTarget | null {
  const link = raw?.trim() ?? '';
  if (link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\')) return { href: link, external: false };
  if (/^https?:\/\/[^\s/]/i.test(link)) return { href: link, external: true };
  if (/^www\.[^\s]/i.test(link)) return { href: `https://${link}`, external: true };
  return null;
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
