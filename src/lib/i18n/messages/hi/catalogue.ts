import type { Catalogue } from '../types';
import type { catalogue as english } from '../en/catalogue';

/** The catalogue's words in Hindi. */
export const catalogue: Catalogue<typeof english> = {
  'catalogue.off': '{discount}% छूट',
  'catalogue.products': { one: '{count} उत्पाद', other: '{count} उत्पाद' },
  // The listing.
  'catalogue.allProducts': 'सभी उत्पाद',
  'catalogue.resultsFor': '“{q}” के नतीजे',
  'catalogue.productsHeading': 'उत्पाद',
  'catalogue.filters': 'फ़िल्टर',
  'catalogue.categoryFilter': 'श्रेणी फ़िल्टर',
  'catalogue.closeFilters': 'फ़िल्टर बंद करें',
  'catalogue.activeFilters': 'लगे हुए फ़िल्टर',
  'catalogue.removeFilter': 'फ़िल्टर हटाएँ: {name}',
  'catalogue.deliverableTo': '{pincode} पर डिलीवरी उपलब्ध',
  'catalogue.resetAll': 'सभी हटाएँ',
  'catalogue.noMatchSearch': '“{q}” से मेल खाता कोई उत्पाद नहीं मिला।',
  'catalogue.noMatchFilters': 'इन फ़िल्टर से मेल खाता कोई उत्पाद नहीं मिला।',
  'catalogue.tryFewer': 'कम फ़िल्टर लगाएँ या कोई दूसरा शब्द खोजें।',
  'catalogue.didYouMean': 'क्या आपका मतलब {term} था?',
  // The filters.
  'catalogue.delivery': 'डिलीवरी',
  'catalogue.categories': 'श्रेणियाँ',
  'catalogue.subcategories': '{name}: उप-श्रेणियाँ',
  'catalogue.brands': 'ब्रांड',
  'catalogue.applyFilters': 'फ़िल्टर लगाएँ',
  // The sort menu.
  'catalogue.sort': 'क्रम:',
  'catalogue.sortBy': 'किस क्रम में दिखाएँ',
  'catalogue.sortRelevance': 'सबसे मिलते-जुलते',
  'catalogue.sortPopularity': 'सबसे लोकप्रिय',
  'catalogue.sortPriceAsc': 'दाम: कम से ज़्यादा',
  'catalogue.sortPriceDesc': 'दाम: ज़्यादा से कम',
  'catalogue.sortNewest': 'सबसे नए',
  'catalogue.sortDiscount': 'सबसे ज़्यादा छूट',
  // The listing's pages (ui/Pagination's words).
  'catalogue.pagination': 'पेज',
  'catalogue.pageTotal': 'कुल: {total}',
  'catalogue.previousPage': 'पिछला पेज',
  'catalogue.nextPage': 'अगला पेज',
  // The product page.
  'catalogue.productNotFound': 'उत्पाद नहीं मिला',
  'catalogue.breadcrumb': 'आप यहाँ हैं',
  'catalogue.home': 'होम',
  'catalogue.images': 'तस्वीरें',
  'catalogue.imagesHint': 'उत्पाद की तस्वीरें: स्वाइप करें या तीर वाली कुंजियाँ दबाएँ',
  'catalogue.imageAlt': '{name}, {total} में से तस्वीर {index}',
  'catalogue.chooseImage': 'तस्वीर चुनें',
  'catalogue.showImage': 'तस्वीर {index} दिखाएँ',
  'catalogue.about': 'इस उत्पाद के बारे में',
  'catalogue.details': 'विवरण',
};
