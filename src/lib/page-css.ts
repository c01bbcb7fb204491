import { clone, generate, ident, parse, string, walk, type CssNode, type Declaration, type Rule, type Selector, type SelectorList } from 'css-tree';
import { safeUrl } from '../contract/safe-url';
import { merchantId } from './sanitize';
import { allowedProperty, allowedValue } from './page-css-rules';

/**
 * A marketer's page CSS, made safe and kept inside the page. It is parsed with css-tree, whose tokenizer
 * follows the CSS Syntax spec as browsers do (a raw newline ends a string there, as in the browser), and the
 * CSS that reaches the page is written from that tree, never copied from the source, so the browser reads
 * exactly what was judged:
 * - every selector is scoped under the page's own element, `[data-page="<url>"]` (html, body and :root become
 *   that element), and its
 *   #ids follow the merchant-id namespace of the page's HTML;
 * - only style rules and @media survive (no @import, @font-face, @keyframes, @property, nesting…);
 * - each declaration's property, unescaped, must be on the allowlist (page-css-rules.ts), its value made of
 *   plain tokens and allowlisted functions, its keywords unescaped before they are judged, its url()s paths
 *   or http(s) addresses;
 * - nothing can close the style element.
 * The page's box also contains whatever it draws (PageView's `data-page-box`, see global.css).
 */
export function scopePageCss(css: string, pageUrl: string): string {
  const key = `${pageUrl}\n${css}`;
  const known = recent.get(key);
  if (known !== undefined) return known;
  const scoped = judgedCss(css, pageUrl);
  // Pages are rendered on every request; a page's CSS (up to 20 KB, several ms to parse) is judged once.
  if (recent.size >= RECENT_PAGES) recent.delete(recent.keys().next().value!);
  recent.set(key, scoped);
  return scoped;
}

/** How many pages' judged CSS is kept (oldest out first): a few MB at most. */
const RECENT_PAGES = 64;
const recent = new Map<string, string>();

/** The judged, scoped CSS, written from the parsed tree. */
function judgedCss(css: string, pageUrl: string): string {
  if (!css.trim()) return '';
  const sheet = parse(css, { parseValue: true, parseRulePrelude: true, parseAtrulePrelude: true, onParseError: () => {} });
  const scopeSelector = parse(`[data-page=${string.encode(pageUrl)}]`, { context: 'selector' }) as Selector;
  if (sheet.type !== 'StyleSheet') return '';
  return rulesOf(sheet.children.toArray(), scopeSelector).join('\n').replace(/</g, '\\3c ');
}

/** The safe form of each rule and @media block, in order; anything else is left out. */
function rulesOf(nodes: CssNode[], scope: Selector): string[] {
  return nodes.flatMap((node) => {
    if (node.type === 'Rule') return safeRule(node, scope) ?? [];
    if (node.type === 'Atrule' && ident.decode(node.name).toLowerCase() === 'media' && node.block && node.prelude && !hasRaw(node.prelude)) {
      const inner = rulesOf(node.block.children.toArray(), scope);
      return inner.length ? [`@media ${generate(node.prelude)}{${inner.join('')}}`] : [];
    }
    return [];
  });
}

function safeRule(rule: Rule, scope: Selector): string | null {
  if (rule.prelude.type !== 'SelectorList' || hasRaw(rule.prelude) || hasNode(rule.prelude, 'NestingSelector')) return null;
  const declarations = rule.block.children.toArray().flatMap((node) => (node.type === 'Declaration' ? (safeDeclaration(node) ?? []) : []));
  if (!declarations.length) return null;
  return `${scopedSelectors(rule.prelude, scope)}{${declarations.join(';')}}`;
}

/** Each selector under the scope: a leading html, body or :root is the scope itself; ids get the merchant prefix. */
function scopedSelectors(list: SelectorList, scope: Selector): string {
  walk(list, { visit: 'IdSelector', enter: (node) => void (node.name = ident.encode(merchantId(ident.decode(node.name)))) });
  return list.children
    .toArray()
    .map((selector) => {
      const text = generate(selector);
      const first = selector.type === 'Selector' ? selector.children.first : null;
      const isRoot = (first?.type === 'TypeSelector' && /^(html|body)$/i.test(ident.decode(first.name))) || (first?.type === 'PseudoClassSelector' && ident.decode(first.name).toLowerCase() === 'root');
      if (isRoot && selector.type === 'Selector') {
        const rest = clone(selector) as Selector;
        rest.children.shift();
        return `${generate(scope)}${generate(rest)}`;
      }
      return `${generate(scope)} ${text}`;
    })
    .join(',');
}

/** A declaration whose property (unescaped) is allowed and whose value holds only allowed, unescaped parts. */
function safeDeclaration(decl: Declaration): string | null {
  const property = ident.decode(decl.property).toLowerCase();
  if (typeof decl.important === 'string' || !allowedProperty(property) || decl.value.type !== 'Value' || !allowedValue(property, decl.value)) return null;
  let urlsSafe = true;
  walk(decl.value, {
    visit: 'Url',
    enter: (node) => {
      const href = safeUrl(node.value, 'web');
      if (href === null) urlsSafe = false;
      else node.value = href;
    },
  });
  return urlsSafe ? `${property}:${generate(decl.value)}${decl.important ? '!important' : ''}` : null;
}

const hasNode = (tree: CssNode, type: CssNode['type']) => {
  let found = false;
  walk(tree, (node) => void (found ||= node.type === type));
  return found;
};
const hasRaw = (tree: CssNode) => hasNode(tree, 'Raw');
