import { describe, expect, it } from 'vitest';
import { scopePageCss } from './page-css';

const url = '/offers';
const scope = '[data-page="/offers"]';

describe('page CSS', () => {
  it('scopes every selector under the page, body and html included', () => {
    const out = scopePageCss('h1 { color: red } header, .x { display: none } body { background: #fff } :root.dark p { margin: 0 } @media (min-width: 640px) { p { margin: 0 } }', url);
    expect(out).toContain(`${scope} h1{color:red}`);
    expect(out).toContain(`${scope} header,${scope} .x{display:none}`);
    expect(out).toContain(`${scope}{background:#fff}`);
    expect(out).toContain(`${scope}.dark p{margin:0}`);
    expect(out).toContain(`@media (min-width:640px){${scope} p{margin:0}}`);
  });

  it('drops what could leave the page or run code', () => {
    const out = scopePageCss(
      '@import url(https://evil.example/x.css); @font-face { src: url(x) } .a { position: fixed; top: 0; background: url(javascript:alert(1)); width: expression(alert(1)) } .b { background: url(/demo/x.png) } .c { background: url(//evil.example/x) }',
      url,
    );
    expect(out).not.toMatch(/@import|@font-face|position|javascript|expression|\/\/evil/);
    expect(out).toContain('top:0');
    expect(out).toContain('url(/demo/x.png)');
  });

  it('judges properties and keywords unescaped, as the browser reads them', () => {
    const out = scopePageCss('.a { position: f\\69 xed; \\70 osition: fixed; posit\\69 on: sticky; position: absolute; color: red }', url);
    expect(out).toBe(`${scope} .a{position:absolute;color:red}`);
  });

  it('reads a raw newline in a string as the browser does: the rules after it are scoped too', () => {
    const out = scopePageCss('.s::after { content: "x\n} header, footer { display: none !important } html { background: red } /* " */ }', url);
    expect(out).toBe(`${scope} header,${scope} footer{display:none!important}\n${scope}{background:red}`);
  });

  it('keeps only allowlisted properties, bounded z-index, and no custom properties or vendor extensions', () => {
    const out = scopePageCss(
      '.a { z-index: 2147483647; behavior: url(/x.htc); -moz-binding: url(/x.xml); --x: url(https://evil.example/x); contain: none; isolation: auto; clip-path: inset(0); animation: spin 1s; cursor: url(/big.png), auto; color: var(--theme-primary) } .b { z-index: 5; cursor: pointer; transform: translateY(-4px) rotate(2deg); transition: transform 150ms ease-in }',
      url,
    );
    expect(out).toBe(`${scope} .a{color:var(--theme-primary)}\n${scope} .b{z-index:5;cursor:pointer;transform:translateY(-4px) rotate(2deg);transition:transform 150ms ease-in}`);
  });

  it('drops functions that are not on the list, nesting and other at-rules', () => {
    const out = scopePageCss('.a { background-image: image-set("https://evil.example/a.png" 1x); width: attr(data-w px); color: red; .b { color: blue } } @keyframes spin { to { rotate: 1turn } } @property --x { syntax: "*" } @supports (display: grid) { .c { color: red } } @layer x { .d { color: red } }', url);
    expect(out).toBe(`${scope} .a{color:red}`);
  });

  it('scopes under the page by its URL written as a CSS string, so no URL can widen the scope', () => {
    expect(scopePageCss('p { color: red }', 'x"], html, [a="')).toBe('[data-page="x\\"], html, [a=\\""] p{color:red}');
  });

  it('points #id selectors at the renamed merchant ids of the page', () => {
    expect(scopePageCss('#faq { color: red }', url)).toBe(`${scope} #user-content-faq{color:red}`);
  });

  it('cannot close the style element; a rule left open at the end is closed as browsers do; garbage yields nothing', () => {
    expect(scopePageCss('.a::after { content: "</style><script>alert(1)</script>" }', url)).not.toContain('<');
    expect(scopePageCss('.a { color: red', url)).toBe(`${scope} .a{color:red}`);
    expect(scopePageCss('}}} {{{ color: red', url)).toBe('');
    expect(scopePageCss('', url)).toBe('');
  });
});
