/**
 * The product form (docs/back-office-products-screens.md#editor): what a person types, the call's body made from
 * it, what is wrong with it (the contract's rules, said under the field before anything is sent; the API's field
 * errors put on the same fields after), the slug suggested from the name, the packs added, removed and reordered,
 * and whether anything is left unsaved. Fields are named as the body names them, so the API's `packs.0.price` is
 * the form's `packs.0.price`. Plain functions: the island, its store and the tests share them.
 */
import {
  barcodeProblem, DESCRIPTION_MAX, IMAGES_MAX, MAX_PER_ORDER_MAX, PACK_NAME_MAX, PACKS_MAX, PRICE_MAX_PAISE, priceProblem, PRODUCT_NAME_MAX, SLUG_MAX, slugify, isSlug,
  type BosPack, type BosPackBody, type BosProduct, type BosProductBody, type BosProductOptions, type BosStockLevel, type ProductStatus,
} from '../../../contract/bos-products';
import { readCount, readRupees, rupeesField } from './amounts';

export interface PackForm {
  /** The row's own key while it is edited (stable when packs move; a new pack has no id yet). */
  key: string;
  id?: number;
  name: string;
  /** Its name in Hindi, shown on /hi/ pages ('' none: the English one). */
  name_hi: string;
  price: string;
  mrp: string;
  max_per_order: string;
  barcode: string;
  active: boolean;
  warehouse_id: string;
  /** A new pack's opening stock; an existing pack's stock moves through the ledger (the stock screen). */
  opening_stock: string;
  /** An existing pack's levels as read (shown, never sent). */
  stock: BosStockLevel[];
}

export interface ProductForm {
  name: string;
  slug: string;
  /** The slug was typed (or the product was saved with it): the name no longer suggests it. */
  slug_typed: boolean;
  description: string;
  /** Name and description in Hindi, shown on /hi/ pages ('' none: the English ones). */
  name_hi: string;
  description_hi: string;
  category_id: string;
  brand_id: string;
  supplier_id: string;
  images: { src: string }[];
  status: ProductStatus;
  packs: PackForm[];
}

/** What is wrong, by field path (`name`, `packs.1.barcode`), and `_` for the form as a whole. */
export type Problems = Record<string, string>;

const DEFAULT_MAX_PER_ORDER = 10;
let keys = 0;
const newKey = () => `p${++keys}`;

/** A blank pack, shipping from the shop's first warehouse. */
function blankPack(options: Pick<BosProductOptions, 'warehouses'>): PackForm {
  return {
    key: newKey(), name: '', name_hi: '', price: '', mrp: '', max_per_order: String(DEFAULT_MAX_PER_ORDER), barcode: '', active: true,
    warehouse_id: options.warehouses[0] ? String(options.warehouses[0].id) : '', opening_stock: '0', stock: [],
  };
}

/** A new product's form: nothing typed, one blank pack, on sale once saved. */
export function emptyForm(options: Pick<BosProductOptions, 'warehouses'>): ProductForm {
  return { name: '', slug: '', slug_typed: false, description: '', name_hi: '', description_hi: '', category_id: '', brand_id: '', supplier_id: '', images: [], status: 'active', packs: [blankPack(options)] };
}

const packForm = (pack: BosPack): PackForm => ({
  key: `id${pack.id}`, id: pack.id, name: pack.name, name_hi: pack.name_hi ?? '', price: rupeesField(pack.price), mrp: rupeesField(pack.mrp), max_per_order: String(pack.max_per_order),
  barcode: pack.barcode ?? '', active: pack.active, warehouse_id: String(pack.warehouse_id), opening_stock: '', stock: pack.stock,
});

/** A saved product's form, its packs in their order. */
export function formFromProduct(product: BosProduct): ProductForm {
  return {
    name: product.name, slug: product.slug, slug_typed: true, description: product.description, name_hi: product.name_hi ?? '', description_hi: product.description_hi ?? '', category_id: String(product.category.id),
    brand_id: String(product.brand.id), supplier_id: product.supplier ? String(product.supplier.id) : '', images: product.images.map(({ src }) => ({ src })),
    status: product.status, packs: [...product.packs].sort((a, b) => a.position - b.position).map(packForm),
  };
}

