import { describe, expect, it } from 'vitest';
import type { BosProduct } from '../../../contract/bos-products';
import {
  addImage, addPack, emptyForm, firstProblem, formFromProduct, isFormField, movePack, productBody, removePack, removeQuestion, removePackQuestion, unsaved, withName, withPack, withSlug,
  type ProductForm,
} from './form';

const OPTIONS = { warehouses: [{ id: 2, code: 'BLR', name: 'Bengaluru' }, { id: 5, code: 'MYS', name: 'Mysuru' }] };

/** A form filled in as Meera would: one pack, 1 kg at ₹45 (MRP ₹50). */
function filled(): ProductForm {
  const form = withName(emptyForm(OPTIONS), 'Sona Masoori Rice');
  return withPack({ ...form, category_id: '3', brand_id: '7' }, form.packs[0]!.key, { name: '1 kg', price: '45', mrp: '50.00', barcode: '8901234567890', opening_stock: '24' });
}

const PRODUCT: BosProduct = {
  id: 41, name: 'Toor Dal', slug: 'toor-dal', url: '/products/toor-dal', description: '<p>Unpolished.</p>', status: 'active',
  category: { id: 3, name: 'Dals' }, brand: { id: 7, name: 'Tata Sampann' }, supplier: null, images: [{ src: '/media/a.webp' }],
  packs: [
    { id: 9, name: '1 kg', price: 16500, mrp: 18000, max_per_order: 5, barcode: null, active: true, warehouse_id: 2, stock: [{ warehouse_id: 2, warehouse_name: 'Bengaluru', level: 12 }], position: 2 },
    { id: 8, name: '500 g', price: 8550, mrp: 9000, max_per_order: 10, barcode: '8901234567890', active: true, warehouse_id: 2, stock: [{ warehouse_id: 2, warehouse_name: 'Bengaluru', level: 3 }], position: 1 },
  ],
  old_slugs: [], on_orders: true, created_at: '2026-01-02T03:04:05Z', updated_at: '2026-02-03T04:05:06Z',
};

