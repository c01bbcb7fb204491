import { describe, expect, it } from 'vitest';
import { readRow } from './cells';
import { readCsv } from './csv';
import { planImport } from './plan';
import type { PackNow, ShopNow } from './shop';

const salt = { id: 10, slug: 'tata-salt', name: 'Tata Salt', category_id: 2, brand_id: 1, supplier_id: null, description: '', status: 'active' as const };
const pack = (id: number, name: string, more: Partial<PackNow> = {}): PackNow => ({
  id, product_id: 10, name, warehouse_id: 1, barcode: null, price: 2800, mrp: 3000, stock: 50, max_per_order: 10, active: true, position: id - 100, ...more,
});
const shop = (more: Partial<ShopNow> = {}): ShopNow => ({
  categories: [{ id: 1, parent_id: null, name: 'Staples', slug: 'staples' }, { id: 2, parent_id: 1, name: 'Salt', slug: 'salt' }],
  brands: [{ id: 1, name: 'Tata', slug: 'tata' }, { id: 2, name: 'Catch', slug: 'catch' }],
  suppliers: [{ id: 1, name: 'Metro Wholesale', slug: 'metro-wholesale' }],
  warehouses: [{ id: 1, code: 'BLR' }, { id: 2, code: 'MUM' }],
  products: new Map([['tata-salt', salt]]),
  oldSlugs: new Map(),
  packs: [pack(100, '1 kg'), pack(101, '500 g', { price: 1500, mrp: 1500, barcode: '8901030865275' })],
  barcodeOwners: new Map(),
  ...more,
});
const clean = (text: string) => text.replace(/<script.*?<\/script>/g, '');

/** Plans a CSV text against a shop. */
function plan(csv: string, now = shop()) {
  const table = readCsv(csv);
  if (!table.ok) throw new Error(table.problems.join('; '));
  return planImport(table.columns, table.rows.map(readRow), now, clean);
}
const HEAD = 'product_slug,product_name,category,brand,pack_name,price_rupees,mrp_rupees,stock,warehouse_code';