/** The name typed: while the slug has not been typed, it follows the name. */
export const withName = (form: ProductForm, name: string): ProductForm => (form.slug_typed ? { ...form, name } : { ...form, name, slug: slugify(name) });

/** The slug typed: from now on it is the person's, not the name's (emptied, it follows the name again). */
export const withSlug = (form: ProductForm, slug: string): ProductForm => (slug.trim() === '' ? { ...form, slug: slugify(form.name), slug_typed: false } : { ...form, slug, slug_typed: true });

export const withPack = (form: ProductForm, key: string, change: Partial<PackForm>): ProductForm => ({ ...form, packs: form.packs.map((pack) => (pack.key === key ? { ...pack, ...change } : pack)) });

/** One more pack at the end (at most PACKS_MAX): it ships from the warehouse of the pack before it. */
export function addPack(form: ProductForm, options: Pick<BosProductOptions, 'warehouses'>): ProductForm {
  if (form.packs.length >= PACKS_MAX) return form;
  const pack = blankPack(options);
  const last = form.packs.at(-1);
  return { ...form, packs: [...form.packs, last ? { ...pack, warehouse_id: last.warehouse_id } : pack] };
}

export const removePack = (form: ProductForm, key: string): ProductForm => ({ ...form, packs: form.packs.filter((pack) => pack.key !== key) });

/** A pack moved from one place to another (the order shoppers see them in). */
export function movePack(form: ProductForm, from: number, to: number): ProductForm {
  if (from === to || from < 0 || to < 0 || from >= form.packs.length || to >= form.packs.length) return form;
  const packs = [...form.packs];
  const [moved] = packs.splice(from, 1);
  packs.splice(to, 0, moved!);
  return { ...form, packs };
}

/** An image from the media library, added at the end (once; at most IMAGES_MAX). */
export const addImage = (form: ProductForm, src: string): ProductForm =>
  form.images.some((image) => image.src === src) || form.images.length >= IMAGES_MAX ? form : { ...form, images: [...form.images, { src }] };
export const removeImage = (form: ProductForm, index: number): ProductForm => ({ ...form, images: form.images.filter((_, i) => i !== index) });
export function moveImage(form: ProductForm, from: number, to: number): ProductForm {
  if (to < 0 || to >= form.images.length || from === to) return form;
  const images = [...form.images];
  const [moved] = images.splice(from, 1);
  images.splice(to, 0, moved!);
  return { ...form, images };
}

const id = (text: string) => (/^[1-9]\d{0,9}$/.test(text) ? Number(text) : null);

/** A pack's part of the body, and its problems under `packs.{index}.…`. */
function packBody(pack: PackForm, index: number, problems: Problems): BosPackBody | null {
  const at = (field: string, message: string) => (problems[`packs.${index}.${field}`] = message);
  const name = pack.name.trim();
  if (!name) at('name', 'Name the pack, like 1 kg or 500 g');
  else if (name.length > PACK_NAME_MAX) at('name', `Pack name is too long (at most ${PACK_NAME_MAX} characters)`);
  const nameHi = pack.name_hi.trim();
  if (nameHi.length > PACK_NAME_MAX) at('name_hi', `Pack name in Hindi is too long (at most ${PACK_NAME_MAX} characters)`);
  const price = readRupees(pack.price, 'price', { max: PRICE_MAX_PAISE, positive: true });
  if (!price.ok) at('price', price.problem);
  const mrp = readRupees(pack.mrp, 'MRP', { max: PRICE_MAX_PAISE, positive: true });
  if (!mrp.ok) at('mrp', mrp.problem);
  if (price.ok && mrp.ok) {
    const problem = priceProblem(price.value, mrp.value);
    if (problem) at('price', problem);
  }
  const most = pack.max_per_order.trim();
  if (!/^\d+$/.test(most) || Number(most) < 1 || Number(most) > MAX_PER_ORDER_MAX) at('max_per_order', `Maximum per order is a whole number from 1 to ${MAX_PER_ORDER_MAX}`);
  const barcode = pack.barcode.replace(/\s/g, '');
  const wrongCode = barcodeProblem(barcode);
  if (wrongCode) at('barcode', wrongCode);
  const warehouse = id(pack.warehouse_id);
  if (warehouse === null) at('warehouse_id', 'Choose the warehouse it ships from');
  let opening: number | undefined;
  if (pack.id === undefined) {
    const count = readCount(pack.opening_stock || '0', 'opening stock');
    if (count.ok) opening = count.value;
    else at('opening_stock', count.problem);
  }
  if (!price.ok || !mrp.ok || warehouse === null) return null;
  return {
    ...(pack.id === undefined ? {} : { id: pack.id }),
    name, name_hi: nameHi, price: price.value, mrp: mrp.value, max_per_order: Number(most), barcode: barcode || null, active: pack.active, warehouse_id: warehouse,
    ...(opening === undefined ? {} : { opening_stock: opening }),
  };
}

