import devanagari400 from '@fontsource/noto-sans-devanagari/files/noto-sans-devanagari-devanagari-400-normal.woff2?url';

/** The font's file, preloaded on Hindi pages so it arrives with the page rather than after the first layout (no shift when it swaps in). */
export const DEVANAGARI_FONT_URL: string = devanagari400;

/**
 * Devanagari for Hindi pages only (docs/languages.md#fonts): Noto Sans Devanagari's Devanagari subset in its regular
 * weight (50 KB), for Devanagari characters only (unicode-range), shown when it arrives (`font-display: swap`); bold
 * is the browser's synthesis of it. A phone that has Noto Sans Devanagari as a system font (most Android phones) uses
 * its own (`local()`). Latin text keeps the shop's own font (the site font comes first; its Devanagari characters
 * fall through to this one). English pages never name it.
 */
export function devanagariFontCss(): string {
  return `@font-face{font-family:'Noto Sans Devanagari';font-style:normal;font-weight:100 900;font-display:swap;src:local('Noto Sans Devanagari'),local('NotoSansDevanagari-Regular'),url(${devanagari400}) format('woff2');unicode-range:U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF,U+11B00-11B09}html:lang(hi){--font-site:var(--site-font,'Inter'),'Noto Sans Devanagari',ui-sans-serif,system-ui,sans-serif}`;
}
