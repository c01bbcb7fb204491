import { describe, expect, it } from 'vitest';
import { describeChanges } from './page-changes';

const block = (type: string, name: string, data: unknown = {}, order = 0) => ({ type, name, data, order });
const page = (components: unknown[], extra: Record<string, unknown> = {}) => ({ url: '/summer', title: 'Summer', components, ...extra });

describe('describeChanges', () => {
  it('says a first publish', () => {
    expect(describeChanges(null, page([]))).toBe('First published');
  });

  it('names one added block, counts removed ones, and notices a new title and a new order', () => {
    const before = page([block('rich_html', 'Intro'), block('image_banner', 'A'), block('image_banner', 'B'), block('product_grid', 'Picks'), block('rich_html', 'Outro')]);
    const after = page([block('hero', 'Summer sale'), block('rich_html', 'Outro'), block('product_grid', 'Picks'), block('rich_html', 'Intro')], { title: 'Summer offers' });
    expect(describeChanges(before, after)).toBe('Added Hero ‘Summer sale’; changed the title; removed 2 blocks; reordered blocks');
  });

  it('names one changed or removed block and counts several added', () => {
    const before = page([block('rich_html', 'Intro', { html: '<p>a</p>' }), block('hero', 'Top')]);
    const after = page([block('rich_html', 'Intro', { html: '<p>b</p>' }), block('image_banner', 'X'), block('image_banner', 'Y')]);
    expect(describeChanges(before, after)).toBe('Added 2 blocks; changed Text ‘Intro’; removed Hero ‘Top’');
  });

  it('follows the blocks’ order field, not only their place in the list', () => {
    const before = page([block('rich_html', 'A', {}, 0), block('rich_html', 'B', {}, 1)]);
    expect(describeChanges(before, page([block('rich_html', 'B', {}, 1), block('rich_html', 'A', {}, 0)]))).toBe('No changes');
    expect(describeChanges(before, page([block('rich_html', 'A', {}, 2), block('rich_html', 'B', {}, 1)]))).toBe('Reordered blocks');
  });

  it('says a new path, SEO, surroundings and CSS', () => {
    const before = page([]);
    expect(describeChanges(before, { ...before, url: '/monsoon', seo_title: 'Rain', show_footer: false, css: 'h1{}' })).toBe(
      'Moved the page to /monsoon; changed the SEO; changed what the page shows around it; changed the CSS',
    );
  });

  it('reads a document with problems without failing', () => {
    expect(describeChanges({ components: 'nonsense' }, { title: 3, components: [null, { type: 'hero' }] })).toBe('Added 2 blocks; changed the title');
  });
});