/**
 * The create or save call's body, or every problem found (nothing is sent then). The contract's rules: a name, a
 * slug in its pattern (or none: the API makes one), a category and a brand, at least one pack, each with a name,
 * a price not above its MRP, a maximum per order, a valid EAN-13 or none, and its warehouse.
 */
export function productBody(form: ProductForm, updatedAt?: string): { body: BosProductBody } | { problems: Problems } {
  const problems: Problems = {};
  const name = form.name.trim();
  if (!name) problems.name = 'Enter the product’s name';
  else if (name.length > PRODUCT_NAME_MAX) problems.name = `Name is too long (at most ${PRODUCT_NAME_MAX} characters)`;
  const slug = form.slug.trim();
  if (slug && !isSlug(slug)) problems.slug = slug.length > SLUG_MAX ? `Address is too long (at most ${SLUG_MAX} characters)` : 'Use lower-case letters, digits and single hyphens, like basmati-rice-5-kg';
  if (form.description.length > DESCRIPTION_MAX) problems.description = `The description is too long (at most ${DESCRIPTION_MAX.toLocaleString('en-IN')} characters of HTML)`;
  const nameHi = form.name_hi.trim();
  if (nameHi.length > PRODUCT_NAME_MAX) problems.name_hi = `Name in Hindi is too long (at most ${PRODUCT_NAME_MAX} characters)`;
  if (form.description_hi.length > DESCRIPTION_MAX) problems.description_hi = `The description in Hindi is too long (at most ${DESCRIPTION_MAX.toLocaleString('en-IN')} characters)`;
  const category = id(form.category_id);
  if (category === null) problems.category_id = 'Choose a category';
  const brand = id(form.brand_id);
  if (brand === null) problems.brand_id = 'Choose a brand';
  if (form.packs.length === 0) problems.packs = 'A product needs at least one pack';
  const packs = form.packs.map((pack, i) => packBody(pack, i, problems));
  if (Object.keys(problems).length > 0) return { problems };
  return {
    body: {
      name, ...(slug ? { slug } : {}), description: form.description, name_hi: nameHi, description_hi: form.description_hi, category_id: category!, brand_id: brand!, supplier_id: id(form.supplier_id),
      images: form.images, status: form.status, packs: packs as BosPackBody[], ...(updatedAt ? { updated_at: updatedAt } : {}),
    },
  };
}

/** What is compared to tell unsaved changes: everything the body carries, as typed (keys and read levels aside). */
function comparable(form: ProductForm): unknown {
  const { slug_typed: _typed, packs, ...rest } = form;
  return { ...rest, name: rest.name.trim(), name_hi: rest.name_hi.trim(), slug: rest.slug.trim(), packs: packs.map(({ key: _key, stock: _stock, ...pack }) => pack) };
}

/** Whether the form holds changes its last save (or its start) does not. */
export const unsaved = (form: ProductForm, saved: ProductForm) => JSON.stringify(comparable(form)) !== JSON.stringify(comparable(saved));

