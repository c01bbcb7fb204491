import { describe, expect, it } from 'vitest';
import { BLOCKS, heroSettings, pageProblems } from './blocks';

const page = (components: unknown[]) => ({ url: '/offers', title: 'Offers', components });

describe('block schemas', () => {
  it('accept each block type with good data', () => {
    const good: Record<keyof typeof BLOCKS, unknown> = {
      hero: { slides: [{ image: '/a.png', image_sm: '/a-sm.png', link: '/offers' }] },
      product_carousel: { category: 'staples' },
      product_grid: { products: ['kaveri-mills-whole-wheat-atta'] },
      category_carousel: { title: 'Shop' },
      brand_carousel: {},
      supplier_carousel: { border: true },
      image_banner: { image: '/b.png', link: 'https://example.com' },
      rich_html: { html: '<p>Hi</p>' },
      dynamic_form: { formtype: 'contact', fields: [{ name: 'name', label: 'Name', required: true }] },
    };
    for (const [type, data] of Object.entries(good)) expect(BLOCKS[type as keyof typeof BLOCKS].safeParse(data).success, type).toBe(true);
  });

  it('report every problem of a page with its path', () => {
    expect(pageProblems(page([{ name: 'Hero', type: 'hero', data: { slides: [] } }]))).toEqual(['components.0.data.slides: Too small: expected array to have >=1 items']);
    expect(pageProblems(page([{ name: 'X', type: 'marquee', data: {} }]))[0]).toMatch(/^components\.0\.type:/);
    expect(pageProblems(page([{ name: 'Hero', type: 'hero', data: { slides: [{ image: '/a.png' }] }, settings: '{not json' }]))).toEqual(['components.0.settings: settings must be valid JSON']);
    expect(pageProblems({ url: 'offers', title: '', components: [] })).toHaveLength(2);
    expect(pageProblems(page([{ name: 'Grid', type: 'product_grid', data: { category: 'a', brand: 'b' } }]))).toEqual(['components.0.data: Choose one of category, brand or products']);
    expect(pageProblems(page([{ name: 'F', type: 'dynamic_form', data: { formtype: 'contact', fields: [{ name: 'Bad Name', label: 'X' }] } }]))[0]).toMatch(/^components\.0\.data\.fields\.0\.name:/);
  });

  it('fill hero settings defaults from a JSON string', () => {
    expect(heroSettings('{"autoplayInterval":3000}')).toMatchObject({ success: true, data: { autoplayInterval: 3000, fullpage: false } });
    expect(heroSettings('')).toMatchObject({ success: true, data: { autoplayInterval: 2000 } });
  });
});
