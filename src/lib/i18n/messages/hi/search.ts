import type { Catalogue } from '../types';
import type { search as english } from '../en/search';

/** The search box's words in Hindi. */
export const search: Catalogue<typeof english> = {
  'search.label': 'उत्पाद खोजें',
  'search.placeholder': 'आटा, दाल, दूध… खोजें',
  'search.submit': 'खोजें',
  'search.suggestions': 'सुझाव',
  'search.products': 'उत्पाद',
  'search.categories': 'श्रेणियाँ',
  'search.brands': 'ब्रांड',
  'search.count': { one: '{count} सुझाव', other: '{count} सुझाव' },
};