/** The first field with a problem, in the form's order: where the focus goes after a refused save. */
export function firstProblem(problems: Problems, form: ProductForm): string | null {
  const order = ['name', 'name_hi', 'slug', 'description', 'description_hi', 'category_id', 'brand_id', 'supplier_id', 'images', 'status', 'packs'];
  const packFields = ['name', 'name_hi', 'price', 'mrp', 'max_per_order', 'barcode', 'warehouse_id', 'opening_stock', 'active'];
  for (const field of order) {
    if (field === 'packs') {
      if (problems.packs) return 'packs';
      for (let i = 0; i < form.packs.length; i++) for (const f of packFields) if (problems[`packs.${i}.${f}`]) return `packs.${i}.${f}`;
    } else if (problems[field]) return field;
  }
  return Object.keys(problems)[0] ?? null;
}

/** The fields the form draws (a problem on any other key is said at the top of the form). */
export function isFormField(path: string): boolean {
  if (['name', 'name_hi', 'slug', 'description', 'description_hi', 'category_id', 'brand_id', 'supplier_id', 'images', 'status', 'packs'].includes(path)) return true;
  return /^packs\.\d+\.(name|name_hi|price|mrp|max_per_order|barcode|warehouse_id|opening_stock|active)$/.test(path);
}

/** The pack's name as said in questions: “1 kg”, or “the new pack” before it has one. */
export const packLabel = (pack: Pick<PackForm, 'name'>, index: number) => (pack.name.trim() ? `“${pack.name.trim()}”` : `pack ${index + 1}`);

/** What the remove step says it will do. */
export const removePackQuestion = (pack: PackForm, index: number) =>
  pack.id === undefined
    ? `Remove ${packLabel(pack, index)}? It has not been saved yet, so nothing else changes.`
    : `Remove ${packLabel(pack, index)} when you save the product? Shoppers can no longer buy it, and its stock ledger is kept. If orders hold it, the shop refuses: make it inactive instead.`;

/** What hiding or deleting the product says it will do, before it is done. */
export function removeQuestion(product: Pick<BosProduct, 'name' | 'url' | 'on_orders' | 'status'>): { title: string; message: string; confirm: string } {
  if (product.on_orders) {
    return {
      title: 'Hide product',
      message: `Orders hold “${product.name}”, so it is hidden rather than deleted: shoppers no longer find it in the shop or in search, and ${product.url} answers “not found”. Its orders, packs and stock ledger are kept, and you can put it on sale again by setting its status back.`,
      confirm: `Hide ${product.name}`,
    };
  }
  return {
    title: 'Delete product',
    message: `Delete “${product.name}”? No order holds it, so it is deleted with its packs and their stock ledger, and ${product.url} answers “not found”. This cannot be undone.`,
    confirm: `Delete ${product.name}`,
  };
}

/** A field's value by its path (`name`, `packs.1.price`), for telling whether it was changed since. */
function valueAt(form: ProductForm, path: string): unknown {
  const [head, index, field] = path.split('.');
  if (head === 'packs' && index !== undefined && field !== undefined) {
    const pack = form.packs[Number(index)];
    return pack ? JSON.stringify([pack.key, pack[field as keyof PackForm]]) : undefined;
  }
  const value = form[head as keyof ProductForm];
  return head === 'packs' ? form.packs.length : JSON.stringify(value);
}

/**
 * The problems shown while a refused form is corrected: those found by the form's own rules are judged again as
 * it is typed (only those already shown: a field not complained about is not scolded mid-typing); those the API
 * gave (a slug taken) stay until their field is changed. `_`, the API's words for the whole form, stays.
 */
export function recheck(shown: { mine: Problems; theirs: Problems }, then: ProductForm, next: ProductForm): { mine: Problems; theirs: Problems } {
  const built = productBody(next);
  const found = 'problems' in built ? built.problems : {};
  const mine: Problems = {};
  for (const path of Object.keys(shown.mine)) if (found[path]) mine[path] = found[path];
  const theirs: Problems = {};
  for (const [path, words] of Object.entries(shown.theirs)) if (path === '_' || valueAt(then, path) === valueAt(next, path)) theirs[path] = words;
  return { mine, theirs };
}
