import type { Catalogue } from '../types';
import type { content as english } from '../en/content';

/** The fixed words of the home page and the content pages' blocks in Hindi. */
export const content: Catalogue<typeof english> = {
  'content.home': 'मुख्य पृष्ठ',
  'content.page': 'पेज',
  'content.shopAll': 'सभी उत्पाद देखें',
  'content.byCategory': 'श्रेणी के अनुसार खरीदें',
  'content.popular': 'इस हफ़्ते के लोकप्रिय उत्पाद',
  'content.products': 'उत्पाद',
  'content.offers': 'ऑफ़र',
};
