import type { ImportOutcome } from '../../contract/bos-import';
import type { ImportColumn } from '../../contract/import-rules';
import { PACKS_MAX } from '../../contract/bos-products';
import { formatRupees, toRupees } from '../../lib/money';
import type { RowWork } from './rows';
import type { PackFields, PackIndexes, PackNow, ProductNow, Writes } from './shop';

const PACK_FIELD_OF = { barcode: 'barcode', price_rupees: 'price', mrp_rupees: 'mrp', max_per_order: 'max_per_order', active: 'active' } as const;
const PACK_COLUMN_LIST = Object.keys(PACK_FIELD_OF) as (keyof typeof PACK_FIELD_OF)[];
const NEW_PACK_DEFAULTS = { max_per_order: 10, active: true, stock: 0, barcode: null } as const;
const rupees = (paise: number) => formatRupees(toRupees(paise));
/** A pack's discount type as the product form sets it. */
export const discountType = (price: number, mrp: number) => (mrp > price ? ('percent' as const) : null);
type Fail = (column: ImportColumn, message: string) => void;

/**
 * The pack of each row (plan.ts): an existing pack's changes and counted level, or a new pack with its defaults
 * and its place after the product's packs (counting the file's new packs of the same product). Adds to `writes`.
 */
export function packPlanner(packs: PackIndexes, has: Set<ImportColumn>, writes: Writes) {
  const packCount = new Map<string, number>();
  const nextPosition = new Map<string, number>();

  /** An existing pack's row: the columns it changes and the counted level, or unchanged. */
  const packRow = (w: RowWork, pack: PackNow, changed: string[], fail: Fail): ImportOutcome => {
    const { values } = w;
    const set: Partial<PackFields> = {};
    for (const column of PACK_COLUMN_LIST) {
      const field = PACK_FIELD_OF[column];
      if (values[field] !== undefined && values[field] !== pack[field]) {
        (set as Record<string, unknown>)[field] = values[field];
        changed.push(column);
      }
    }
    const price = values.price ?? pack.price;
    const mrp = values.mrp ?? pack.mrp;
    if (price > mrp) fail(values.price !== undefined ? 'price_rupees' : 'mrp_rupees', `Price ${rupees(price)} cannot be more than the MRP ${rupees(mrp)}`);
    const stock = values.stock !== undefined && values.stock !== pack.stock ? { from: pack.stock, to: values.stock } : undefined;
    if (stock) changed.push('stock');
    const outcome = w.problems.length ? 'error' : changed.length ? 'updated' : 'unchanged';
    const priced = set.price !== undefined || set.mrp !== undefined ? { discount_type: discountType(price, mrp) } : {};
    if (outcome === 'updated' && (Object.keys(set).length || stock)) writes.packChanges.push({ id: pack.id, product_id: pack.product_id, set, ...priced, ...(stock ? { stock } : {}), row: values.row });
    return outcome;
  };

  /** A new pack's row: its defaults, its place after the product's packs, or why it cannot be made. */
  const newPackRow = (w: RowWork, product: ProductNow | undefined, fail: Fail): ImportOutcome => {
    const { values } = w;
    const slug = values.product_slug;
    if (!has.has('price_rupees')) fail('price_rupees', `Pack “${values.pack_name}” is new: the file needs the column price_rupees to make it`);
    const count = (packCount.get(slug) ?? (product ? (packs.byProduct.get(product.id)?.length ?? 0) : 0)) + 1;
    packCount.set(slug, count);
    if (count > PACKS_MAX) fail('pack_name', `Product ${slug} would have more than ${PACKS_MAX} packs`);
    const price = values.price;
    const mrp = values.mrp ?? price;
    if (price !== undefined && mrp !== undefined && price > mrp) fail('mrp_rupees', `Price ${rupees(price)} cannot be more than the MRP ${rupees(mrp)}`);
    if (w.problems.length) return 'error';
    const position = nextPosition.get(slug) ?? (product ? Math.max(-1, ...(packs.byProduct.get(product.id) ?? []).map((p) => p.position)) + 1 : 0);
    nextPosition.set(slug, position + 1);
    writes.newPacks.push({
      product_slug: slug, product_id: product?.id ?? null, name: values.pack_name, warehouse_id: w.warehouseId!, price: price!, mrp: mrp!, position, row: values.row,
      barcode: values.barcode ?? NEW_PACK_DEFAULTS.barcode, stock: values.stock ?? NEW_PACK_DEFAULTS.stock,
      max_per_order: values.max_per_order ?? NEW_PACK_DEFAULTS.max_per_order, active: values.active ?? NEW_PACK_DEFAULTS.active,
    });
    return 'created';
  };

  return { packRow, newPackRow };
}
