import sanitizeHtml from 'sanitize-html';
import { safeUrl, urlAsParsed, type UrlUse } from '../contract/safe-url';

/**
 * Every id in merchant HTML gets this prefix, so no merchant element can stand in for one of the page's own
 * (`document.getElementById` lookups, popover targets, labels): DOM clobbering. Same-page links follow.
 */
const MERCHANT_ID_PREFIX = 'user-content-';

/** A merchant id in the merchant namespace (kept as it is when it already is, so sanitising twice changes nothing). */
export const merchantId = (id: string): string => (id.startsWith(MERCHANT_ID_PREFIX) ? id : `${MERCHANT_ID_PREFIX}${id}`);

/** A link or image address in merchant HTML: a same-page #fragment points at the renamed id; the rest passes safeUrl. */
function merchantUrl(raw: string, use: UrlUse): string | null {
  const text = urlAsParsed(raw);
  if (use === 'link' && text.startsWith('#')) return text.length > 1 ? `#${merchantId(text.slice(1))}` : '#';
  return safeUrl(raw, use);
}

/** The element's attributes with its URL attribute judged (dropped when unsafe) and its id renamed. */
function withSafeAttributes(attribs: sanitizeHtml.Attributes, urlAttribute: string, use: UrlUse): sanitizeHtml.Attributes {
  const { [urlAttribute]: url, id, ...rest } = attribs;
  const safe = url === undefined ? null : merchantUrl(url, use);
  return { ...rest, ...(id ? { id: merchantId(id) } : {}), ...(safe === null ? {} : { [urlAttribute]: safe }) };
}

/**
 * Merchant HTML (custom navbar and footer, rich-text blocks) reduced to a strict allowlist: no script, style,
 * iframe, svg, math or form; no event, name or form attributes; every link and image through the one
 * safe-URL rule (safeUrl); every id prefixed with `user-content-` and same-page #links with it; links that open
 * a new tab get rel="noopener noreferrer".
 */
export function sanitizeMerchantHtml(html: string): string {
  return sanitizeHtml(html, {
    allowedTags: [
      'a', 'b', 'blockquote', 'br', 'div', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i', 'img', 'li', 'nav',
      'ol', 'p', 'small', 'span', 'strong', 'sub', 'sup', 'u', 'ul', 'section', 'header', 'footer', 'figure', 'figcaption',
      'table', 'thead', 'tbody', 'tr', 'th', 'td', 'button',
    ],
    allowedAttributes: {
      '*': ['class', 'id', 'title', 'aria-label', 'role', 'data-placeholder'],
      a: ['href', 'target', 'rel'],
      img: ['src', 'alt', 'width', 'height', 'loading'],
      button: ['type'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    transformTags: {
      '*': (tagName, attribs) => ({ tagName, attribs: attribs.id ? { ...attribs, id: merchantId(attribs.id) } : attribs }),
      a: (tagName, attribs) => {
        const safe = withSafeAttributes(attribs, 'href', 'link');
        return { tagName, attribs: safe.target === '_blank' ? { ...safe, rel: 'noopener noreferrer' } : safe };
      },
      img: (tagName, attribs) => ({ tagName, attribs: withSafeAttributes(attribs, 'src', 'web') }),
    },
  });
}
