import { describe, expect, it } from 'vitest';
import type { Init } from '../../../contract';
import type { SiteDocument } from '../../../contract/site-settings';
import { previewInit } from './preview';

const init = {
  web: { id: 1, name: 'Annapurna Fresh', logo: '/old.svg', description: '', theme: 'light', favicon: null, show_supplier_page: true, show_cart: true, font_family: 'Inter', nav_alignment: 'left' },
  categories: [{ id: 1, name: 'Dairy', slug: 'dairy', avatar: null, link: '/products?c=dairy', children: [] }],
  navs: [],
  footers: [],
  popup: null,
  activetheme: { primary: '#15803d' },
  webSeo: { og_title: 'Old', og_description: '', meta_keywords: '', og_image: null },
} as unknown as Init;

const draft: SiteDocument = {
  navigation: [
    { name: 'Categories', link: '/categories', children: [] },
    { name: 'Offers', link: '/offers', children: [{ name: 'Diwali', link: '/diwali', children: [] }] },
  ],
  footer: [{ name: 'Help', link: '', children: [{ name: 'Returns', link: '/returns', children: [] }] }],
  popup: { image: '/p.svg', alt: 'Sale', link: '', duration: 0, once: true },
  theme: { colours: { primary: ' #7c2d12 ', accent: '' }, font_family: 'Poppins' },
  seo: { og_title: 'New', og_description: 'd', meta_keywords: 'k', og_image: '' },
  logo: '/new.svg',
  favicon: '',
};

describe('the preview of a settings draft', () => {
  it('puts the draft in place of the live header, footer, popup, theme and logo', () => {
    const shown = previewInit(init, draft);
    expect(shown.navs.map((n) => [n.name, n.link, n.children.map((c) => c.name)])).toEqual([
      ['Categories', '/categories', ['Dairy']],
      ['Offers', '/offers', ['Diwali']],
    ]);
    expect(shown.footers[0]).toMatchObject({ name: 'Help', link: null, group: 1, children: [expect.objectContaining({ name: 'Returns', link: '/returns' })] });
    expect(shown.popup).toEqual({ image: '/p.svg', alt: 'Sale', link: null, duration: 5, once: false });
    expect(shown.activetheme).toEqual({ primary: '#7c2d12' });
    expect(shown.web).toMatchObject({ logo: '/new.svg', favicon: null, font_family: 'Poppins', name: 'Annapurna Fresh' });
    expect(shown.webSeo.og_title).toBe('New');
    expect(init.navs).toEqual([]);
  });
});
