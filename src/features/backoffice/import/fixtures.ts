import type { ImportReport, ImportRowResult } from '../../../contract/bos-import';

/** A row of a report, for the screen's tests. */
export const row = (n: number, outcome: ImportRowResult['outcome'], more: Partial<ImportRowResult> = {}): ImportRowResult => ({
  row: n,
  outcome,
  product_slug: `product-${n}`,
  pack_name: '1 kg',
  warehouse_code: 'BLR',
  new_product: outcome === 'created',
  changed: outcome === 'updated' ? ['price_rupees'] : [],
  errors: outcome === 'error' ? [{ column: 'price_rupees', message: 'Price must be an amount in rupees with at most 2 decimals, such as 49.50' }] : [],
  ...more,
});

/** A report of these rows, its totals counted from them. */
export function report(rows: ImportRowResult[], more: Partial<ImportReport> = {}): ImportReport {
  const count = (outcome: ImportRowResult['outcome']) => rows.filter((r) => r.outcome === outcome).length;
  return {
    dry_run: true,
    applied: false,
    columns: ['product_slug', 'product_name', 'pack_name', 'warehouse_code', 'price_rupees', 'stock'],
    totals: { rows: rows.length, created: count('created'), updated: count('updated'), unchanged: count('unchanged'), errors: count('error'), products_created: rows.filter((r) => r.new_product && r.outcome === 'created').length, products_updated: 0 },
    rows,
    ...more,
  };
}
