import { describe, expect, it } from 'vitest';
import type { BosBrand, BosWarehouse } from '../../../contract/bos-catalogue';
import { ApiCallError } from '../../../lib/api/client';
import { apiFieldErrors, emptyForm, formBody, formOf, isDirty, listCaption, listHref, readListQuery, removeQuestion, splitTerms, usageText } from './lists';

const brand = (change: Partial<BosBrand> = {}): BosBrand => ({ id: 3, name: 'Gokul Dairy', slug: 'gokul-dairy', logo: null, products: 0, coupons: 0, ...change });
const warehouse = (change: Partial<BosWarehouse> = {}): BosWarehouse => ({ id: 1, code: 'BLR', name: 'Bengaluru', city: 'Bengaluru', pincode: '560048', packs: 0, order_lines: 0, zones: 0, ...change });

describe('the Catalogue lists', () => {
  it('keep their search and page in the address, and read back only what they can be', () => {
    expect(readListQuery(new URLSearchParams('q=%20amul%20&page=3'))).toEqual({ q: 'amul', page: 3 });
    expect(readListQuery(new URLSearchParams('page=-2&q='))).toEqual({ q: '', page: 1 });
    expect(readListQuery(new URLSearchParams('page=2.5'))).toEqual({ q: '', page: 1 });
    expect(listHref('brands', { q: 'gold leaf', page: 2 })).toBe('/bos/admin/catalogue/brands?q=gold+leaf&page=2');
    expect(listHref('synonyms', { q: '', page: 1 })).toBe('/bos/admin/catalogue/synonyms');
  });

  it('check a form with the contract’s own schema and words, before anything is sent', () => {
    expect(formBody('brands', { name: ' Amul ', slug: '', logo: '' })).toEqual({ body: { name: 'Amul', slug: '', logo: '' } });
    expect(formBody('brands', { name: '', slug: 'Not A Slug', logo: 'javascript:alert(1)' })).toEqual({
      errors: {
        name: 'Name is required',
        slug: 'Slug may hold only lower-case letters and digits, joined by single hyphens (basmati-rice)',
        logo: 'Logo must be a path of this shop (starting with /) or an http(s) address',
      },
    });
    expect(formBody('warehouses', { code: 'PN', name: 'Pune', city: 'Pune', pincode: '011001' })).toEqual({
      errors: { code: 'Code must be exactly 3 letters or digits (BLR)', pincode: 'Pincode must be 6 digits, not starting with 0' },
    });
    expect(formBody('synonyms', { terms: 'sugar, chini,\nचीनी, ' })).toEqual({ body: { terms: ['sugar', 'chini', 'चीनी'] } });
    expect(formBody('synonyms', { terms: 'sugar' })).toEqual({ errors: { terms: 'a group needs at least 2 terms' } });
    expect(formBody('synonyms', { terms: `sugar, ${'x'.repeat(41)}` })).toEqual({ errors: { terms: `“${'x'.repeat(41)}”: a term has at most 40 characters` } });
  });

  it('show the API’s field errors in the form, a term’s by the term', () => {
    const taken = new ApiCallError(409, 'Another brand already has the slug amul', { message: '…', errors: { slug: ['Another brand already has the slug amul'] } });
    expect(apiFieldErrors('brands', taken)).toEqual({ slug: 'Another brand already has the slug amul' });
    const inGroup = new ApiCallError(400, '…', { errors: { 'terms.1': ['“chini” is already in the group of “sugar”'] } });
    expect(apiFieldErrors('synonyms', inGroup, { terms: ['sweet', 'chini'] })).toEqual({ terms: '“chini” is already in the group of “sugar”' });
    expect(apiFieldErrors('brands', new Error('offline'))).toEqual({});
  });

  it('start a form from a row, and know when it has changed', () => {
    expect(formOf('brands', brand())).toEqual({ name: 'Gokul Dairy', name_hi: '', slug: 'gokul-dairy', logo: '' });
    expect(formOf('synonyms', { no: 4, terms: ['dal', 'daal'] })).toEqual({ terms: 'dal, daal' });
    expect(emptyForm('warehouses')).toEqual({ code: '', name: '', city: '', pincode: '' });
    expect(isDirty(formOf('brands', brand()), { name: 'Gokul Dairy ', slug: 'gokul-dairy', logo: '' })).toBe(false);
    expect(isDirty(formOf('brands', brand()), { name: 'Gokul', slug: 'gokul-dairy', logo: '' })).toBe(true);
    expect(splitTerms(' a ,, b\nc ')).toEqual(['a', 'b', 'c']);
  });

  it('say what uses a row, and what Remove will do before it is done', () => {
    expect(usageText('brands', brand({ products: 12, coupons: 1 }))).toBe('12 products and 1 coupon');
    expect(usageText('warehouses', warehouse({ packs: 1200, order_lines: 3, zones: 2 }))).toBe('1,200 packs, 3 order lines and 2 delivery zones');
    expect(usageText('brands', brand())).toBeNull();
    expect(removeQuestion('brands', brand({ products: 2 }))).toEqual({ can: false, title: 'Gokul Dairy is in use', text: 'Gokul Dairy is used by 2 products, so it cannot be removed. Give them another brand first.' });
    expect(removeQuestion('warehouses', warehouse())).toMatchObject({ can: true, title: 'Remove BLR (Bengaluru)?' });
    expect(removeQuestion('synonyms', { no: 1, terms: ['dal', 'daal', 'dhal', 'दाल'] })).toEqual({
      can: true,
      title: 'Remove the group “dal, daal, dhal, …”?',
      text: 'The group “dal, daal, dhal, …” will be removed. Its terms stop finding each other’s products in search at once. This cannot be undone.',
    });
    expect(listCaption('brands', 1, 'gold')).toBe('1 brand matching “gold”, by name');
  });
});
