/** Where the storefront's links go (docs/product.md#routes). */
import { safeUrl } from '../contract/safe-url';

/**
 * A navigation or footer item's link, through the one safe-URL rule; the item holding the category tree
 * (/categories) only opens its menu. Undefined means the item is not a link.
 */
export function navHref(item: { link: string | null }): string | undefined {
  return item.link === '/categories' ? undefined : (safeUrl(item.link) ?? undefined);
}
