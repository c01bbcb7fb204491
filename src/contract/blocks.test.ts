import { describe, expect, it } from 'vitest';
import { z } from 'zod';
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

  it('ask for alt text on an image that is a link, the words the picture says; a picture with no link may go without', () => {
    const problem = 'alt is required for an image with a link: write the words the picture says (it is the link\'s only name)';
    const hero = (slides: unknown[]) => page([{ name: 'Hero', type: 'hero', data: { slides } }]);
    expect(pageProblems(hero([{ image: '/a.png', link: '/offers' }, { image: '/b.png', link: '/fruit', alt: '  ' }]))).toEqual([`components.0.data.slides.0.alt: ${problem}`, `components.0.data.slides.1.alt: ${problem}`]);
    expect(pageProblems(hero([{ image: '/a.png', link: '/offers', alt: 'Up to 30% off on staples, dairy and fresh fruit' }, { image: '/leaves.png' }]))).toEqual([]);
    expect(pageProblems(page([{ name: 'Banner', type: 'image_banner', data: { image: '/b.png', link: 'https://example.com' } }]))).toEqual([`components.0.data.alt: ${problem}`]);
    expect(pageProblems(page([{ name: 'Banner', type: 'image_banner', data: { image: '/b.png', link: '' } }]))).toEqual([]);
    // The field's description, as a page builder reads it from the JSON schema.
    const schema = (block: keyof typeof BLOCKS) => JSON.stringify(z.toJSONSchema(BLOCKS[block], { unrepresentable: 'any' }));
    for (const block of ['hero', 'image_banner'] as const) expect(schema(block)).toMatch(/"alt":\{[^}]*"description":"Alt text: the words in the picture/);
  });

  it('fill hero settings defaults from a JSON string', () => {
    expect(heroSettings('{"autoplayInterval":3000}')).toMatchObject({ success: true, data: { autoplayInterval: 3000, fullpage: false } });
    expect(heroSettings('')).toMatchObject({ success: true, data: { autoplayInterval: 2000 } });
  });
});
