import type { PageDocument } from '../../../contract';

/** The demo's cities in Hindi, for the pages' Hindi titles (a city the demo does not name stays as it is written). */
const CITY_HI: Record<string, string> = { Bengaluru: 'बेंगलुरु', Mumbai: 'मुंबई', 'New Delhi': 'नई दिल्ली' };

/**
 * The demo's content pages for a website: home, offers, about and contact (with a form), each titled in Hindi too
 * (title_hi, seo_title_hi, seo_description_hi: what a Hindi page's tab, search result and share card say).
 */
export function demoPages(site: { name: string; slug: string; city: string }): PageDocument[] {
  const city = CITY_HI[site.city] ?? site.city;
  // Each alt says the words in its picture (scripts/demo-images.ts draws them): a banner is an offer in words.
  const SLIDE_WORDS = ['Up to 30% off on staples, dairy and fresh fruit', 'Farm fresh daily: vegetables and fruit, picked this morning'];
  const hero = (n: number) => ({ image: `/demo/banners/${site.slug}-${n}.svg`, image_sm: `/demo/banners/${site.slug}-${n}-sm.svg`, alt: SLIDE_WORDS[n - 1] });
  return [
    {
      url: '/',
      title: 'Home',
      css: '',
      show_navbar: true,
      show_sub_navbar: true,
      show_footer: true,
      seo_title: `${site.name}: groceries delivered in ${site.city}`,
      seo_description: `Order atta, dal, rice, fresh fruit and vegetables, dairy and household essentials from ${site.name}.`,
      title_hi: 'मुख्य पृष्ठ',
      seo_title_hi: `${site.name}: ${city} में घर तक किराने का सामान`,
      seo_description_hi: `${site.name} से आटा, दाल, चावल, ताज़े फल और सब्ज़ियाँ, डेयरी और घर की ज़रूरी चीज़ें मँगाएँ।`,
      seo_keyword: 'online grocery, atta, dal, rice, vegetables',
      schema_script: JSON.stringify({ '@context': 'https://schema.org', '@type': 'GroceryStore', name: site.name, address: { '@type': 'PostalAddress', addressLocality: site.city, addressCountry: 'IN' } }),
      components: [
        { name: 'Hero', type: 'hero', order: 0, data: { slides: [{ ...hero(1), link: '/offers' }, { ...hero(2), link: '/products?c=fruits-vegetables' }] }, settings: JSON.stringify({ autoplayInterval: 2000, aspect: { sm: '3/2', md: '3/1' } }) },
        { name: 'Shop by category', type: 'category_carousel', order: 1, data: { title: 'Shop by category' } },
        { name: 'Best offers', type: 'product_carousel', order: 2, data: { title: 'Best offers today', sort: 'discount', limit: 12 } },
        { name: 'Fresh picks', type: 'product_carousel', order: 3, data: { title: 'Fresh fruits and vegetables', category: 'fruits-vegetables', limit: 12 } },
        { name: 'Banner', type: 'image_banner', order: 4, data: { image: `/demo/banners/${site.slug}-wide.svg`, image_sm: `/demo/banners/${site.slug}-wide-sm.svg`, link: '/products?c=staples', alt: 'Monthly staples, delivered: atta, dal, rice and oil in one order' } },
        { name: 'Popular', type: 'product_grid', order: 5, data: { title: 'Popular this week', sort: 'popularity', limit: 12 } },
        { name: 'Brands', type: 'brand_carousel', order: 6, data: { title: 'Brands you love' } },
        { name: 'Suppliers', type: 'supplier_carousel', order: 7, data: { title: 'Our suppliers', border: true } },
      ],
    },
    {
      url: '/offers',
      title: 'Offers',
      // A marketer's touch: scoped to this page by the storefront, so it cannot reach the header.
      css: 'h1 { color: var(--color-primary); } header { display: none; } .rich-html strong { background: var(--color-secondary); padding: 0 0.25rem; }',
      show_navbar: true,
      show_sub_navbar: true,
      show_footer: true,
      seo_title: `Offers at ${site.name}`,
      seo_description: 'The biggest discounts on groceries this week.',
      title_hi: 'ऑफ़र',
      seo_title_hi: `${site.name} के ऑफ़र`,
      seo_description_hi: 'इस हफ़्ते किराने के सामान पर सबसे बड़ी छूट।',
      seo_keyword: 'grocery offers, discounts',
      schema_script: null,
      components: [
        // A merchant's banner across the whole width of the page (content pages are full width).
        { name: 'Banner', type: 'image_banner', order: 0, data: { image: `/demo/banners/${site.slug}-wide.svg`, image_sm: `/demo/banners/${site.slug}-wide-sm.svg`, link: '/products?c=staples', alt: 'Monthly staples, delivered: atta, dal, rice and oil in one order' } },
        { name: 'Intro', type: 'rich_html', order: 1, data: { html: '<h1>Offers this week</h1><p>Use code <strong>NAMASTE20</strong> for ₹20 off any order above ₹99.</p>' } },
        { name: 'Top discounts', type: 'product_grid', order: 2, data: { title: 'Biggest discounts', sort: 'discount', limit: 24 } },
      ],
    },
    {
      // A campaign landing page: the navbar is hidden so nothing distracts from the offer.
      url: '/festive',
      title: 'Festive specials',
      css: '',
      show_navbar: false,
      show_sub_navbar: false,
      show_footer: true,
      seo_title: `Festive specials at ${site.name}`,
      seo_description: 'Sweets, snacks and gifting for the festive season.',
      title_hi: 'त्योहार की ख़ास चीज़ें',
      seo_title_hi: `${site.name} पर त्योहार की ख़ास चीज़ें`,
      seo_description_hi: 'त्योहारों के लिए मिठाइयाँ, नमकीन और उपहार।',
      seo_keyword: null,
      schema_script: null,
      components: [
        { name: 'Intro', type: 'rich_html', order: 0, data: { html: '<h1>Festive specials</h1><p>Sweets, snacks and dry fruit for the season. <a href="/products?c=chocolates-sweets">See all sweets</a></p>' } },
        { name: 'Sweets', type: 'product_grid', order: 1, data: { title: 'Sweets and chocolates', category: 'chocolates-sweets', limit: 12 } },
      ],
    },
    {
      url: '/about',
      title: 'About us',
      css: '',
      show_navbar: true,
      show_sub_navbar: true,
      show_footer: true,
      seo_title: `About ${site.name}`,
      seo_description: `Who we are and how ${site.name} delivers.`,
      title_hi: 'हमारे बारे में',
      seo_title_hi: `${site.name} के बारे में`,
      seo_description_hi: `हम कौन हैं और ${site.name} डिलीवरी कैसे करता है।`,
      seo_keyword: null,
      schema_script: null,
      components: [
        {
          name: 'Story',
          type: 'rich_html',
          order: 0,
          data: { html: `<h1>About ${site.name}</h1><p>We started as a neighbourhood store in ${site.city} and now deliver fresh groceries and daily essentials to homes across the city, usually by the next morning.</p><p>Every order is packed by our own team at the nearest warehouse.</p>` },
        },
      ],
    },
    {
      url: '/contact',
      title: 'Contact us',
      css: '',
      show_navbar: true,
      show_sub_navbar: false,
      show_footer: true,
      seo_title: `Contact ${site.name}`,
      seo_description: 'Questions about an order or a product? Write to us.',
      title_hi: 'संपर्क करें',
      seo_title_hi: `${site.name} से संपर्क करें`,
      seo_description_hi: 'किसी ऑर्डर या सामान के बारे में सवाल है? हमें लिखें।',
      seo_keyword: null,
      schema_script: null,
      components: [
        { name: 'Intro', type: 'rich_html', order: 0, data: { html: '<h1>Contact us</h1><p>Write to us and we will call you back within a day.</p>' } },
        {
          name: 'Contact form',
          type: 'dynamic_form',
          order: 1,
          data: {
            title: 'Send us a message',
            formtype: 'contact',
            submit: 'Send',
            thanks: 'Thank you! We will call you back within a day.',
            fields: [
              { name: 'name', label: 'Name', type: 'text', required: true },
              { name: 'phone', label: 'Phone', type: 'tel', required: true, pattern: 'phone' },
              { name: 'email', label: 'Email', type: 'email', required: false },
              { name: 'message', label: 'Message', type: 'textarea', required: true },
            ],
          },
        },
      ],
    },
  ];
}
