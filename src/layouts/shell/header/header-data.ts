/** Where the header's parts go for each header template (1 to 5); the design is written down in docs/shopping.md. */

export type HeaderPart = 'logo' | 'search' | 'links' | 'pincode' | 'account' | 'cart';
export interface HeaderSlots {
  left: HeaderPart[];
  centre: HeaderPart[];
  right: HeaderPart[];
}

const TEMPLATES: Record<number, HeaderSlots> = {
  1: { left: ['logo'], centre: ['search'], right: ['pincode', 'account', 'cart'] },
  2: { left: ['search'], centre: ['logo'], right: ['pincode', 'account', 'cart'] },
  3: { left: ['logo', 'links'], centre: [], right: ['search', 'pincode', 'account', 'cart'] },
  4: { left: ['pincode'], centre: ['logo'], right: ['search', 'account', 'cart'] },
  5: { left: ['logo', 'pincode'], centre: ['search'], right: ['account', 'cart'] },
};

/** The slots of a header template; an unknown number gets template 1. */
export const headerSlots = (template: number): HeaderSlots => TEMPLATES[template] ?? TEMPLATES[1]!;

/** Sub-navbar looks by navigation template; template 5 has no sub-navbar (its links sit in the top bar). */
export const SUB_NAV_STYLES: Record<number, string> = {
  1: 'bg-background border-b border-border text-foreground',
  2: 'bg-primary text-primary-foreground',
  3: 'bg-secondary text-secondary-foreground',
  4: 'bg-muted text-foreground border-b border-border',
};

/** Width of the search bar in percent from search_setting (JSON text), 100 by default, kept within 20 to 100. */
export function searchWidth(searchSetting: string): number {
  try {
    const width = Number((JSON.parse(searchSetting) as { width?: unknown }).width);
    return Number.isFinite(width) && width > 0 ? Math.min(100, Math.max(20, width)) : 100;
  } catch {
    return 100;
  }
}

export interface LogoSize {
  width: number;
  height: number;
  fit: string;
}

/** Logo size from logo_settings (JSON text, '{}' when missing): 56 by 56, object-contain by default. */
export function logoSize(logoSettings: string): LogoSize {
  let settings: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(logoSettings || '{}');
    if (parsed && typeof parsed === 'object') settings = parsed as Record<string, unknown>;
  } catch {
    // Bad JSON is treated as missing, as docs/product.md#entities says for an absent value.
  }
  const px = (value: unknown) => (Number.isFinite(Number(value)) && Number(value) > 0 ? Math.min(240, Number(value)) : 56);
  const fit = typeof settings.image_size === 'string' && /^(contain|cover|fill|none|scale-down)$/.test(settings.image_size) ? settings.image_size : 'contain';
  return { width: px(settings.image_width), height: px(settings.image_height), fit };
}

/** Splits sanitised merchant HTML after each placeholder element, so the shop's own parts can be put inside. */
export function splitPlaceholders(html: string): (string | { part: 'account' | 'search' | 'cart' | 'pincode' })[] {
  const pieces: (string | { part: 'account' | 'search' | 'cart' | 'pincode' })[] = [];
  const opening = /<[a-z][a-z0-9]*\b[^>]*\bdata-placeholder="(account|search|cart|pincode)"[^>]*>/gi;
  let last = 0;
  for (const match of html.matchAll(opening)) {
    const end = match.index + match[0].length;
    pieces.push(html.slice(last, end), { part: match[1]!.toLowerCase() as 'account' | 'search' | 'cart' | 'pincode' });
    last = end;
  }
  pieces.push(html.slice(last));
  return pieces.filter((p) => p !== '');
}
