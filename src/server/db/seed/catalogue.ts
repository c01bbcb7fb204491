import type { Insertable, Kysely } from 'kysely';
import type { Database, PackTable } from '../schema';
import { CATALOGUE, PACKS, SCALE_VARIANTS, SUPPLIERS, type CategoryNode, type Item } from './catalogue-data';
import { refreshListingOf } from '../listing';
import { refreshProductWords } from '../product-words';
import { coupons } from './shop-data';
import { BRAND_HI, CATEGORY_HI, describeHi, ITEM_HI, PACK_HI } from './hindi-names-data';
import { ean13CheckDigit } from '../../../contract/bos-products';

export const slugify = (text: string) =>
  text.toLowerCase().replace(/&/g, ' ').replace(/%/g, ' percent ').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

/** A small seeded generator (mulberry32), so the same seed always gives the same shop and the same orders. */
export function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Offer {
  item: Item;
  brand: string;
  categoryId: number;
}

/** Every image a demo item has: 1 to 3, by a stable hash of its name (the same files the image script draws). */
export function itemImages(itemName: string): string[] {
  let h = 0;
  for (const ch of itemName) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const count = 1 + (h % 3);
  return Array.from({ length: count }, (_, i) => `/demo/products/${slugify(itemName)}-${i + 1}.svg`);
}

