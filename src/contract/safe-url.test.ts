import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linkTarget } from './link-target';
import { safeUrl, urlAsParsed } from './safe-url';

/** Where a browser on a page of https://shop.example takes an answer of safeUrl. */
function destination(href: string | null): string {
  if (href === null) return 'refused';
  const read = new URL(href, 'https://shop.example/page');
  if (href.startsWith('/')) return read.origin === 'https://shop.example' ? 'this shop' : `another host: ${read.href}`;
  return ['http:', 'https:', 'mailto:', 'tel:'].includes(read.protocol) ? 'a web, mail or phone address' : `the scheme ${read.protocol}`;
}

/** Script links as they are stored: any case, blanks before, tabs, newlines and control characters inside. */
const SCRIPT_LINKS = [
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  '  JaVa\tScRiPt:alert(1)',
  '\u0001\u001fjavascript:alert(1)',
  'java\nscript:alert(1)',
  'java\r\nscript:alert(1)',
  'javascript\t:alert(1)',
  ' javascript:alert(1) ',
  'java\u0000script:alert(1)',
  '&#106;avascript:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html,<script>alert(1)</script>',
  'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=',
  'blob:https://example.com/1',
  'file:///etc/passwd',
];

describe('safeUrl: the one rule for URLs from data', () => {
  it('drops every script, data and unknown scheme, however it is written', () => {
    for (const link of SCRIPT_LINKS) {
      expect(safeUrl(link), JSON.stringify(link)).toBeNull();
      expect(safeUrl(link, 'web'), JSON.stringify(link)).toBeNull();
    }
  });

  it('drops other hosts written as paths, relative text and non-strings', () => {
    for (const link of ['//evil.example', '/\\evil.example', '\\\\evil.example', '/\t/evil.example', ' //evil.example', '/.//evil.example', '/.//', 'offers', './offers', '?q=1', '#top', '', '   ', 'https://', 'http:///', null, undefined, 42, {}]) {
      expect(safeUrl(link), JSON.stringify(link)).toBeNull();
    }
  });

  it('keeps same-site paths, http(s), mailto: and tel:, as the parser writes them', () => {
    expect(safeUrl('/offers')).toBe('/offers');
    expect(safeUrl('  /products?c=staples#top ')).toBe('/products?c=staples#top');
    expect(safeUrl('/a b')).toBe('/a%20b');
    expect(safeUrl('https://example.com/sale')).toBe('https://example.com/sale');
    expect(safeUrl('HTTP://Example.com')).toBe('http://example.com/');
    expect(safeUrl('mailto:hello@example.com')).toBe('mailto:hello@example.com');
    expect(safeUrl('tel:+918040001234')).toBe('tel:+918040001234');
  });

  it('lets images and slide targets be paths or http(s) only', () => {
    expect(safeUrl('/demo/x.png', 'web')).toBe('/demo/x.png');
    expect(safeUrl('https://cdn.example/x.png', 'web')).toBe('https://cdn.example/x.png');
    expect(safeUrl('mailto:a@example.com', 'web')).toBeNull();
    expect(safeUrl('tel:123', 'web')).toBeNull();
  });

  it('reads a URL as the WHATWG parser does', () => {
    expect(urlAsParsed('\u0000 ja\tva\nscr\ript: x \u001f')).toBe('javascript: x');
  });

  it('never answers a URL that a browser would resolve to another scheme or, for paths, another host', () => {
    const alphabet = fc.constantFrom('/', '\\', ':', 'j', 'a', 'v', 's', 'c', 'r', 'i', 'p', 't', 'h', 'w', '.', '\t', '\n', '\u0000', ' ', '%', '#', '?', '@', 'e', 'x');
    const answered: Record<string, number> = {};
    fc.assert(
      fc.property(fc.string({ unit: alphabet, maxLength: 24 }), (raw) => {
        const where = destination(safeUrl(raw));
        answered[where] = (answered[where] ?? 0) + 1;
        expect(['refused', 'this shop', 'a web, mail or phone address']).toContain(where);
      }),
      { numRuns: 3000 },
    );
    // Not only refusals: many of the strings are paths the answer keeps.
    expect(answered['this shop']).toBeGreaterThan(0);
  });
});

describe('slide link rules', () => {
  it('opens a path starting with / in the same tab', () => expect(linkTarget('/offers')).toEqual({ href: '/offers', external: false }));
  it('opens http and https addresses in a new tab', () => {
    expect(linkTarget('https://example.com/sale')).toEqual({ href: 'https://example.com/sale', external: true });
    expect(linkTarget('HTTP://example.com')).toEqual({ href: 'http://example.com/', external: true });
  });
  it('gives www addresses https and a new tab', () => expect(linkTarget(' www.example.com/sale')).toEqual({ href: 'https://www.example.com/sale', external: true }));
  it('ignores anything else', () => {
    for (const link of ['javascript:alert(1)', '  JaVa\tScRiPt:alert(1)', 'www.\tjavascript:x', 'mailto:a@b.c', 'offers', '//evil.example', '/\\evil.example', '', null, undefined, 'data:text/html,x', 'https://']) {
      expect(linkTarget(link), String(link)).toBeNull();
    }
  });
});
