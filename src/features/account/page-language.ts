import { localeOfLang, localizePath } from '../../lib/i18n/locales';

/**
 * A same-site link in an island's page language, told by the words its parent passed (none: English, the words
 * bundled): the account's islands link and post to `/hi/account/…` on a Hindi page, so the form endpoints answer,
 * and send the shopper back, in Hindi.
 */
export const linkIn = (words: { readonly lang: string } | undefined, path: string): string => localizePath(path, localeOfLang(words?.lang));
