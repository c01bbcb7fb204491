// A module of its own: the shell's script imports it on every page, without the locales' other code.

/**
 * Whether a browser's languages, most wanted first (navigator.languages, what it sends as Accept-Language), name
 * Hindi before English: then an English page suggests Hindi (a banner), never redirects.
 */
export function hindiFirst(languages: readonly string[]): boolean {
  const bare = languages.map((tag) => tag.slice(0, 2).toLowerCase());
  const hindi = bare.indexOf('hi');
  return hindi >= 0 && !bare.slice(0, hindi).includes('en');
}
