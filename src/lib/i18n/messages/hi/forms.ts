import type { Catalogue } from '../types';
import type { forms as english } from '../en/forms';

/** A content page's form's own words in Hindi. */
export const forms: Catalogue<typeof english> = {
  'forms.form': 'फ़ॉर्म',
  'forms.select': 'चुनें…',
  'forms.saving': 'भेजा जा रहा है…',
};
