import { describe, expect, it } from 'vitest';
import type { BosBrand, BosBrandList, BosCategory, BosCategoryTree } from '../../../contract/bos-catalogue';
import { ApiCallError } from '../../../lib/api/client';
import { $list, removeRow, saveRow, seedList, showList, type CatalogueListApi } from './list-store';
import { $tree, moveCategory, removeCategory, removeCategoryQuestion, saveCategory, seedTree, type TreeApi } from './tree-store';

const brand = (id: number, name = `Brand ${id}`): BosBrand => ({ id, name, slug: `brand-${id}`, logo: null, products: 0, coupons: 0 });
const page = (ids: number[], total = ids.length): BosBrandList => ({ data: ids.map((id) => brand(id)), meta: { total } });

/** A fake of the list calls: each answers from `answers`, and every call is noted. */
function fakeList(answers: Partial<CatalogueListApi>) {
  const asked: unknown[] = [];
  const refuse = () => Promise.reject(new Error('not in this test'));
  const client = new Proxy({} as CatalogueListApi, {
    get: (_, name: string) => (...args: unknown[]) => (asked.push([name, ...args]), ((answers as Record<string, (...a: unknown[]) => unknown>)[name] ?? refuse)(...args)),
  });
  return { client, asked };
}

describe('a Catalogue list’s store', () => {
  it('searches from page 1 as a new history entry, and drops an answer that comes after a newer question', async () => {
    seedList({ kind: 'brands', query: { q: '', page: 3 }, list: page([1], 41) });
    const seen: [string, string][] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = fakeList({ bosBrands: async () => (await gate, page([5])) });
    const quick = fakeList({ bosBrands: async () => page([7], 1) });
    const first = showList(slow.client, { q: 'gok' }, { remember: (h, how) => seen.push([h, how]) });
    await showList(quick.client, { q: 'gokul' }, { remember: (h, how) => seen.push([h, how]) });
    release();
    await first;
    expect(seen).toEqual([['/bos/admin/catalogue/brands?q=gok', 'push'], ['/bos/admin/catalogue/brands?q=gokul', 'push']]);
    expect(slow.asked).toEqual([['bosBrands', { q: 'gok', page: 1, perPage: 20 }]]);
    expect($list.get()!.list.data.map((b) => (b as BosBrand).id)).toEqual([7]);
    expect($list.get()!.query).toEqual({ q: 'gokul', page: 1 });
  });

  it('saves only a form that passes the contract, shows the API’s field errors, and reports a save', async () => {
    seedList({ kind: 'brands', query: { q: '', page: 1 }, list: page([1]) });
    const { client, asked } = fakeList({
      bosCreateBrand: async (body) => {
        if (body.slug === 'taken') throw new ApiCallError(409, 'Another brand already has the slug taken', { errors: { slug: ['Another brand already has the slug taken'] } });
        return brand(9, body.name);
      },
      bosBrands: async () => page([1, 9]),
    });
    expect(await saveRow(client, null, { name: '', slug: '', logo: '' }, () => {})).toEqual({ name: 'Name is required' });
    expect(asked).toEqual([]);
    expect(await saveRow(client, null, { name: 'Amul', slug: 'taken', logo: '' }, () => {})).toEqual({ slug: 'Another brand already has the slug taken' });
    expect(await saveRow(client, null, { name: 'Amul', slug: '', logo: '' }, () => {})).toBeNull();
    expect($list.get()!.report).toEqual({ tone: 'success', text: 'Amul added.' });
    expect($list.get()!.list.data.map((b) => (b as BosBrand).id)).toEqual([1, 9]);
  });

  it('says a refused removal in the API’s words and loads the page again; an emptied page shows the one before', async () => {
    seedList({ kind: 'brands', query: { q: '', page: 2 }, list: page([21], 21) });
    let total = 21;
    const { client } = fakeList({
      bosRemoveBrand: async (id) => {
        if (id === 21) throw new ApiCallError(409, 'Brand 21 is used by 2 products: give them another brand first', { in_use: { products: 2 } });
        total -= 1;
        return { message: `Brand ${id} removed` };
      },
      bosBrands: async (q) => (q?.page === 2 ? (total > 20 ? page([21], total) : page([], total)) : page([1, 2], total)),
    });
    await removeRow(client, brand(21), () => {});
    expect($list.get()!.report).toEqual({ tone: 'error', text: 'Not removed: Brand 21 is used by 2 products: give them another brand first' });
    await removeRow(client, brand(5), () => {});
    expect($list.get()!.report).toEqual({ tone: 'success', text: 'Brand 5 removed.' });
    expect($list.get()!.query.page).toBe(1);
  });
});

const c = (id: number, name: string, parent_id: number | null, position: number, change: Partial<BosCategory> = {}): BosCategory => ({ id, name, parent_id, position, slug: name.toLowerCase(), avatar: null, products: 0, coupons: 0, ...change });
const tree = (data: BosCategory[]): BosCategoryTree => ({ data, meta: { total: data.length, max_depth: 5, max_categories: 1000 } });

