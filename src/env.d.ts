/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    /** The shell's data for this request's website and visitor, from GET /s/api/init. */
    init: import('./contract').Init;
    /** The API client for this request, carrying the shopper's cookies. */
    api: import('./lib/api/server').ServerApi;
    /** How this request's API clients reach the API (server/for-pages.ts), set by the middleware for every request. */
    forwardToApi: import('./lib/api/server').ForwardToApi;
    /** A one-time message from the previous request (a form post without JavaScript). */
    flash: import('./lib/flash').Flash | null;
    /** The page's language, from its address (lib/i18n/middleware.ts): English, or Hindi under /hi/. */
    locale: import('./lib/i18n/locales').Locale;
    /** The shop's words in the page's language (lib/i18n/translate.ts). */
    t: import('./lib/i18n/translate').Translate;
    /** A same-site path in the page's language (`/products` → `/hi/products` on a Hindi page); anything else as it was. */
    localize: (href: string) => string;
    /** This request's id, on its log lines and its X-Request-Id (lib/request-id.ts). */
    requestId: string;
    /** Set by a page that is the same for every visitor without a session: its surrogate keys (lib/cache-policy.ts). */
    surrogateKeys?: string[];
    /** Set by the page builder's preview of the website settings: the popup shows on it, and it is never indexed. */
    sitePreview?: boolean;
    /** The personal parts this render drew, by the ID between their markers (layouts/shell/personal). */
    personalParts?: import('./lib/personal-parts').PersonalPart[];
    /** Set for the personal parts' render (pages/personal-parts.astro): the parts to draw and the page they go in. */
    personalRender?: { parts: import('./lib/personal-parts').PersonalPart[]; pagePath: string };
  }
}
