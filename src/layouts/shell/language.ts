import { hindiFirst } from '../../lib/i18n/browser-languages';

/**
 * The suggestion of Hindi (features/language/LanguageSuggestion.astro): shown in a browser whose languages put
 * Hindi before English, until the shopper chooses a language (the `lang` cookie) or dismisses it (kept here).
 */
function suggest() {
  const banner = document.querySelector<HTMLElement>('[data-language-suggestion]');
  try {
    if (banner && hindiFirst(navigator.languages) && !/(^|; )lang=/.test(document.cookie) && !localStorage.langNo) {
      banner.hidden = false;
      banner.querySelector('button')!.onclick = () => (banner.hidden = localStorage.langNo = true);
    }
  } catch {
    // Storage refused (private mode): no suggestion.
  }
}

suggest();
document.addEventListener('astro:after-swap', suggest);
