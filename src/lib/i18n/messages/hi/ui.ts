import type { Catalogue } from '../types';
import type { ui as english } from '../en/ui';

/** The shared widgets' own words in Hindi. */
export const ui: Catalogue<typeof english> = {
  'ui.dismiss': 'हटाएँ',
  'ui.close': 'बंद करें',
  'ui.cancel': 'रद्द करें',
  'ui.ok': 'ठीक है',
  'ui.alertOk': 'ठीक है',
  'ui.confirm': 'पक्का करें',
  'ui.please': 'कृपया ',
  // A small form's post refused (lib/api/small-forms.ts): a page with a way back.
  'ui.notSent': 'नहीं भेजा गया',
  'ui.unchanged': 'कुछ नहीं बदला',
  'ui.goBack': 'वापस जाएँ और दोबारा कोशिश करें',
  'ui.loading': 'लोड हो रहा है',
};
