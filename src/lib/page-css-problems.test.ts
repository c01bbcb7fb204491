import { describe, expect, it } from 'vitest';
import { scopePageCss } from './page-css';
import { cssProblems } from './page-css-problems';

describe('the page CSS field\'s problems', () => {
  it('says what the server leaves out, with its line, and nothing for what it keeps', () => {
    const css = ['.offer { color: #b91c1c; padding: 8px }', '.banner { position: fixed; z-index: 99 }', '@import url(/x.css);', '.x { behavior: url(x.htc) }', '@media (max-width: 600px) { .offer { font-size: 14px } .y { background: url("javascript:alert(1)") } }'].join('\n');
    expect(cssProblems(css)).toEqual([
      'Line 2: the value of position is not allowed',
      'Line 2: the value of z-index is not allowed',
      'Line 3: @import is left out: only style rules and @media are kept',
      'Line 4: behavior is not allowed on a page (see the allowed properties in docs/security.md)',
      'Line 5: url(javascript:alert(1)) must be a path starting with / or an http(s) address',
    ]);
    expect(cssProblems('.offer { color: red }\n@media (min-width: 40em) { h2 { margin: 0 auto } }')).toEqual([]);
    expect(cssProblems('')).toEqual([]);
  });

  it('agrees with the server: CSS without problems is kept whole, each problem is something the server drops', () => {
    const kept = '.a{color:red}\n.b{margin:0 auto;transform:rotate(2deg)}';
    expect(cssProblems(kept)).toEqual([]);
    expect(scopePageCss(kept, '/x').match(/[a-z-]+:/g)).toEqual(['color:', 'margin:', 'transform:']);
    const dropped = '.a{color:red;position:sticky}';
    expect(cssProblems(dropped)).toHaveLength(1);
    expect(scopePageCss(dropped, '/x')).not.toContain('sticky');
  });
});