/** Categories, brands, suppliers, `products` products with packs and images, and the coupons. */
export async function seedCatalogue(db: Kysely<Database>, now: Date, options: { products?: number; log?: (line: string) => void }): Promise<number> {
  const rand = random(20261122);
  const brandIds = new Map<string, number>();
  const offers: Offer[] = [];
  let position = 0;

  const walk = async (node: CategoryNode, parentId: number | null) => {
    const slug = slugify(node.name);
    const { id } = await db
      .insertInto('categories')
      .values({ parent_id: parentId, name: node.name, name_hi: CATEGORY_HI[node.name] ?? null, slug, avatar: `/demo/categories/${slug}.svg`, position: position++ })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const brand of node.brands ?? []) {
      if (!brandIds.has(brand)) {
        const b = await db.insertInto('brands').values({ name: brand, name_hi: BRAND_HI[brand] ?? null, slug: slugify(brand), logo: null }).returning('id').executeTakeFirstOrThrow();
        brandIds.set(brand, b.id);
      }
    }
    for (const item of node.items ?? []) for (const brand of node.brands ?? []) offers.push({ item, brand, categoryId: id });
    for (const child of node.children ?? []) await walk(child, id);
  };
  for (const node of CATALOGUE) await walk(node, null);

  const supplierIds: number[] = [];
  for (const [name, title] of SUPPLIERS) {
    const s = await db
      .insertInto('suppliers')
      .values({ name, slug: slugify(name), title, image: `/demo/suppliers/${slugify(name)}.svg`, link: `/products?q=${encodeURIComponent(name.split(' ')[0]!)}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    supplierIds.push(s.id);
  }
  const warehouseIds = (await db.selectFrom('warehouses').select('id').orderBy('id').execute()).map((w) => w.id);

  const wanted = Math.max(options.products ?? offers.length, 1);
  const BATCH = 400;
  let made = 0;
  while (made < wanted) {
    const size = Math.min(BATCH, wanted - made);
    const batch = Array.from({ length: size }, (_, k) => {
      const n = made + k;
      const offer = offers[n % offers.length]!;
      const round = Math.floor(n / offers.length);
      const variant = round === 0 ? '' : `${SCALE_VARIANTS[(round - 1) % SCALE_VARIANTS.length]} `;
      const edition = round > SCALE_VARIANTS.length ? ` ${Math.ceil(round / SCALE_VARIANTS.length)}` : '';
      const name = `${offer.brand} ${variant}${offer.item[0]}${edition}`;
      // In Hindi: the shop's own items (the scale test's variants keep English only, as a shop's new lines would).
      const brandHi = BRAND_HI[offer.brand];
      const itemHi = ITEM_HI[offer.item[0]];
      const hindi = round === 0 && brandHi && itemHi ? { name_hi: `${brandHi} ${itemHi}`, description_hi: describeHi(brandHi, itemHi) } : { name_hi: null, description_hi: null };
      return { offer, name, slug: slugify(name), hindi };
    });
    const rows = await db
      .insertInto('products')
      .values(
        batch.map(({ offer, name, slug, hindi }) => ({
          name,
          slug,
          description: describe(offer),
          ...hindi,
          info_json: JSON.stringify({ 'Country of origin': 'India', 'Shelf life': shelfLife(offer.item[1]), Brand: offer.brand }),
          brand_id: brandIds.get(offer.brand)!,
          category_id: offer.categoryId,
          supplier_id: supplierIds[Math.floor(rand() * supplierIds.length)]!,
          popularity: Math.floor(rand() * 1000),
          is_active: 1,
          created_at: new Date(now.getTime() - Math.floor(rand() * 365) * 86_400_000).toISOString(),
        })),
      )
      .returning('id')
      .execute();
    const packs: Insertable<PackTable>[] = [];
    const media: { product_id: number; src: string; position: number }[] = [];
    rows.forEach(({ id }, k) => {
      const { offer } = batch[k]!;
      const warehouse = warehouseIds[rand() < 0.8 ? 0 : Math.floor(rand() * warehouseIds.length)]!;
      PACKS[offer.item[1]].forEach(([packName, units, grams], p) => {
        const bulk = [0, 0.04, 0.08, 0.1][p] ?? 0.1;
        const price = Math.max(5, Math.round(offer.item[2] * units * (1 - bulk)));
        const discounted = rand() < 0.6;
        const act = discounted ? Math.round(price * (1.05 + rand() * 0.25)) : price;
        packs.push({
          product_id: id, name: packName, name_hi: PACK_HI[packName] ?? null, price_paise: price * 100, act_price_paise: act * 100,
          discount_type: discounted && act > price ? 'percent' : null, warehouse_id: warehouse,
          stock: rand() < 0.03 ? 0 : 20 + Math.floor(rand() * 180), max_per_order: price > 500 ? 5 : 10, weight_grams: grams, position: p,
          barcode: shopBarcode(made + k, p),
        });
      });
      itemImages(offer.item[0]).forEach((src, position) => media.push({ product_id: id, src, position }));
    });
    for (let i = 0; i < packs.length; i += BATCH) {
      const made = await db.insertInto('packs').values(packs.slice(i, i + BATCH)).returning(['id', 'warehouse_id', 'stock']).execute();
      // Each pack's opening stock is the first entry of its ledger (services/stock.ts): the level is the ledger's sum.
      const at = now.toISOString();
      await db.insertInto('stock_moves').values(made.map((p) => ({ pack_id: p.id, warehouse_id: p.warehouse_id, change: p.stock, level_after: p.stock, reason: 'opening' as const, at }))).execute();
    }
    for (let i = 0; i < media.length; i += BATCH) await db.insertInto('product_media').values(media.slice(i, i + BATCH)).execute();
    await refreshListingOf(db, rows.map((r) => r.id));
    await refreshProductWords(db, rows.map((r) => r.id));
    made += size;
    if (options.log && made % 10_000 < BATCH) options.log(`  ${made} of ${wanted} products`);
  }

  const categoryByName = new Map((await db.selectFrom('categories').select(['id', 'name']).execute()).map((c) => [c.name, c.id]));
  for (const { category, brand, ...coupon } of coupons(now.getTime())) {
    await db
      .insertInto('coupons')
      .values({ ...coupon, category_id: category ? categoryByName.get(category)! : null, brand_id: brand ? brandIds.get(brand)! : null })
      .execute();
  }
  return made;
}

function describe({ item, brand }: Offer): string {
  return `${brand} ${item[0]} is packed fresh at source and sealed for freshness. Store in a cool, dry place and use within the best-before date printed on the pack.`;
}

function shelfLife(kind: string): string {
  return { bunch: '2 days', dozen: '5 days', kgLoose: '4 days', ml: '6 months', single: '7 days' }[kind] ?? '9 months';
}

/**
 * The demo's own barcode for pack `position` of the `index`-th product seeded: an EAN-13 in GS1's prefix 21, kept for
 * a shop's in-store codes (never a real product's), so the till can be tried with a scanner or by typing one
 * (docs/pos.md#the-demo-shop). Product 0's first pack is 2100000000005.
 */
export function shopBarcode(index: number, position: number): string {
  const first12 = `21${String(index * 10 + position).padStart(10, '0')}`;
  return `${first12}${ean13CheckDigit(first12)}`;
}
