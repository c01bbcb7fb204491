import { describe, expect, it } from 'vitest';
import { scriptJson } from './json';

describe('the JSON-LD guard', () => {
  it('renders a hostile schema_script inert', () => {
    const hostile = { name: '</script><script>alert(1)</script>' };
    const out = scriptJson(hostile);
    expect(out).not.toMatch(/<\/script|<script/i);
    expect(JSON.parse(out)).toEqual(hostile);
  });
});
