import { describe, expect, it } from 'vitest';
import { siteFont, themeCss } from './theme';

describe('theme', () => {
  it('uses only the first font family, Inter by default', () => {
    expect(siteFont('Poppins, sans-serif')).toBe('Poppins');
    expect(siteFont('"Noto Sans", Arial')).toBe('Noto Sans');
    expect(siteFont('')).toBe('Inter');
    expect(siteFont(null)).toBe('Inter');
    expect(siteFont("x'}</style><script>")).toBe('Inter');
  });

  it('turns the colour map into CSS variables and drops anything that is not a colour', () => {
    const css = themeCss({ primary: '#15803d', accent: 'rgb(1, 2, 3)', evil: 'red;}</style><script>alert(1)</script>', 'Bad Key': '#fff' }, 'Inter');
    expect(css).toBe(":root{--theme-primary:#15803d;--theme-accent:rgb(1, 2, 3);--site-font:'Inter'}");
    expect(css).not.toMatch(/<|script|evil/);
  });
});
