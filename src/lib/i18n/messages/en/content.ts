/** The fixed words of the home page and the content pages' blocks in English (the merchant's own texts are data). */
export const content = {
  'content.home': 'Home',
  'content.page': 'Page',
  'content.shopAll': 'Shop all products',
  'content.byCategory': 'Shop by category',
  'content.popular': 'Popular this week',
  'content.products': 'Products',
  'content.offers': 'Offers',
} as const;
