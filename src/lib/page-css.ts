import postcss, { type ChildNode, type Container } from 'postcss';

/** Declarations a page's CSS may not use: they could reach outside the page or run something. */
const UNSAFE_VALUE = /expression\s*\(|javascript:|behavior|-moz-binding|@import/i;
const SAFE_URL = /url\(\s*(['"]?)(https?:\/\/|\/(?!\/))[^)]*\)/gi;

/**
 * A marketer's page CSS, made safe and kept inside the page: every selector is scoped under the page's own
 * element (html, body and :root become that element), at-rules other than @media are dropped, fixed
 * positioning and unsafe values are removed, and nothing can close the style element. Unparseable CSS
 * yields nothing rather than something half-applied.
 */
export function scopePageCss(css: string, scope: string): string {
  if (!css.trim()) return '';
  let root;
  try {
    root = postcss.parse(css);
  } catch {
    return '';
  }
  const visit = (container: Container<ChildNode>) => {
    container.each((node) => {
      if (node.type === 'atrule') {
        if (node.name.toLowerCase() === 'media') visit(node);
        else node.remove();
      } else if (node.type === 'rule') {
        node.selectors = node.selectors.map((selector) => {
          const trimmed = selector.trim();
          return /^(html|body|:root)\b/i.test(trimmed) ? trimmed.replace(/^(html|body|:root)\b/i, scope) : `${scope} ${trimmed}`;
        });
        node.walkDecls((decl) => {
          const withoutSafeUrls = decl.value.replace(SAFE_URL, '');
          if (UNSAFE_VALUE.test(decl.value) || /url\(/i.test(withoutSafeUrls)) decl.remove();
          else if (decl.prop.toLowerCase() === 'position' && /fixed|sticky/i.test(decl.value)) decl.remove();
        });
      } else if (node.type === 'decl') {
        node.remove(); // a declaration outside any rule would apply to nothing we allow
      }
    });
  };
  visit(root);
  return root.toString().replace(/</g, '\\3c ');
}
