import sanitizeHtml from 'sanitize-html';

/** Absolute http(s), mailto, tel, a path from the root, or a fragment: a link means the same on every page. */
const SAFE_URL = /^(https?:\/\/[^/\\\s]|mailto:|tel:|\/(?![/\\])|#)/i;

function withSafeUrl(attribs: sanitizeHtml.Attributes, name: string): sanitizeHtml.Attributes {
  if (attribs[name] === undefined || SAFE_URL.test(attribs[name].trim())) return attribs;
  const { [name]: _dropped, ...rest } = attribs;
  return rest;
}

/**
 * Merchant HTML (custom navbar and footer, rich-text blocks) reduced to a strict allowlist: no script, style,
 * iframe, svg, math or form; no event attributes; only http(s), mailto, tel, root-relative and fragment
 * links, never protocol-relative;
 * links that open a new tab get rel="noopener noreferrer".
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
      a: (tagName, attribs) => {
        const safe = withSafeUrl(attribs, 'href');
        return { tagName, attribs: safe.target === '_blank' ? { ...safe, rel: 'noopener noreferrer' } : safe };
      },
      img: (tagName, attribs) => ({ tagName, attribs: withSafeUrl(attribs, 'src') }),
    },
  });
}
