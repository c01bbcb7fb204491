import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { publishPage } from '../../services/pages';
import { slugify } from './catalogue';
import { demoPages } from './pages-data';
import { DEMO_USERS, PINCODES, WAREHOUSES, WEBSITES, ZONES } from './shop-data';

/** The websites with their settings, navigation and pages; warehouses, delivery areas and (unless told not to) the demo users. */
export async function seedShop(db: Kysely<Database>, now: Date, { demoUsers }: { demoUsers: boolean }) {
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
    for (const page of demoPages({ name: site.name, slug: slugify(site.name), city: site.address.city })) await publishPage(db, id, page);
  }
  const warehouseIds: number[] = [];
  for (const { zones: _zones, ...w } of WAREHOUSES) warehouseIds.push((await db.insertInto('warehouses').values(w).returning('id').executeTakeFirstOrThrow()).id);
  const zoneIds: number[] = [];
  for (const z of ZONES) zoneIds.push((await db.insertInto('delivery_zones').values(z).returning('id').executeTakeFirstOrThrow()).id);
  for (const [w, warehouse] of WAREHOUSES.entries()) {
    for (const zone of warehouse.zones) await db.insertInto('warehouse_zones').values({ warehouse_id: warehouseIds[w]!, zone_id: zoneIds[zone]! }).execute();
  }
  await db
    .insertInto('pincodes')
    .values(PINCODES.map(([pincode, city, state, zone]) => ({ pincode, city, state, zone_id: zone === null ? null : zoneIds[zone]!, serviceable: zone === null ? 0 : 1 })))
    .execute();
  if (!demoUsers) return;
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
