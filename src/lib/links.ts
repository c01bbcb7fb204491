/** Where the storefront's links go (docs/product.md#routes). */
import { safeUrl } from '../contract/safe-url';

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
