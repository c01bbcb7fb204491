import { describe, expect, it } from 'vitest';
import { toCategoryTree, toNavTree } from './map';
import { queryString } from '../lib/api/client';
import { patterns } from '../contract/validation';

const cat = (id: number, parent_id: number | null, name: string) => ({ id, parent_id, name, slug: name.toLowerCase(), avatar: null, position: id });

describe('tree mapping', () => {
  it('nests categories whatever the row order, with /products?c= links', () => {
    const tree = toCategoryTree([cat(3, 2, 'Basmati'), cat(1, null, 'Staples'), cat(2, 1, 'Rice')]);
    expect(tree).toHaveLength(1);
    expect(tree[0]!.children[0]!.children[0]).toMatchObject({ name: 'Basmati', link: '/products?c=basmati' });
  });

  it('gives the /categories navigation item the category tree as children', () => {
    const categories = toCategoryTree([cat(1, null, 'Staples'), cat(2, 1, 'Rice')]);
    const nav = toNavTree(
      [
        { id: 1, website_id: 1, kind: 'nav', parent_id: null, group_no: 0, name: 'Shop', icon: null, show_icon: 0, link: '/categories', value: '/categories', image: null, slug: null, position: 0 },
        { id: 2, website_id: 1, kind: 'nav', parent_id: null, group_no: 0, name: 'About', icon: null, show_icon: 0, link: '/about', value: '/about', image: null, slug: null, position: 1 },
      ],
      categories,
    );
    expect(nav[0]!.children.map((c) => c.name)).toEqual(['Staples']);
    expect(nav[0]!.children[0]!.children[0]!.link).toBe('/products?c=rice');
    expect(nav[1]!.children).toEqual([]);
  });
});

describe('queryString', () => {
  it('leaves out empty values and page 1, as the products call does', () => {
    expect(queryString({ page: 1, perPage: 24, q: '', c: undefined })).toBe('?perPage=24');
    expect(queryString({ page: 2, q: 'atta & dal' })).toBe('?page=2&q=atta+%26+dal');
    expect(queryString({})).toBe('');
  });
});

describe('patterns used by the contract', () => {
  it('accepts Indian pincodes and phones and refuses near misses', () => {
    expect(patterns.pincode.test('560001')).toBe(true);
    expect(patterns.pincode.test('060001')).toBe(false);
    expect(patterns.pincode.test('56001')).toBe(false);
    expect(patterns.phone.test('9876500001')).toBe(true);
    expect(patterns.phone.test('5876500001')).toBe(false);
    expect(patterns.warehouseCode.test('BLR')).toBe(true);
    expect(patterns.warehouseCode.test('BL-')).toBe(false);
  });
});
