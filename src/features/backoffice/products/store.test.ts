import { describe, expect, it } from 'vitest';
import type { BosPackQuickBody, BosProductQuery } from '../../../contract/bos-products';
import { ApiCallError } from '../../../lib/api/client';
import { list, pack, row } from './fixtures';
import { DEFAULT_QUERY } from './list';
import { $products, saveRow, seedProducts, showProducts, typeCell, undoRow, unsavedRows, type ProductsApi } from './store';

function fake(answers: Partial<ProductsApi> = {}) {
  const asked: unknown[] = [];
  const client: ProductsApi = {
    bosProducts: async (q?: Partial<BosProductQuery>) => (asked.push(['list', q]), answers.bosProducts!(q)),
    bosQuickEditPack: async (id: number, body: BosPackQuickBody) => (asked.push(['pack', id, body]), answers.bosQuickEditPack!(id, body)),
  };
  return { client, asked };
}

describe('the products list’s store', () => {
  it('saves a counted row as a level, shows the saved pack and says so quietly', async () => {
    seedProducts({ query: DEFAULT_QUERY, list: list([row(1, [pack(9), pack(10, { name: '5 kg' })])]) });
    const { client, asked } = fake({ bosQuickEditPack: async (id, body) => pack(id, { stock: [{ warehouse_id: 2, warehouse_name: 'Bengaluru', level: body.level! }] }) });
    typeCell(9, 'level', '7');
    expect(unsavedRows()).toEqual([9]);
    await saveRow(client, 9);
    expect(asked).toEqual([['pack', 9, { level: 7 }]]);
    const state = $products.get()!;
    expect(state.list.data[0]!.packs[0]!.stock[0]!.level).toBe(7);
    expect(state.edits[9]).toBeUndefined();
    expect(state.said[9]).toBe('Saved: stock 7');
    expect(unsavedRows()).toEqual([]);
  });

  it('keeps a refused row’s typing with the API’s words on its field, and sends nothing for what is wrong or unchanged', async () => {
    seedProducts({ query: DEFAULT_QUERY, list: list([row(1, [pack(9)])]) });
    const { client, asked } = fake({
      bosQuickEditPack: async () => {
        throw new ApiCallError(400, 'Price is too high (at most ₹1000000)', { errors: { price: ['Price is too high (at most ₹1000000)'] } });
      },
    });
    typeCell(9, 'price', '12');
    typeCell(9, 'mrp', 'x');
    await saveRow(client, 9);
    expect($products.get()!.edits[9]).toMatchObject({ state: 'refused', problem: { field: 'mrp', message: 'Write the MRP as rupees, like 45 or 45.50' } });
    typeCell(9, 'mrp', '50');
    await saveRow(client, 9);
    expect(asked).toEqual([['pack', 9, { price: 1200 }]]);
    expect($products.get()!.edits[9]).toEqual({ typed: { price: '12', mrp: '50' }, state: 'refused', problem: { field: 'price', message: 'Price is too high (at most ₹1000000)' } });
    undoRow(9);
    typeCell(9, 'level', '12');
    await saveRow(client, 9);
    expect(asked).toHaveLength(1);
    expect($products.get()!.edits[9]).toBeUndefined();
  });

  it('keeps the address in step, starts a new filter at page 1, and drops an answer to an older question', async () => {
    seedProducts({ query: { ...DEFAULT_QUERY, page: 3 }, list: list([], 100) });
    const late: ((value: ReturnType<typeof list>) => void)[] = [];
    const { client, asked } = fake({ bosProducts: (q) => new Promise((resolve) => late.push((v) => resolve(v))).then((v) => (q?.q === 'rice' ? list([row(2, [pack(20)])]) : (v as ReturnType<typeof list>))) });
    const hrefs: string[] = [];
    const first = showProducts(client, { q: 'atta' }, { remember: (href) => hrefs.push(href) });
    const second = showProducts(client, { q: 'rice', low: true }, { remember: (href) => hrefs.push(href) });
    late[1]!(list([]));
    await second;
    late[0]!(list([row(1, [pack(10)])]));
    await first;
    expect(hrefs).toEqual(['/bos/admin/products?q=atta', '/bos/admin/products?q=rice&low=1']);
    expect(asked[1]).toEqual(['list', { page: 1, perPage: 20, q: 'rice', low_stock: true }]);
    expect($products.get()!.list.data.map((r) => r.id)).toEqual([2]);
    expect($products.get()!.query).toMatchObject({ q: 'rice', low: true, page: 1 });
  });
});
