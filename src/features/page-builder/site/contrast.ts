import type { ThemeKey } from '../../../contract/site-settings';

/**
 * The theme's text against its backgrounds (WCAG 2.2, 1.4.3): the contrast ratio of each pair the shop draws
 * text in, so the screen can warn (never refuse) when one is under 4.5:1.
 */

/** The colours src/styles/global.css falls back to when the theme leaves one out. */
export const DEFAULT_COLOURS: Record<ThemeKey, string> = {
  primary: '#15803d',
  'primary-foreground': '#ffffff',
  secondary: '#fef3c7',
  'secondary-foreground': '#713f12',
  accent: '#f59e0b',
  background: '#ffffff',
  foreground: '#1c1917',
  muted: '#f5f5f4',
  'muted-foreground': '#57534e',
  border: '#e7e5e4',
};

/** Text colour on background colour, as the shop draws them. */
const TEXT_PAIRS: [text: ThemeKey, background: ThemeKey][] = [
  ['foreground', 'background'],
  ['primary-foreground', 'primary'],
  ['secondary-foreground', 'secondary'],
  ['muted-foreground', 'muted'],
  ['muted-foreground', 'background'],
  ['primary', 'background'],
];

const MIN_RATIO = 4.5;

type Rgb = [number, number, number];

const NAMED: Record<string, Rgb> = {
  black: [0, 0, 0], white: [255, 255, 255], red: [255, 0, 0], green: [0, 128, 0], blue: [0, 0, 255], yellow: [255, 255, 0],
  orange: [255, 165, 0], purple: [128, 0, 128], gray: [128, 128, 128], grey: [128, 128, 128], silver: [192, 192, 192],
  maroon: [128, 0, 0], navy: [0, 0, 128], teal: [0, 128, 128], olive: [128, 128, 0], lime: [0, 255, 0], aqua: [0, 255, 255],
  fuchsia: [255, 0, 255], pink: [255, 192, 203], brown: [165, 42, 42],
};

/** A colour as red, green and blue (0 to 255), or null for one this function does not read (then no warning is given). */
export function parseColour(value: string): Rgb | null {
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(text)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex.slice(0, 3)].map((c) => c + c).join('') : hex.slice(0, 6);
    return [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16)) as Rgb;
  }
  const rgb = /^rgba?\(\s*([\d.]+)(%?)[\s,]+([\d.]+)(%?)[\s,]+([\d.]+)(%?)/.exec(text);
  if (rgb) {
    const channel = (n: string, pct: string) => Math.min(255, Math.max(0, pct ? (Number(n) * 255) / 100 : Number(n)));
    return [channel(rgb[1]!, rgb[2]!), channel(rgb[3]!, rgb[4]!), channel(rgb[5]!, rgb[6]!)];
  }
  const hsl = /^hsla?\(\s*([\d.]+)(?:deg)?[\s,]+([\d.]+)%[\s,]+([\d.]+)%/.exec(text);
  if (hsl) return hslToRgb(Number(hsl[1]), Number(hsl[2]) / 100, Number(hsl[3]) / 100);
  return NAMED[text] ?? null;
}

function hslToRgb(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/** Relative luminance (WCAG 2.2). */
function luminance([r, g, b]: Rgb): number {
  const linear = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** The contrast ratio of two colours (1 to 21), or null when either cannot be read. */
export function contrastRatio(a: string, b: string): number | null {
  const x = parseColour(a);
  const y = parseColour(b);
  if (!x || !y) return null;
  const [hi, lo] = [luminance(x), luminance(y)].sort((m, n) => n - m) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export interface ContrastWarning {
  text: ThemeKey;
  background: ThemeKey;
  /** Rounded down to two decimals, so 4.499 never reads as 4.5; under MIN_RATIO (4.5). */
  ratio: number;
  message: string;
}

/** Every text pair of a theme under 4.5:1, with words for the screen ("primary-foreground on primary is 3.2:1 …"). */
export function contrastWarnings(colours: Partial<Record<ThemeKey, string>>): ContrastWarning[] {
  const colour = (key: ThemeKey) => (colours[key]?.trim() ? colours[key]!.trim() : DEFAULT_COLOURS[key]);
  return TEXT_PAIRS.flatMap(([text, background]) => {
    const exact = contrastRatio(colour(text), colour(background));
    if (exact === null || exact >= MIN_RATIO) return [];
    const ratio = Math.floor(exact * 100) / 100;
    return [{ text, background, ratio, message: `${text} on ${background} is ${ratio.toFixed(2)}:1, under ${MIN_RATIO}:1: some shoppers will struggle to read it` }];
  });
}