describe('the product form', () => {
  it('suggests the slug from the name until the slug is typed, and again once it is emptied', () => {
    let form = withName(emptyForm(OPTIONS), 'Aashirvaad Atta – 5 kg');
    expect(form.slug).toBe('aashirvaad-atta-5-kg');
    form = withSlug(form, 'atta-5kg');
    form = withName(form, 'Aashirvaad Whole Wheat Atta');
    expect(form.slug).toBe('atta-5kg');
    form = withSlug(form, '');
    expect(form.slug).toBe('aashirvaad-whole-wheat-atta');
    // A saved product keeps its slug when renamed: its address changes only when someone types a new one.
    expect(withName(formFromProduct(PRODUCT), 'Toor Dal Unpolished').slug).toBe('toor-dal');
  });

  it('makes the create body in paise, the new pack with its warehouse and opening stock', () => {
    expect(productBody(filled())).toEqual({
      body: {
        name: 'Sona Masoori Rice', slug: 'sona-masoori-rice', description: '', name_hi: '', description_hi: '', category_id: 3, brand_id: 7, supplier_id: null, images: [], status: 'active',
        packs: [{ name: '1 kg', name_hi: '', price: 4500, mrp: 5000, max_per_order: 10, barcode: '8901234567890', active: true, warehouse_id: 2, opening_stock: 24 }],
      },
    });
  });

  it('reads a saved product back: packs in their order, rupees as typed, and the same body again with its updated_at', () => {
    const form = formFromProduct(PRODUCT);
    expect(form.packs.map((p) => [p.name, p.price, p.mrp])).toEqual([['500 g', '85.50', '90'], ['1 kg', '165', '180']]);
    const built = productBody(form, PRODUCT.updated_at);
    expect('body' in built && built.body.packs).toEqual([
      { id: 8, name: '500 g', name_hi: '', price: 8550, mrp: 9000, max_per_order: 10, barcode: '8901234567890', active: true, warehouse_id: 2 },
      { id: 9, name: '1 kg', name_hi: '', price: 16500, mrp: 18000, max_per_order: 5, barcode: null, active: true, warehouse_id: 2 },
    ]);
    expect('body' in built && built.body.updated_at).toBe(PRODUCT.updated_at);
    expect(unsaved(form, formFromProduct(PRODUCT))).toBe(false);
  });

  it('says every problem under its field before anything is sent, by the contract’s rules', () => {
    const form = filled();
    const key = form.packs[0]!.key;
    const wrong = withPack({ ...form, name: ' ', slug: 'Not A Slug', category_id: '' }, key, { price: '60', barcode: '8901234567893', max_per_order: '0', opening_stock: '-2' });
    expect(productBody(wrong)).toEqual({
      problems: {
        name: 'Enter the product’s name',
        slug: 'Use lower-case letters, digits and single hyphens, like basmati-rice-5-kg',
        category_id: 'Choose a category',
        'packs.0.price': 'Price cannot be more than the MRP',
        'packs.0.max_per_order': 'Maximum per order is a whole number from 1 to 50',
        'packs.0.barcode': 'Barcode check digit is wrong: check the number on the pack',
        'packs.0.opening_stock': 'The opening stock cannot be less than 0',
      },
    });
    expect(productBody(withPack(form, key, { name: '', price: 'abc', mrp: '' }))).toEqual({
      problems: { 'packs.0.name': 'Name the pack, like 1 kg or 500 g', 'packs.0.price': 'Write the price as rupees, like 45 or 45.50', 'packs.0.mrp': 'Enter the MRP in rupees' },
    });
    expect(productBody(removePack(form, key))).toEqual({ problems: { packs: 'A product needs at least one pack' } });
    expect(productBody({ ...form, description: `<p>${'a'.repeat(20_000)}</p>` })).toEqual({ problems: { description: 'The description is too long (at most 20,000 characters of HTML)' } });
  });

  it('finds the first problem in the form’s order, and knows which problems have a field', () => {
    const form = addPack(filled(), OPTIONS);
    expect(firstProblem({ 'packs.1.price': 'x', brand_id: 'y', 'packs.0.barcode': 'z' }, form)).toBe('brand_id');
    expect(firstProblem({ 'packs.1.price': 'x', 'packs.0.barcode': 'z' }, form)).toBe('packs.0.barcode');
    expect(isFormField('packs.3.barcode')).toBe(true);
    expect(isFormField('updated_at')).toBe(false);
    expect(isFormField('packs.0.id')).toBe(false);
  });

  it('adds, moves and removes packs, and tells unsaved changes from none', () => {
    const start = formFromProduct(PRODUCT);
    const added = addPack(start, OPTIONS);
    expect(added.packs).toHaveLength(3);
    expect(added.packs[2]).toMatchObject({ warehouse_id: '2', opening_stock: '0', max_per_order: '10' });
    expect(added.packs[2]!.id).toBeUndefined();
    expect(unsaved(added, start)).toBe(true);
    const moved = movePack(start, 1, 0);
    expect(moved.packs.map((p) => p.id)).toEqual([9, 8]);
    expect(unsaved(moved, start)).toBe(true);
    expect(unsaved(movePack(moved, 0, 1), start)).toBe(false);
    expect(movePack(start, 0, 5)).toBe(start);
    // Only what is sent counts: a name typed with a space more is no change.
    expect(unsaved({ ...start, name: 'Toor Dal ' }, start)).toBe(false);
    expect(unsaved(addImage(start, '/media/b.webp'), start)).toBe(true);
    expect(addImage(start, '/media/a.webp')).toBe(start);
  });

  it('says exactly what removing a pack and hiding or deleting the product will do', () => {
    const form = formFromProduct(PRODUCT);
    expect(removePackQuestion(form.packs[0]!, 0)).toMatch(/^Remove “500 g” when you save the product\?.*If orders hold it, the shop refuses: make it inactive instead\.$/);
    expect(removePackQuestion(addPack(form, OPTIONS).packs[2]!, 2)).toBe('Remove pack 3? It has not been saved yet, so nothing else changes.');
    expect(removeQuestion(PRODUCT)).toMatchObject({ title: 'Hide product', confirm: 'Hide Toor Dal' });
    expect(removeQuestion(PRODUCT).message).toContain('Orders hold “Toor Dal”, so it is hidden rather than deleted');
    expect(removeQuestion({ ...PRODUCT, on_orders: false })).toMatchObject({ title: 'Delete product', confirm: 'Delete Toor Dal' });
    expect(removeQuestion({ ...PRODUCT, on_orders: false }).message).toContain('This cannot be undone.');
  });
});
