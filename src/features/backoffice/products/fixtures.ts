/** Products and packs as the API answers them, for the screens' tests. */
import type { BosPack, BosProduct, BosProductList, BosProductRow } from '../../../contract/bos-products';

export const pack = (id: number, change: Partial<BosPack> = {}): BosPack => ({
  id, name: '1 kg', price: 4500, mrp: 5000, max_per_order: 10, barcode: null, active: true, warehouse_id: 2,
  stock: [{ warehouse_id: 2, warehouse_name: 'Bengaluru', level: 12 }], position: 0, ...change,
});

export const row = (id: number, packs: BosPack[]): BosProductRow => ({
  id, name: `Product ${id}`, slug: `product-${id}`, status: 'active', category: { id: 3, name: 'Dals' }, brand: { id: 7, name: 'Tata Sampann' },
  supplier: null, image: null, packs, low_stock: false,
});

export const list = (rows: BosProductRow[], total = rows.length): BosProductList => ({ data: rows, meta: { total, threshold: 10 } });

export const product = (change: Partial<BosProduct> = {}): BosProduct => ({
  id: 41, name: 'Toor Dal', slug: 'toor-dal', url: '/products/toor-dal', description: '', status: 'active',
  category: { id: 3, name: 'Dals' }, brand: { id: 7, name: 'Tata Sampann' }, supplier: null, images: [], packs: [pack(9)],
  old_slugs: [], on_orders: false, created_at: '2026-01-02T03:04:05Z', updated_at: '2026-02-03T04:05:06Z', ...change,
});
