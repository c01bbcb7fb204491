import { describe, expect, it } from 'vitest';
import { localized, toBrand, toCategoryTree, toNavTree } from './map';
import { queryString } from '../lib/api/client';
import { patterns } from '../contract/validation';

const cat = (id: number, parent_id: number | null, name: string, name_hi: string | null = null) => ({ id, parent_id, name, name_hi, slug: name.toLowerCase(), avatar: null, position: id });

describe('tree mapping', () => {
  it('nests categories whatever the row order, with /products?c= links', () => {
    const tree = toCategoryTree([cat(3, 2, 'Basmati'), cat(1, null, 'Staples'), cat(2, 1, 'Rice')]);
    expect(tree).toHaveLength(1);
    expect(tree[0]!.children[0]!.children[0]).toMatchObject({ name: 'Basmati', link: '/products?c=basmati' });
  });

  it('names categories in Hindi for a Hindi answer, in English where none is given or for an English one', () => {
    const rows = [cat(1, null, 'Staples', 'राशन'), cat(2, 1, 'Rice')];
    expect(toCategoryTree(rows, 'hi').map((c) => [c.name, c.children[0]!.name])).toEqual([['राशन', 'Rice']]);
    expect(toCategoryTree(rows, 'en')[0]!.name).toBe('Staples');
    expect(toCategoryTree(rows)[0]!.name).toBe('Staples');
  });

  it('picks a name by the language: Hindi only when asked and given (blank counts as none)', () => {
    expect(localized('hi', 'Toor Dal', 'अरहर दाल')).toBe('अरहर दाल');
    expect(localized('en', 'Toor Dal', 'अरहर दाल')).toBe('Toor Dal');
    expect(localized('hi', 'Toor Dal', null)).toBe('Toor Dal');
    expect(localized('hi', 'Toor Dal', '  ')).toBe('Toor Dal');
    expect(toBrand({ id: 1, name: 'Tata', name_hi: 'टाटा', slug: 'tata', logo: null }, 'hi').name).toBe('टाटा');
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
