/** The header's search box and its suggestions (features/search/SearchBox.tsx) in English. */
export const search = {
  'search.label': 'Search products',
  'search.placeholder': 'Search for atta, dal, milk…',
  'search.submit': 'Search',
  'search.suggestions': 'Suggestions',
  'search.products': 'Products',
  'search.categories': 'Categories',
  'search.brands': 'Brands',
  'search.count': { one: '{count} suggestion', other: '{count} suggestions' },
} as const;
