import { ident, parse, walk, type CssNode, type Declaration } from 'css-tree';
import { safeUrl } from '../contract/safe-url';
import { allowedProperty, allowedValue } from './page-css-rules';

/**
 * What of a page's CSS the server will leave out (src/lib/page-css.ts keeps only what passes these same rules of
 * src/lib/page-css-rules.ts), each with its line: rules other than style rules and @media, nested rules,
 * properties not on the allowlist, values with other parts or functions, !important-less tricks, unsafe url()s.
 * Said beside the page builder's CSS field as the marketer types (POST /api/pages/css-check: css-tree stays on the
 * server, out of the browser's bundles); the server still judges what it publishes.
 */
export function cssProblems(css: string): string[] {
  if (!css.trim()) return [];
  const problems: string[] = [];
  const at = (node: CssNode) => (node.loc ? `Line ${node.loc.start.line}: ` : '');
  const sheet = parse(css, { positions: true, parseValue: true, parseRulePrelude: true, parseAtrulePrelude: true, onParseError: (error) => void problems.push(`Line ${(error as { line?: number }).line ?? '?'}: ${error.message}`) });
  if (sheet.type !== 'StyleSheet') return ['The CSS could not be read'];
  const rules = (nodes: CssNode[]) => {
    for (const node of nodes) {
      if (node.type === 'Rule') {
        if (node.prelude.type !== 'SelectorList' || has(node.prelude, 'Raw')) problems.push(`${at(node)}this selector cannot be read, so the rule is left out`);
        else if (has(node.prelude, 'NestingSelector')) problems.push(`${at(node)}nested rules (&) are left out`);
        else for (const child of node.block.children.toArray()) if (child.type === 'Declaration') declaration(child);
        else problems.push(`${at(child)}nested rules are left out`);
      } else if (node.type === 'Atrule') {
        const name = ident.decode(node.name).toLowerCase();
        if (name === 'media' && node.block && node.prelude && !has(node.prelude, 'Raw')) rules(node.block.children.toArray());
        else problems.push(`${at(node)}@${name} is left out: only style rules and @media are kept`);
      }
    }
  };
  const declaration = (decl: Declaration) => {
    const property = ident.decode(decl.property).toLowerCase();
    if (!allowedProperty(property)) return void problems.push(`${at(decl)}${property} is not allowed on a page (see the allowed properties in docs/security.md)`);
    if (typeof decl.important === 'string' || decl.value.type !== 'Value' || !allowedValue(property, decl.value)) return void problems.push(`${at(decl)}the value of ${property} is not allowed`);
    walk(decl.value, { visit: 'Url', enter: (url) => void (safeUrl(url.value, 'web') === null && problems.push(`${at(decl)}url(${url.value}) must be a path starting with / or an http(s) address`)) });
  };
  rules(sheet.children.toArray());
  return problems;
}

const has = (tree: CssNode, type: CssNode['type']) => {
  let found = false;
  walk(tree, (node) => void (found ||= node.type === type));
  return found;
};
