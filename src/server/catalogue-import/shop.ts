import type { ProductStatus } from '../../contract/bos-products';
import type { RowValues } from './cells';
import type { CategoryNamed, Named } from './names';

/** The shop as an import reads and writes it (plan.ts): what stands now, and the writes a plan makes. */

/** A product as it stands. */
export interface ProductNow {
  id: number;
  slug: string;
  name: string;
  category_id: number;
  brand_id: number;
  supplier_id: number | null;
  description: string;
  status: ProductStatus;
}

/** A pack as it stands; money in paise. */
export interface PackNow {
  id: number;
  product_id: number;
  name: string;
  warehouse_id: number;
  barcode: string | null;
  price: number;
  mrp: number;
  stock: number;
  max_per_order: number;
  active: boolean;
  position: number;
}

/** The shop as far as the file names it (loaded by shop-now.ts). */
export interface ShopNow {
  categories: CategoryNamed[];
  brands: Named[];
  suppliers: Named[];
  warehouses: { id: number; code: string }[];
  /** The products the file names, by slug. */
  products: Map<string, ProductNow>;
  /** Earlier slugs of products (they redirect to the product): a file naming one is told the slug now. */
  oldSlugs: Map<string, string>;
  /** Every pack of the products the file names. */
  packs: PackNow[];
  /** The packs that hold a barcode the file gives, by barcode, each with its product and a label for the message. */
  barcodeOwners: Map<string, BarcodeOwner[]>;
}

/** A pack holding a barcode. */
export interface BarcodeOwner {
  pack_id: number;
  product_id: number;
  label: string;
}

export type ProductFields = Omit<ProductNow, 'id' | 'slug'>;
export type PackFields = Pick<PackNow, 'barcode' | 'price' | 'mrp' | 'max_per_order' | 'active'>;

interface NewProduct extends ProductFields {
  slug: string;
}
interface NewPack extends PackFields {
  product_slug: string;
  /** The product's id when it exists; a new product's is known once it is made (by its slug). */
  product_id: number | null;
  name: string;
  warehouse_id: number;
  stock: number;
  position: number;
  row: number;
}
export interface PackChange {
  id: number;
  product_id: number;
  set: Partial<PackFields>;
  /** A counted level that differs from the pack's: the ledger records the difference. */
  stock?: { from: number; to: number };
  /** With a new price or MRP: the pack's discount type as the product form sets it ('percent' below the MRP). */
  discount_type?: 'percent' | null;
  row: number;
}

/** What an import writes (apply.ts), in this order. */
export interface Writes {
  newProducts: NewProduct[];
  productChanges: { id: number; set: Partial<ProductFields> }[];
  newPacks: NewPack[];
  packChanges: PackChange[];
}

/** The product's columns of a row and the field each sets; every row of one product must say the same in each. */
export const PRODUCT_FIELD_OF = { product_name: 'name', category: 'category_id', brand: 'brand_id', supplier: 'supplier_id', description: 'description', product_status: 'status' } as const;
export type ProductColumn = keyof typeof PRODUCT_FIELD_OF;
export const PRODUCT_COLUMN_LIST = Object.keys(PRODUCT_FIELD_OF) as ProductColumn[];

/** What names a pack: the product's slug, the pack's name in any case, the warehouse's code. */
export const keyOf = (v: Pick<RowValues, 'product_slug' | 'pack_name' | 'warehouse_code'>) => `${v.product_slug}\u0000${v.pack_name.toLowerCase()}\u0000${v.warehouse_code}`;

/** The shop's packs by what names them, and by product. */
export interface PackIndexes {
  byKey: Map<string, PackNow[]>;
  byProduct: Map<number, PackNow[]>;
}

export function packIndexes(shop: ShopNow): PackIndexes {
  const codeOf = new Map(shop.warehouses.map((w) => [w.id, w.code.toUpperCase()]));
  const productById = new Map([...shop.products.values()].map((p) => [p.id, p]));
  const byKey = new Map<string, PackNow[]>();
  const byProduct = new Map<number, PackNow[]>();
  for (const pack of shop.packs) {
    const product = productById.get(pack.product_id);
    if (!product) continue;
    const key = keyOf({ product_slug: product.slug, pack_name: pack.name, warehouse_code: codeOf.get(pack.warehouse_id) ?? '' });
    byKey.set(key, [...(byKey.get(key) ?? []), pack]);
    byProduct.set(pack.product_id, [...(byProduct.get(pack.product_id) ?? []), pack]);
  }
  return { byKey, byProduct };
}
