/** A text, or plural forms chosen by Intl.PluralRules for the `count` parameter (`other` always present). */
export type Message = string | { readonly other: string; readonly zero?: string; readonly one?: string; readonly two?: string; readonly few?: string; readonly many?: string };

/** Another language's catalogue of a domain: every key of the English one (a key missing stops the typecheck), no other. */
export type Catalogue<English> = { readonly [K in keyof English]: Message };
