import { sql, type Kysely, type Insertable } from 'kysely';
import type { Database, PackTable } from '../schema';
import type { Db } from '../index';
import { CATALOGUE, PACKS, SCALE_VARIANTS, SUPPLIERS, type CategoryNode, type Item } from './catalogue-data';
import { coupons, DEMO_USERS, PINCODES, WAREHOUSES, WEBSITES, ZONES } from './shop-data';

export { DEMO_USERS, WEBSITES };

/** How many products the demo has without `--products` (every item from each of its brands). */
export interface SeedOptions {
  /** Products to create; more than the base catalogue repeats it with variant names. Default: the base catalogue. */
  products?: number;
  /** Fixed clock, so tests see the same dates. */
  now?: Date;
  log?: (line: string) => void;
}

/** True when the database holds no website yet. */
export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  return !(await db.selectFrom('websites').select('id').limit(1).executeTakeFirst());
}

/**
 * Fills an empty database with the demo shop in one transaction. On PostgreSQL an advisory lock keeps two
 * instances starting together from seeding twice.
 */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<{ products: number; seeded: boolean }> {
  return db.kysely.transaction().execute(async (trx) => {
    if (db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(4321)`.execute(trx);
    if (!(await isEmpty(trx))) return { products: 0, seeded: false };
    const now = options.now ?? new Date();
    await seedShop(trx, now);
    const products = await seedCatalogue(trx, now, options);
    return { products, seeded: true };
  });
}

async function seedShop(db: Kysely<Database>, now: Date) {
  const at = now.toISOString();
  for (const site of WEBSITES) {
    const { id } = await db
      .insertInto('websites')
      .values({
        name: site.name, description: site.description, logo: site.logo, favicon: site.favicon, theme: 'light',
        font_family: site.font_family, nav_alignment: site.nav_alignment, show_supplier_page: 1, show_cart: 1, created_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('website_domains').values({ host: site.host, website_id: id }).execute();
    await db
      .insertInto('website_settings')
      .values({
        website_id: id,
        nav_setting_json: JSON.stringify(site.navSetting),
        seo_json: JSON.stringify({ og_title: site.name, og_description: site.description, meta_keywords: 'grocery, online grocery, India', og_image: site.logo }),
        address_json: JSON.stringify(site.address),
        popup_json: site.popup ? JSON.stringify(site.popup) : null,
        theme_json: JSON.stringify(site.theme),
      })
      .execute();
    await seedNavigation(db, id);
    for (const [url, title] of [['/', 'Home'], ['/offers', 'Offers'], ['/about', 'About us'], ['/contact', 'Contact us']] as const) {
      await db.insertInto('pages').values({ website_id: id, url, title, updated_at: at }).execute();
    }
  }
  for (const w of WAREHOUSES) await db.insertInto('warehouses').values(w).execute();
  const zoneIds: number[] = [];
  for (const z of ZONES) zoneIds.push((await db.insertInto('delivery_zones').values(z).returning('id').executeTakeFirstOrThrow()).id);
  await db
    .insertInto('pincodes')
    .values(PINCODES.map(([pincode, city, state, zone]) => ({ pincode, city, state, zone_id: zone === null ? null : zoneIds[zone]!, serviceable: zone === null ? 0 : 1 })))
    .execute();
  for (const u of DEMO_USERS) {
    await db
      .insertInto('users')
      .values({ name: u.name, email: u.email, phone: u.phone, ...u.flags, permissions_json: JSON.stringify(u.permissions), created_at: at })
      .execute();
  }
}

async function seedNavigation(db: Kysely<Database>, websiteId: number) {
  const add = (kind: 'nav' | 'footer', name: string, link: string | null, position: number, extra: { parent_id?: number; group_no?: number; icon?: string } = {}) =>
    db
      .insertInto('nav_items')
      .values({ website_id: websiteId, kind, name, link, value: link, position, show_icon: extra.icon ? 1 : 0, ...extra })
      .returning('id')
      .executeTakeFirstOrThrow();
  await add('nav', 'Home', '/', 0);
  await add('nav', 'Categories', '/categories', 1);
  await add('nav', 'All Products', '/products', 2);
  await add('nav', 'Offers', '/offers', 3);
  await add('nav', 'About', '/about', 4);
  await add('nav', 'Contact', '/contact', 5);
  const shop = await add('footer', 'Shop', null, 0, { group_no: 1 });
  await add('footer', 'All Products', '/products', 0, { parent_id: shop.id, group_no: 1 });
  await add('footer', 'Offers', '/offers', 1, { parent_id: shop.id, group_no: 1 });
  await add('footer', 'Fruits & Vegetables', '/products?c=fruits-vegetables', 2, { parent_id: shop.id, group_no: 1 });
  const company = await add('footer', 'Company', null, 1, { group_no: 2 });
  await add('footer', 'About us', '/about', 0, { parent_id: company.id, group_no: 2 });
  await add('footer', 'Contact us', '/contact', 1, { parent_id: company.id, group_no: 2, icon: 'phone' });
}

export const slugify = (text: string) =>
  text.toLowerCase().replace(/&/g, ' ').replace(/%/g, ' percent ').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');

/** A small seeded generator, so the same seed always gives the same shop. */
function random(seed: number) {
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

async function seedCatalogue(db: Kysely<Database>, now: Date, options: SeedOptions): Promise<number> {
  const rand = random(20261122);
  const brandIds = new Map<string, number>();
  const offers: Offer[] = [];
  let position = 0;

  const walk = async (node: CategoryNode, parentId: number | null) => {
    const slug = slugify(node.name);
    const { id } = await db
      .insertInto('categories')
      .values({ parent_id: parentId, name: node.name, slug, avatar: `/demo/categories/${slug}.svg`, position: position++ })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const brand of node.brands ?? []) {
      if (!brandIds.has(brand)) {
        const b = await db.insertInto('brands').values({ name: brand, slug: slugify(brand), logo: null }).returning('id').executeTakeFirstOrThrow();
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
      return { offer, name, slug: slugify(name) };
    });
    const rows = await db
      .insertInto('products')
      .values(
        batch.map(({ offer, name, slug }) => ({
          name,
          slug,
          description: describe(offer),
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
          product_id: id, name: packName, price_paise: price * 100, act_price_paise: act * 100,
          discount_type: discounted && act > price ? 'percent' : null, warehouse_id: warehouse,
          stock: rand() < 0.03 ? 0 : 20 + Math.floor(rand() * 180), max_per_order: price > 500 ? 5 : 10, weight_grams: grams, position: p,
        });
      });
      itemImages(offer.item[0]).forEach((src, position) => media.push({ product_id: id, src, position }));
    });
    for (let i = 0; i < packs.length; i += BATCH) await db.insertInto('packs').values(packs.slice(i, i + BATCH)).execute();
    for (let i = 0; i < media.length; i += BATCH) await db.insertInto('product_media').values(media.slice(i, i + BATCH)).execute();
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
