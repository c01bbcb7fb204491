import { safeUrl, urlAsParsed } from './safe-url';

/*
 * A module of its own, over the one safe-URL rule (./safe-url): the shopper's islands use safeUrl alone, and a
 * module goes whole into the chunk that holds it, so the staff islands that judge links do not grow the shopper's.
 */

export interface LinkTarget {
  href: string;
  /** Opens in a new tab (with rel="noopener noreferrer"). */
  external: boolean;
}

/**
 * A slide or banner link (docs/product.md#carousels), over the one safe-URL rule: a path starting with / opens
 * in the same tab; an http, https or www address opens in a new tab (www gets https); anything else
 * (javascript:, mailto:, relative text, //host) is not a link.
 */
export function linkTarget(raw: string | null | undefined): LinkTarget | null {
  const text = urlAsParsed(raw ?? '');
  const href = safeUrl(/^www\.[^\s/]/i.test(text) ? `https://${text}` : text, 'web');
  return href === null ? null : { href, external: !href.startsWith('/') };
}
