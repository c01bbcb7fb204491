import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape-html';

describe('escapeHtml', () => {
  it('turns the five markup characters into entities and leaves other text alone', () => {
    expect(escapeHtml(`dal & "chawal" <it's>`)).toBe('dal &amp; &quot;chawal&quot; &lt;it&apos;s&gt;');
    expect(escapeHtml('दाल ₹120, 2 kg')).toBe('दाल ₹120, 2 kg');
  });
  it('escapes each character once, so escaped text escapes again as text', () => {
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
  });
});
