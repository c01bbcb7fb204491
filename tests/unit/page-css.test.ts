import { describe, expect, it } from 'vitest';
import { scopePageCss } from '../../src/lib/page-css';

const scope = '[data-page="/offers"]';

describe('page CSS', () => {
  it('scopes every selector under the page, body and html included', () => {
    const out = scopePageCss('h1 { color: red } header, .x { display: none } body { background: #fff } @media (min-width: 640px) { p { margin: 0 } }', scope);
    expect(out).toContain(`${scope} h1`);
    expect(out).toContain(`${scope} header, ${scope} .x`);
    expect(out).toContain(`${scope} { background: #fff }`);
    expect(out).toContain(`@media (min-width: 640px) { ${scope} p`);
  });

  it('drops what could leave the page or run code', () => {
    const out = scopePageCss(
      '@import url(https://evil.example/x.css); @font-face { src: url(x) } .a { position: fixed; top: 0; background: url(javascript:alert(1)); width: expression(alert(1)) } .b { background: url(/demo/x.png) } .c { background: url(//evil.example/x) }',
      scope,
    );
    expect(out).not.toMatch(/@import|@font-face|position|javascript|expression|\/\/evil/);
    expect(out).toContain('top: 0');
    expect(out).toContain('url(/demo/x.png)');
  });

  it('cannot close the style element, and yields nothing for CSS it cannot parse', () => {
    expect(scopePageCss('.a::after { content: "</style><script>alert(1)</script>" }', scope)).not.toContain('<');
    expect(scopePageCss('.a { color: red', scope)).toBe('');
    expect(scopePageCss('', scope)).toBe('');
  });
});