describe('what an import does', () => {
  it('tells unchanged, updated and created rows apart, with the columns that change', () => {
    const { report, writes } = plan(
      [HEAD, 'tata-salt,Tata Salt,salt,Tata,1 kg,28.00,30.00,50,BLR', 'tata-salt,Tata Salt,salt,Tata,500 g,14.50,15,50,blr', 'tata-salt,Tata Salt,salt,Tata,2 kg,55,60,8,BLR'].join('\n'),
    );
    expect(report.rows.map((r) => [r.row, r.outcome, r.changed])).toEqual([[2, 'unchanged', []], [3, 'updated', ['price_rupees']], [4, 'created', []]]);
    expect(report.totals).toEqual({ rows: 3, created: 1, updated: 1, unchanged: 1, errors: 0, products_created: 0, products_updated: 0 });
    expect(writes.packChanges).toEqual([{ id: 101, product_id: 10, set: { price: 1450 }, discount_type: 'percent', row: 3 }]);
    expect(writes.newPacks).toEqual([{ product_slug: 'tata-salt', product_id: 10, name: '2 kg', warehouse_id: 1, price: 5500, mrp: 6000, stock: 8, max_per_order: 10, active: true, barcode: null, position: 2, row: 4 }]);
  });

  it('records a counted stock level that differs as a move from the level the shop has', () => {
    const { report, writes } = plan('product_slug,pack_name,warehouse_code,stock\ntata-salt,1 kg,BLR,42\ntata-salt,500 g,BLR,50\n');
    expect(report.rows.map((r) => [r.outcome, r.changed])).toEqual([['updated', ['stock']], ['unchanged', []]]);
    expect(writes.packChanges).toEqual([{ id: 100, product_id: 10, set: {}, stock: { from: 50, to: 42 }, row: 2 }]);
  });

  it('makes a new product from its first row, defaults for what the file leaves out', () => {
    const { report } = plan([HEAD, 'catch-salt,Catch Salt,Staples > Salt,catch,1 kg,25,25,,MUM', 'catch-salt,Catch Salt,salt,Catch,500 g,13,13,3,MUM'].join('\n'));
    expect(report.rows.map((r) => [r.outcome, r.new_product, r.errors])).toEqual([['error', true, [{ column: 'stock', message: 'Stock is required' }]], ['created', true, []]]);
    const fixed = plan([HEAD, 'catch-salt,Catch Salt,Staples > Salt,catch,1 kg,25,25,0,MUM', 'catch-salt,Catch Salt,salt,Catch,500 g,13,13,3,MUM'].join('\n'));
    expect(fixed.report.totals).toMatchObject({ created: 2, products_created: 1, errors: 0 });
    expect(fixed.writes.newProducts).toEqual([{ slug: 'catch-salt', name: 'Catch Salt', category_id: 2, brand_id: 2, supplier_id: null, description: '', status: 'active' }]);
    expect(fixed.writes.newPacks.map((p) => [p.name, p.position, p.warehouse_id])).toEqual([['1 kg', 0, 2], ['500 g', 1, 2]]);
  });

  it('needs the columns that make a new product or pack, naming them', () => {
    const { report } = plan('product_slug,pack_name,warehouse_code,stock\nnew-thing,1 kg,BLR,5\n');
    expect(report.rows[0]!.errors).toEqual([
      { column: 'product_name', message: 'Product new-thing is new: the file needs the column product_name to make it' },
      { column: 'category', message: 'Product new-thing is new: the file needs the column category to make it' },
      { column: 'brand', message: 'Product new-thing is new: the file needs the column brand to make it' },
      { column: 'price_rupees', message: 'Pack “1 kg” is new: the file needs the column price_rupees to make it' },
    ]);
  });

  it('refuses the same pack twice, naming the first row', () => {
    const { report } = plan('product_slug,pack_name,warehouse_code,stock\ntata-salt,1 kg,BLR,5\ntata-salt,1 KG,blr,6\n');
    expect(report.rows[1]).toMatchObject({ outcome: 'error', errors: [{ column: 'pack_name', message: 'The same pack is on row 2: each pack may be in the file once' }] });
  });

  it('refuses rows of one product that disagree on a product column, naming both rows', () => {
    const { report } = plan([HEAD, 'tata-salt,Tata Salt,salt,Tata,1 kg,28,30,50,BLR', 'tata-salt,Tata Namak,salt,Tata,500 g,15,15,50,BLR', 'tata-salt,Tata Salt,Staples > Salt,tata,2 kg,55,60,1,BLR'].join('\n'));
    expect(report.rows.map((r) => r.errors)).toEqual([[], [{ column: 'product_name', message: 'Row 2 says otherwise for product tata-salt: every row of one product must say the same product_name' }], []]);
  });

  it('changes a product once however many of its rows say so, and lists it on each row', () => {
    const { report, writes } = plan('product_slug,product_name,pack_name,warehouse_code\ntata-salt,Tata Namak,1 kg,BLR\ntata-salt,Tata Namak,500 g,BLR\n');
    expect(report.rows.map((r) => [r.outcome, r.changed])).toEqual([['updated', ['product_name']], ['updated', ['product_name']]]);
    expect(writes.productChanges).toEqual([{ id: 10, set: { name: 'Tata Namak' } }]);
    expect(report.totals.products_updated).toBe(1);
  });

  it('refuses a category, brand, supplier or warehouse the shop does not have', () => {
    const { report } = plan('product_slug,category,brand,supplier,pack_name,warehouse_code\ntata-salt,Spices,Nestle,Nobody,1 kg,DEL\n');
    expect(report.rows[0]!.errors.map((e) => e.column)).toEqual(['category', 'brand', 'supplier', 'warehouse_code']);
  });

  it('checks the price against the MRP the pack keeps when the file gives only one of them', () => {
    const { report } = plan('product_slug,pack_name,warehouse_code,price_rupees\ntata-salt,1 kg,BLR,31\n');
    expect(report.rows[0]!.errors).toEqual([{ column: 'price_rupees', message: 'Price ₹31.00 cannot be more than the MRP ₹30.00' }]);
  });

  it('refuses a barcode another product\'s pack holds, unless the file takes it off that pack; one product\'s packs may share one', () => {
    const catchSalt = { ...salt, id: 11, slug: 'catch-salt', name: 'Catch Salt', brand_id: 2 };
    const taken = shop({
      products: new Map([['tata-salt', salt], ['catch-salt', catchSalt]]),
      packs: [pack(100, '1 kg'), pack(101, '500 g', { barcode: '8901030865275' }), pack(102, '1 kg', { product_id: 11, barcode: '8901234567890' })],
      barcodeOwners: new Map([['8901234567890', [{ pack_id: 102, product_id: 11, label: 'Catch Salt – 1 kg (catch-salt)' }]], ['8901030865275', [{ pack_id: 101, product_id: 10, label: 'Tata Salt – 500 g (tata-salt)' }]]]),
    });
    const head = 'product_slug,pack_name,warehouse_code,barcode\n';
    expect(plan(`${head}tata-salt,1 kg,BLR,8901234567890\n`, taken).report.rows[0]!.errors).toEqual([{ column: 'barcode', message: 'Barcode 8901234567890 is already on Catch Salt – 1 kg (catch-salt), another product\'s pack' }]);
    const moved = plan(`${head}tata-salt,1 kg,BLR,8901234567890\ncatch-salt,1 kg,BLR,\n`, taken);
    expect(moved.report.rows.map((r) => [r.outcome, r.changed, r.errors])).toEqual([['updated', ['barcode'], []], ['updated', ['barcode'], []]]);
    // The same pack in another warehouse: one product, one barcode.
    expect(plan(`${head}tata-salt,1 kg,BLR,8901030865275\n`, taken).report.rows[0]).toMatchObject({ outcome: 'updated', errors: [] });
    const twice = plan(`${head}tata-salt,1 kg,BLR,8901030865275\ncatch-salt,1 kg,BLR,8901030865275\ntata-salt,1 kg,MUM,8901030865275\n`, taken);
    expect(twice.report.rows.map((r) => r.errors)).toEqual([[], [
      { column: 'barcode', message: 'Barcode 8901030865275 is also on row 2, another product\'s pack' },
      { column: 'barcode', message: 'Barcode 8901030865275 is already on Tata Salt – 500 g (tata-salt), another product\'s pack' },
    ], [{ column: 'price_rupees', message: 'Pack “1 kg” is new: the file needs the column price_rupees to make it' }]]);
  });

  it('tells a file naming a product by an old slug the slug it has now', () => {
    const { report } = plan('product_slug,pack_name,warehouse_code,stock\nsalt-tata,1 kg,BLR,5\n', shop({ oldSlugs: new Map([['salt-tata', 'tata-salt']]) }));
    expect(report.rows[0]!.errors).toEqual([{ column: 'product_slug', message: 'This product\'s slug is now “tata-salt”: use that' }]);
  });

  it('compares a description as the product form would save it, the stored one too', () => {
    const { report } = plan('product_slug,description,pack_name,warehouse_code\ntata-salt,<script>x</script>,1 kg,BLR\n');
    expect(report.rows[0]).toMatchObject({ outcome: 'unchanged' });
    const stored = shop({ products: new Map([['tata-salt', { ...salt, description: 'Iodised<script>x</script>' }]]) });
    expect(plan('product_slug,description,pack_name,warehouse_code\ntata-salt,Iodised,1 kg,BLR\n', stored).report.rows[0]).toMatchObject({ outcome: 'unchanged' });
    expect(plan('product_slug,description,pack_name,warehouse_code\ntata-salt,Rock salt,1 kg,BLR\n', stored).writes.productChanges).toEqual([{ id: 10, set: { description: 'Rock salt' } }]);
  });

  it('has no writes for rows with errors, and counts them', () => {
    const { report, writes } = plan('product_slug,pack_name,warehouse_code,price_rupees\ntata-salt,1 kg,BLR,abc\ntata-salt,1 kg,BLR,20\n');
    expect(report.totals).toMatchObject({ rows: 2, errors: 2 });
    expect(writes.packChanges).toEqual([]);
  });
});
