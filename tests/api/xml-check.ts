/**
 * A strict reader of the small XML the sitemap speaks: it throws on anything not well-formed (an unescaped
 * `&` or `<`, an unknown entity, unbalanced or crossed tags, text outside the root), and gives each element's
 * decoded text by tag name. Enough to test the sitemap without a full XML parser.
 */
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

interface XmlElement {
  name: string;
  /** Decoded text of the element's direct text content. */
  text: string;
  children: XmlElement[];
}

function decode(raw: string): string {
  if (/[<>]/.test(raw)) throw new Error(`raw < or > in text: ${raw.slice(0, 80)}`);
  return raw.replace(/&([a-z]+);|&/g, (_whole, name: string | undefined) => {
    if (!name || !(name in ENTITIES)) throw new Error(`bad entity or bare & in: ${raw.slice(0, 80)}`);
    return ENTITIES[name]!;
  });
}

/** Parses a document of elements and text (with an XML declaration); throws when it is not well-formed. */
function parseXml(xml: string): XmlElement {
  const body = xml.replace(/^<\?xml version="1\.0" encoding="UTF-8"\?>\n/, '');
  if (body === xml) throw new Error('no XML declaration');
  const root: XmlElement = { name: '#document', text: '', children: [] };
  const stack = [root];
  const token = /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g;
  let match: RegExpExecArray | null;
  while ((match = token.exec(body))) {
    const [, closing, name, attributes, selfClosing, text, stray] = match;
    const top = stack[stack.length - 1]!;
    if (stray) throw new Error(`stray < at ${match.index}`);
    if (text !== undefined) {
      if (stack.length === 1 && text.trim()) throw new Error('text outside the root element');
      top.text += decode(text);
    } else if (closing) {
      if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
      stack.pop();
    } else {
      if (attributes) for (const [, value] of attributes.matchAll(/="([^"]*)"/g)) decode(value!);
      const element: XmlElement = { name: name!, text: '', children: [] };
      if (stack.length === 1 && root.children.length) throw new Error('two root elements');
      top.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  if (stack.length !== 1) throw new Error(`<${stack[stack.length - 1]!.name}> is never closed`);
  if (root.children.length !== 1) throw new Error('no root element');
  return root.children[0]!;
}

/** Each `<url>` (or `<sitemap>`) of a sitemap file as { loc, lastmod }. */
export function sitemapEntries(xml: string, kind: 'urlset' | 'sitemapindex' = 'urlset'): { loc: string; lastmod: string | undefined }[] {
  const root = parseXml(xml);
  if (root.name !== kind) throw new Error(`root is <${root.name}>, not <${kind}>`);
  return root.children.map((child) => ({
    loc: child.children.find((c) => c.name === 'loc')!.text,
    lastmod: child.children.find((c) => c.name === 'lastmod')?.text,
  }));
}
