import { IMPORT_COLUMNS, type ImportColumn } from '../../../contract/import-rules';

/** Each column of the import's file in a line, in the export's order, as the screen's help lists them (docs/back-office-import.md#the-columns says more). */
const HELP: Record<ImportColumn, string> = {
  product_slug: 'Needed. The product\'s address (/products/…): lower-case letters, digits and hyphens. A slug the shop does not have makes a new product.',
  product_name: 'The product\'s name. Needed for a new product.',
  category: 'Its slug, or its path of names from the top (Staples > Rice). Needed for a new product.',
  brand: 'The brand\'s name or slug. Needed for a new product.',
  supplier: 'The supplier\'s name or slug; empty for none.',
  description: 'Text or simple HTML, cleaned as the product form cleans it; empty for none.',
  product_status: 'active, or hidden (kept, but not shown to shoppers). A new product is active.',
  pack_name: 'Needed. The pack, such as 1 kg: with the product and the warehouse it names the row\'s pack; a name the product does not have at that warehouse makes a new pack.',
  barcode: 'An EAN-13 (13 digits, checked); empty for none. Format the column as text in the spreadsheet.',
  price_rupees: 'The price in rupees, up to 2 decimals (49.50). Needed for a new pack.',
  mrp_rupees: 'The MRP in rupees, at least the price. A new pack without one takes the price.',
  stock: 'What the warehouse holds, a whole number from 0: a change is kept in the stock ledger as a count. A new pack without one starts at 0.',
  warehouse_code: 'Needed. The warehouse the pack ships from, by its code (BLR).',
  max_per_order: 'The most one order may hold (a new pack: 10).',
  active: 'yes or no: whether the pack is on sale (a new pack: yes).',
};

export const IMPORT_COLUMN_HELP: readonly (readonly [ImportColumn, string])[] = IMPORT_COLUMNS.map((column) => [column, HELP[column]]);