describe('the category tree’s store', () => {
  const before = tree([c(1, 'Staples', null, 0), c(2, 'Rice', 1, 0), c(3, 'Dairy', null, 1)]);

  it('moves with one call, shows the tree the API answers and says where the category is now; a refusal reloads the tree', async () => {
    seedTree(before);
    const after = tree([c(1, 'Staples', null, 0), c(3, 'Dairy', null, 1), c(2, 'Rice', 3, 0)]);
    const calls: unknown[] = [];
    const client: TreeApi = {
      bosMoveCategory: async (body) => (calls.push(body), after),
      bosCategories: async () => before,
      bosCreateCategory: async () => c(9, 'New', null, 2),
      bosUpdateCategory: async () => c(1, 'Staples', null, 0),
      bosRemoveCategory: async () => ({ message: 'removed' }),
    };
    expect(await moveCategory(client, { id: 2, parent_id: 1, position: 0 })).toBe(false);
    expect(calls).toEqual([]);
    expect(await moveCategory(client, { id: 2, parent_id: 3, position: 0 })).toBe(true);
    expect($tree.get()!.tree).toEqual(after);
    expect($tree.get()!.report).toEqual({ tone: 'success', text: 'Moved: Rice is under Dairy, 1 of 1.' });

    const refusing: TreeApi = { ...client, bosMoveCategory: async () => Promise.reject(new ApiCallError(422, 'A category cannot go inside one of its own subcategories', {})) };
    expect(await moveCategory(refusing, { id: 2, parent_id: null, position: 0 })).toBe(false);
    expect($tree.get()!.report).toEqual({ tone: 'error', text: 'Not moved: A category cannot go inside one of its own subcategories' });
    expect($tree.get()!.tree).toEqual(before);
  });

  it('saves the form only when it passes, with the API’s field errors by field', async () => {
    seedTree(before);
    const client: TreeApi = {
      bosMoveCategory: async () => before,
      bosCategories: async () => tree([...before.data, c(9, 'Pickles', 1, 1)]),
      bosCreateCategory: async (body) => {
        if (body.slug === 'rice') throw new ApiCallError(409, 'Another category already has the slug rice', { errors: { slug: ['Another category already has the slug rice'] } });
        return c(9, body.name, body.parent_id ?? null, 1);
      },
      bosUpdateCategory: async () => before.data[0]!,
      bosRemoveCategory: async () => ({ message: 'removed' }),
    };
    expect(await saveCategory(client, null, { name: 'Pickles', name_hi: '', slug: 'Bad Slug', parent: '', avatar: 'ftp://x' })).toEqual({
      slug: 'Slug may hold only lower-case letters and digits, joined by single hyphens (basmati-rice)',
      avatar: 'Image must be a path of this shop (starting with /) or an http(s) address',
    });
    expect(await saveCategory(client, null, { name: 'Pickles', name_hi: '', slug: 'rice', parent: '1', avatar: '' })).toEqual({ slug: 'Another category already has the slug rice' });
    expect(await saveCategory(client, null, { name: 'Pickles', name_hi: '', slug: '', parent: '1', avatar: '' })).toBeNull();
    expect($tree.get()!.report).toEqual({ tone: 'success', text: 'Pickles added under Staples.' });
  });

  it('asks before removing: refused while coupons name it, where its things go when it holds some, else only a yes', async () => {
    const list = before.data;
    expect(removeCategoryQuestion(c(3, 'Dairy', null, 1, { coupons: 1 }), list)).toEqual({ kind: 'refused', title: 'Dairy cannot be removed', text: '1 coupon is limited to Dairy. Change it in Coupons first.' });
    expect(removeCategoryQuestion(c(1, 'Staples', null, 0, { products: 3 }), list)).toEqual({
      kind: 'move',
      title: 'Remove Staples?',
      text: 'Staples holds 3 products and 1 subcategory. Choose where they go, then remove it. This cannot be undone.',
    });
    expect(removeCategoryQuestion(list[2]!, list).kind).toBe('confirm');

    seedTree(before);
    const removed: unknown[] = [];
    const client: TreeApi = {
      bosMoveCategory: async () => before,
      bosCategories: async () => tree(list.filter((x) => x.id !== 1)),
      bosCreateCategory: async () => list[0]!,
      bosUpdateCategory: async () => list[0]!,
      bosRemoveCategory: async (id, moveTo) => (removed.push([id, moveTo]), { message: 'Staples removed; 3 products and 1 subcategory moved to Dairy' }),
    };
    await removeCategory(client, list[0]!, 3);
    expect(removed).toEqual([[1, 3]]);
    expect($tree.get()!.report).toEqual({ tone: 'success', text: 'Staples removed; 3 products and 1 subcategory moved to Dairy.' });
    expect($tree.get()!.tree.data.map((x) => x.id)).toEqual([2, 3]);
  });
});
