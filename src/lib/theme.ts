import { isThemeColour } from '../contract/site-settings';

/** Turns a website's theme into CSS: its colour map as variables and its site font (colours only: contract/site-settings' isThemeColour). */

const SAFE_KEY = /^[a-z][a-z0-9-]{0,40}$/;

/** Only the first family of font_family is used; the default is Inter (docs/product.md#overview). */
export function siteFont(fontFamily: string | null | undefined): string {
  const first = (fontFamily ?? '').split(',')[0]?.trim().replace(/^['"]|['"]$/g, '') ?? '';
  return /^[A-Za-z0-9 -]{1,60}$/.test(first) ? first : 'Inter';
}

/** `:root { --theme-primary: …; --site-font: '…' }` for the layout's style element. */
export function themeCss(activetheme: Record<string, string>, fontFamily: string | null | undefined): string {
  const vars = Object.entries(activetheme)
    .filter(([key, value]) => SAFE_KEY.test(key) && isThemeColour(value))
    .map(([key, value]) => `--theme-${key}:${value.trim()}`);
  vars.push(`--site-font:'${siteFont(fontFamily)}'`);
  return `:root{${vars.join(';')}}`;
}
