import { describe, expect, it } from 'vitest';
import { barcodeProblem, BosPackBody, BosPackQuickBody, BosProductBody, BosStockBody, ean13CheckDigit, isEan13, isSlug, priceProblem, slugify } from './bos-products';

describe('EAN-13', () => {
  it('computes the check digit of known barcodes', () => {
    // 4006381333931 (Stabilo), 8901058000290 (an Indian GS1 prefix, 890), 5901234123457 (GS1's example).
    expect(ean13CheckDigit('400638133393')).toBe(1);
    expect(ean13CheckDigit('890105800029')).toBe(0);
    expect(ean13CheckDigit('590123412345')).toBe(7);
  });

  it('accepts a barcode with the right check digit and refuses any other last digit', () => {
    expect(isEan13('4006381333931')).toBe(true);
    const wrong = [0, 2, 3, 4, 5, 6, 7, 8, 9].map((d) => `400638133393${d}`);
    expect(wrong.filter(isEan13)).toEqual([]);
  });

  it('refuses what is not 13 digits, with the reason', () => {
    expect(barcodeProblem('')).toBeNull();
    expect(barcodeProblem('4006381333931')).toBeNull();
    expect(barcodeProblem('400638133393')).toBe('Barcode must be 13 digits (EAN-13)');
    expect(barcodeProblem('40063813339a1')).toBe('Barcode must be digits only');
    expect(barcodeProblem('4006381333932')).toMatch(/check digit/);
    expect(isEan13('40063813339311')).toBe(false);
  });

  it('takes only 12 digits to compute', () => {
    expect(() => ean13CheckDigit('12345')).toThrow();
  });
});

describe('slugs', () => {
  it('makes a slug of a name', () => {
    expect(slugify('Aashirvaad Atta, 5 kg')).toBe('aashirvaad-atta-5-kg');
    expect(slugify('  Crème Brûlée  ')).toBe('creme-brulee');
    expect(slugify('हल्दी')).toBe('');
    expect(slugify('a'.repeat(130) + ' b').length).toBeLessThanOrEqual(120);
    expect(slugify(`${'a'.repeat(119)} b`)).toBe('a'.repeat(119));
  });

  it('judges a slug', () => {
    expect(isSlug('toor-dal-1kg')).toBe(true);
    expect(isSlug('Toor-Dal')).toBe(false);
    expect(isSlug('toor--dal')).toBe(false);
    expect(isSlug('-toor')).toBe(false);
    expect(isSlug('a'.repeat(121))).toBe(false);
  });
});

describe('pack rules', () => {
  const pack = { name: '1 kg', price: 9000, mrp: 10000, warehouse_id: 1 };

  it('refuses a price above the MRP, on the price', () => {
    expect(priceProblem(10001, 10000)).toBe('Price cannot be more than the MRP');
    expect(priceProblem(10000, 10000)).toBeNull();
    const parsed = BosPackBody.safeParse({ ...pack, price: 10001 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['price', 'Price cannot be more than the MRP']]);
  });

  it('takes paise as whole numbers only, and bounds the maximum per order', () => {
    expect(BosPackBody.safeParse({ ...pack, price: 90.5 }).success).toBe(false);
    expect(BosPackBody.safeParse({ ...pack, price: 0 }).success).toBe(false);
    expect(BosPackBody.safeParse({ ...pack, max_per_order: 0 }).success).toBe(false);
    expect(BosPackBody.safeParse({ ...pack, max_per_order: 51 }).success).toBe(false);
    expect(BosPackBody.parse(pack)).toMatchObject({ max_per_order: 10, active: true });
  });

  it('refuses a barcode with a wrong check digit and takes an empty one as none', () => {
    expect(BosPackBody.safeParse({ ...pack, barcode: '4006381333932' }).success).toBe(false);
    expect(BosPackBody.safeParse({ ...pack, barcode: '' }).success).toBe(true);
    expect(BosPackBody.safeParse({ ...pack, barcode: null }).success).toBe(true);
  });

  it('takes opening stock only for a new pack', () => {
    expect(BosPackBody.safeParse({ ...pack, opening_stock: 5 }).success).toBe(true);
    expect(BosPackBody.safeParse({ ...pack, id: 3, opening_stock: 5 }).success).toBe(false);
  });
});

describe('the product body', () => {
  const body = { name: 'Toor dal', category_id: 1, brand_id: 1, packs: [{ name: '1 kg', price: 9000, mrp: 10000, warehouse_id: 1 }] };

  it('needs a pack, and each pack once', () => {
    expect(BosProductBody.safeParse({ ...body, packs: [] }).success).toBe(false);
    const twice = BosProductBody.safeParse({ ...body, packs: [{ ...body.packs[0], id: 4 }, { ...body.packs[0], id: 4 }] });
    expect(twice.error?.issues.map((i) => i.path.join('.'))).toEqual(['packs.1.id']);
  });

  it('refuses a slug that is not lower-case words with hyphens, and an unsafe image address', () => {
    expect(BosProductBody.safeParse({ ...body, slug: 'Toor Dal' }).success).toBe(false);
    expect(BosProductBody.safeParse({ ...body, slug: 'toor-dal' }).success).toBe(true);
    expect(BosProductBody.safeParse({ ...body, images: [{ src: 'javascript:alert(1)' }] }).success).toBe(false);
    expect(BosProductBody.safeParse({ ...body, images: [{ src: '/media/abc-800.webp' }] }).success).toBe(true);
  });
});

describe('stock entries', () => {
  const entry = { pack_id: 1, warehouse_id: 1 };

  it('takes a change or, for a count, the level', () => {
    expect(BosStockBody.safeParse({ ...entry, reason: 'received', change: 5 }).success).toBe(true);
    expect(BosStockBody.safeParse({ ...entry, reason: 'count', level: 12 }).success).toBe(true);
    expect(BosStockBody.safeParse({ ...entry, reason: 'count', change: -2 }).success).toBe(true);
    expect(BosStockBody.safeParse({ ...entry, reason: 'count' }).success).toBe(false);
    expect(BosStockBody.safeParse({ ...entry, reason: 'count', level: 1, change: 1 }).success).toBe(false);
    expect(BosStockBody.safeParse({ ...entry, reason: 'received', level: 12 }).success).toBe(false);
    expect(BosStockBody.safeParse({ ...entry, reason: 'count', level: -1 }).success).toBe(false);
  });

  it('holds damage and receipts to their direction, and refuses a change of 0 or a reason staff may not enter', () => {
    expect(BosStockBody.safeParse({ ...entry, reason: 'damage', change: 2 }).success).toBe(false);
    expect(BosStockBody.safeParse({ ...entry, reason: 'damage', change: -2 }).success).toBe(true);
    expect(BosStockBody.safeParse({ ...entry, reason: 'received', change: -2 }).success).toBe(false);
    expect(BosStockBody.safeParse({ ...entry, reason: 'received', change: 0 }).success).toBe(false);
    expect(BosStockBody.safeParse({ ...entry, reason: 'order', change: -1 }).success).toBe(false);
  });

  it('quick edit needs something to change', () => {
    expect(BosPackQuickBody.safeParse({}).success).toBe(false);
    expect(BosPackQuickBody.safeParse({ level: 0 }).success).toBe(true);
  });
});
