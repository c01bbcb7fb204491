import type { Kysely } from 'kysely';
import { IMPORT_COLUMNS, type ImportColumn } from '../../contract/import-rules';
import { inIndia } from '../../lib/india-time';
import type { Database } from '../db/schema';
import { csvLines, exportCell } from './csv';
import { exportLabels } from './names';

type DB = Kysely<Database>;

/** Products read at a time: the export streams, so the catalogue's size costs no memory. */
const EXPORT_BATCH = 500;

/** Paise as the file writes rupees: always two decimals, exactly ("49.50"). */
const paiseToRupeesText = (paise: number) => `${Math.floor(paise / 100)}.${String(paise % 100).padStart(2, '0')}`;

/** The download's file name, with India's date: catalogue-2026-11-26.csv. */
export const exportFilename = (at = new Date()) => `catalogue-${inIndia(at).format('YYYY-MM-DD')}.csv`;

/**
 * GET /bos/export.csv: every product's packs, one row each, in the import's columns and order (IMPORT_COLUMNS), by
 * product then the pack's place: importing the file back changes nothing. The category is written by its slug;
 * a brand or supplier by its name when that reads back to it (else its slug). A byte order mark first, so spreadsheet
 * programs read it as UTF-8 (Hindi, ₹).
 */
export async function exportCatalogue(db: DB, batchSize = EXPORT_BATCH): Promise<ReadableStream<Uint8Array>> {
  const [categories, brands, suppliers, warehouses] = await Promise.all([
    db.selectFrom('categories').select(['id', 'slug']).execute(),
    db.selectFrom('brands').select(['id', 'name', 'slug']).execute(),
    db.selectFrom('suppliers').select(['id', 'name', 'slug']).execute(),
    db.selectFrom('warehouses').select(['id', 'code']).execute(),
  ]);
  const categorySlug = new Map(categories.map((c) => [c.id, c.slug]));
  const brandLabel = exportLabels(brands);
  const supplierLabel = exportLabels(suppliers);
  const warehouseCode = new Map(warehouses.map((w) => [w.id, w.code.toUpperCase()]));
  const encoder = new TextEncoder();
  let after = 0;
  let headed = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headed) {
        headed = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvLines([[...IMPORT_COLUMNS]])}`));
        return;
      }
      const products = await db
        .selectFrom('products')
        .select(['id', 'slug', 'name', 'category_id', 'brand_id', 'supplier_id', 'description', 'is_active'])
        .where('id', '>', after)
        .orderBy('id')
        .limit(batchSize)
        .execute();
      if (!products.length) return controller.close();
      const packs = await db
        .selectFrom('packs')
        .select(['id', 'product_id', 'name', 'barcode', 'price_paise', 'act_price_paise', 'stock', 'warehouse_id', 'max_per_order', 'is_active'])
        .where('product_id', 'in', products.map((p) => p.id))
        .orderBy('product_id')
        .orderBy('position')
        .orderBy('id')
        .execute();
      const byProduct = new Map(products.map((p) => [p.id, p]));
      const rows = packs.map((pack) => {
        const product = byProduct.get(pack.product_id)!;
        const cells: Record<ImportColumn, string> = {
          product_slug: product.slug,
          product_name: product.name,
          category: categorySlug.get(product.category_id) ?? '',
          brand: brandLabel.get(product.brand_id) ?? '',
          supplier: product.supplier_id === null ? '' : (supplierLabel.get(product.supplier_id) ?? ''),
          description: product.description ?? '',
          product_status: product.is_active ? 'active' : 'hidden',
          pack_name: pack.name,
          barcode: pack.barcode ?? '',
          price_rupees: paiseToRupeesText(pack.price_paise),
          mrp_rupees: paiseToRupeesText(pack.act_price_paise),
          stock: String(pack.stock),
          warehouse_code: warehouseCode.get(pack.warehouse_id) ?? '',
          max_per_order: String(pack.max_per_order),
          active: pack.is_active ? 'yes' : 'no',
        };
        return IMPORT_COLUMNS.map((column) => exportCell(cells[column]));
      });
      if (rows.length) controller.enqueue(encoder.encode(csvLines(rows)));
      after = products[products.length - 1]!.id;
    },
  });
}
