import { describe, expect, it } from 'vitest';
import type { BosProductBody } from '../../../contract/bos-products';
import { ApiCallError } from '../../../lib/api/client';
import { createProductEditor, shownProblems, type EditorApi } from './editor-store';
import { product } from './fixtures';
import { emptyForm, formFromProduct, withName, withPack, withSlug } from './form';

const OPTIONS = { warehouses: [{ id: 2, code: 'BLR', name: 'Bengaluru' }] };

function fake(answers: Partial<EditorApi>) {
  const asked: unknown[] = [];
  const client: EditorApi = {
    bosProduct: async (id) => (asked.push(['get', id]), answers.bosProduct!(id)),
    bosCreateProduct: async (body) => (asked.push(['create', body]), answers.bosCreateProduct!(body)),
    bosSaveProduct: async (id, body) => (asked.push(['save', id, body]), answers.bosSaveProduct!(id, body)),
    bosRemoveProduct: async (id) => (asked.push(['remove', id]), answers.bosRemoveProduct!(id)),
  };
  return { client, asked };
}

describe('the product form’s store', () => {
  it('sends nothing while the rules find problems, and judges them again as they are corrected', async () => {
    const { client, asked } = fake({});
    const editor = createProductEditor(client, { product: null, form: emptyForm(OPTIONS) });
    const problems = await editor.save(() => {});
    expect(asked).toEqual([]);
    expect(problems).toMatchObject({ name: 'Enter the product’s name', category_id: 'Choose a category', 'packs.0.price': 'Enter the price in rupees' });
    expect(editor.$state.get().report).toEqual({ tone: 'error', text: 'The product is not saved: correct the fields marked.' });
    editor.change(withName(editor.$state.get().form, 'Poha'));
    expect(shownProblems(editor.$state.get()).name).toBeUndefined();
    expect(shownProblems(editor.$state.get()).category_id).toBe('Choose a category');
    expect(editor.$state.get().report?.tone).toBe('error');
    let form = { ...editor.$state.get().form, category_id: '3', brand_id: '7' };
    form = withPack(form, form.packs[0]!.key, { name: '500 g', price: '42', mrp: '50' });
    editor.change(form);
    expect(shownProblems(editor.$state.get())).toEqual({});
    expect(editor.$state.get().report).toBeNull();
  });

  it('creates a product and goes to its page; a slug the API refuses stays on the slug until it is changed', async () => {
    const made = product({ id: 77, name: 'Poha', slug: 'poha', url: '/products/poha' });
    let taken = true;
    const { client, asked } = fake({
      bosCreateProduct: async (body: BosProductBody) => {
        if (taken) throw new ApiCallError(409, 'Another product has this address', { errors: { slug: ['Another product has this address (/products/poha)'] } });
        return { ...made, name: body.name };
      },
    });
    let form = withName(emptyForm(OPTIONS), 'Poha');
    form = withPack({ ...form, category_id: '3', brand_id: '7' }, form.packs[0]!.key, { name: '500 g', price: '42', mrp: '50' });
    const editor = createProductEditor(client, { product: null, form });
    const went: string[] = [];
    expect(await editor.save((href) => went.push(href))).toEqual({ slug: 'Another product has this address (/products/poha)' });
    expect(editor.$state.get().conflict).toBeNull();
    editor.change({ ...editor.$state.get().form, description: '<p>Thick</p>' });
    expect(shownProblems(editor.$state.get()).slug).toBe('Another product has this address (/products/poha)');
    editor.change(withSlug(editor.$state.get().form, 'poha-thick'));
    expect(shownProblems(editor.$state.get()).slug).toBeUndefined();
    taken = false;
    expect(await editor.save((href) => went.push(href))).toBeNull();
    expect(asked[1]).toMatchObject(['create', { name: 'Poha', slug: 'poha-thick', description: '<p>Thick</p>', category_id: 3, brand_id: 7, packs: [{ name: '500 g', price: 4200, mrp: 5000, opening_stock: 0 }] }]);
    expect(went).toEqual(['/bos/admin/products/77?created=1']);
    expect(editor.unsaved()).toBe(false);
  });

  it('sends the updated_at it read, and says a save someone else made first without losing what is typed', async () => {
    const saved = product();
    const { client, asked } = fake({
      bosSaveProduct: async () => {
        throw new ApiCallError(409, 'Someone saved this product at 10:32 AM', { message: 'Someone saved this product at 10:32 AM' });
      },
    });
    const editor = createProductEditor(client, { product: saved, form: formFromProduct(saved) });
    editor.change({ ...editor.$state.get().form, name: 'Toor Dal Unpolished' });
    await editor.save(() => {});
    expect(asked[0]).toMatchObject(['save', 41, { name: 'Toor Dal Unpolished', updated_at: saved.updated_at }]);
    expect(editor.$state.get().conflict).toBe('Someone saved this product at 10:32 AM Your changes are not saved: copy what you need, then reload to see the product as it is now.');
    expect(editor.$state.get().form.name).toBe('Toor Dal Unpolished');
    expect(editor.unsaved()).toBe(true);
  });

  it('puts the API’s field errors on the pack fields they name, and anything else on top', async () => {
    const saved = product();
    const { client } = fake({
      bosSaveProduct: async () => {
        throw new ApiCallError(409, 'Orders hold the pack 1 kg', { errors: { 'packs.0.barcode': ['Another pack has this barcode'], updated_at: ['Not a time'] } });
      },
    });
    const editor = createProductEditor(client, { product: saved, form: formFromProduct(saved) });
    await editor.save(() => {});
    expect(shownProblems(editor.$state.get())).toEqual({ 'packs.0.barcode': 'Another pack has this barcode', _: 'Not a time' });
  });

  it('hides a product orders hold: its status follows, read again from the API', async () => {
    const saved = product({ on_orders: true });
    const { client, asked } = fake({
      bosRemoveProduct: async () => ({ outcome: 'hidden', message: 'Toor Dal is hidden: orders hold it.' }),
      bosProduct: async () => product({ on_orders: true, status: 'hidden', updated_at: '2026-03-01T00:00:00Z' }),
    });
    const editor = createProductEditor(client, { product: saved, form: formFromProduct(saved) });
    const went: string[] = [];
    expect(await editor.remove((href) => went.push(href))).toEqual({ outcome: 'hidden', message: 'Toor Dal is hidden: orders hold it.' });
    expect(asked).toEqual([['remove', 41], ['get', 41]]);
    expect(went).toEqual([]);
    expect(editor.$state.get().product).toMatchObject({ status: 'hidden', updated_at: '2026-03-01T00:00:00Z' });
    expect(editor.$state.get().form.status).toBe('hidden');
    expect(editor.unsaved()).toBe(false);
    expect(editor.$state.get().report).toEqual({ tone: 'success', text: 'Toor Dal is hidden: orders hold it.' });
  });
});
