import { parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { sanitizeMerchantHtml } from './sanitize';

/** Known XSS vectors (OWASP cheat sheet and sanitize-html advisories) and merchant mistakes. */
const VECTORS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="javascript:alert(1)">',
  '<img src=//evil.example/pixel.png>',
  '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="  javascript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="java&#x0A;script:alert(1)">x</a>',
  '<a href="&#x01;javascript:alert(1)">x</a>',
  '<a href="  JaVa\tScRiPt:alert(1)">x</a>',
  '<a href="java&#0;script:alert(1)">x</a>',
  '<a href="/\t/evil.example">x</a>',
  '<img src="/\\evil.example/pixel.png">',
  '<a href="&#106;avascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="//evil.example">x</a>',
  '<a href="\\\\evil.example">x</a>',
  '<a href="https://ok.example" target="_blank">ok</a>',
  '<div onclick="alert(1)" onmouseover=alert(1)>x</div>',
  '<body onload=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<svg><script>alert(1)</script></svg>',
  '<svg onload=alert(1)>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<style>body{display:none}</style>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<form action="https://evil.example"><input name=p></form>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<base href="https://evil.example/">',
  '<link rel=stylesheet href=https://evil.example/x.css>',
  '<textarea><script>alert(1)</script></textarea>',
  '<xmp><script>alert(1)</script></xmp>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<a href="https://ok.example" onfocus="alert(1)" autofocus>x</a>',
  '<button formaction="javascript:alert(1)">x</button>',
  '<details open ontoggle=alert(1)>',
  '"><script>alert(1)</script>',
  '<img src="x` `<script>alert(1)</script>"` `>',
  '<scr<script>ipt>alert(1)</script>',
];

interface Node {
  type: string;
  name?: string;
  attribs?: Record<string, string>;
  children?: Node[];
}

function* elements(node: Node): Generator<Node> {
  if (node.type === 'tag' || node.type === 'script' || node.type === 'style') yield node;
  for (const child of node.children ?? []) yield* elements(child);
}

const FORBIDDEN_TAGS = new Set(['script', 'style', 'iframe', 'svg', 'math', 'form', 'input', 'object', 'embed', 'meta', 'base', 'link', 'textarea', 'xmp', 'noscript', 'body']);
const SAFE_URL = /^(https?:\/\/[^/\\]|mailto:|tel:|\/(?![/\\])|#)/i;

/**
 * What in `html` could run script or reach outside the page: a forbidden element, an event handler or other
 * dangerous attribute, a link or source that is not a safe URL, a new-tab link without noopener. Empty when safe.
 */
function dangers(html: string): string[] {
  const doc = parseDocument(html, { decodeEntities: true }) as unknown as Node;
  return [...elements(doc)].flatMap((el) => [
    ...(FORBIDDEN_TAGS.has(el.name!) ? [`<${el.name}>`] : []),
    ...Object.entries(el.attribs ?? {}).flatMap(([name, value]) => [
      ...(name.startsWith('on') || ['style', 'srcdoc', 'formaction', 'action'].includes(name) ? [`${name} attribute`] : []),
      ...((name === 'href' || name === 'src') && !SAFE_URL.test(value.trim()) ? [`${name}="${value}", not a safe URL`] : []),
    ]),
    ...(el.name === 'a' && el.attribs?.target === '_blank' && !/noopener/.test(el.attribs.rel ?? '') ? ['target=_blank without noopener'] : []),
  ]);
}

describe('sanitizeMerchantHtml against known XSS vectors', () => {
  it('(the check finds every kind of danger in markup that was not sanitized)', () => {
    expect(dangers('<p><script></script><a href="javascript:x" target="_blank" onclick="x">x</a><img src="//evil.example/x.png" style="x"></p>')).toEqual([
      '<script>',
      'href="javascript:x", not a safe URL',
      'onclick attribute',
      'target=_blank without noopener',
      'src="//evil.example/x.png", not a safe URL',
      'style attribute',
    ]);
  });

  for (const vector of VECTORS) {
    it(vector, () => {
      const output = sanitizeMerchantHtml(vector);
      expect(dangers(output)).toEqual([]);
      // Text that only looks like markup inside an attribute is inert; a real script tag never survives.
      expect(output).not.toMatch(/<script/i);
    });
  }

  it('renames every merchant id into its own namespace, so none can shadow the page (DOM clobbering)', () => {
    const html = '<nav id="cart-state">{"quantity":99}</nav><p id="main">x</p><a id="side-menu" href="#faq">FAQ</a><img id="pincode-dialog" src="/x.png"><h2 id="faq">FAQ</h2><a href="#">top</a>';
    const out = sanitizeMerchantHtml(html);
    const doc = parseDocument(out) as unknown as Node;
    const ids = [...elements(doc)].map((el) => el.attribs?.id).filter(Boolean);
    expect(ids).toEqual(['user-content-cart-state', 'user-content-main', 'user-content-side-menu', 'user-content-pincode-dialog', 'user-content-faq']);
    expect([...elements(doc)].filter((el) => el.name === 'a').map((el) => el.attribs?.href)).toEqual(['#user-content-faq', '#']);
    expect(sanitizeMerchantHtml(out)).toBe(out);
  });

  it('drops name and form attributes, which also reach the page\'s globals', () => {
    const out = sanitizeMerchantHtml('<img name="cart" src="/x.png"><button form="checkout" name="x" type="button">Go</button>');
    expect(out).not.toMatch(/\bname=|\bform=/);
  });

  it('keeps ordinary merchant markup', () => {
    const html = '<nav class="menu"><ul><li><a href="/offers">Offers</a></li><li><a href="tel:+918040001234">Call us</a></li></ul><div data-placeholder="cart"></div></nav>';
    expect(sanitizeMerchantHtml(html)).toBe(html);
  });
});
