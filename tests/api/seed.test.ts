import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeApi } from './shop';

const publicDir = join(import.meta.dirname, '../../public');

describeApi('the seeded demo shop', (shop) => {
  const db = () => shop().deps.db.kysely;
  const count = async (table: 'products' | 'brands' | 'suppliers' | 'coupons' | 'websites' | 'users') =>
    Number((await db().selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  it('runs on the backend it says it does', async () => {
    const { rows } = await sql<{ v: string }>`select ${sql.raw(shop().backend === 'postgres' ? 'version()' : 'sqlite_version()')} as v`.execute(db());
    expect(rows[0]!.v).toMatch(shop().backend === 'postgres' ? /PostgreSQL/ : /^3\./);
    expect(shop().deps.db.dialect).toBe(shop().backend);
  });

  it('has two websites, 20+ brands, suppliers, coupons and 300+ products', async () => {
    expect(await count('websites')).toBe(2);
    expect(await count('brands')).toBeGreaterThanOrEqual(20);
    expect(await count('suppliers')).toBeGreaterThanOrEqual(3);
    expect(await count('coupons')).toBeGreaterThanOrEqual(5);
    expect(await count('products')).toBeGreaterThanOrEqual(300);
  });

  it('gives every product 1 to 4 packs with prices in whole paise and 1 to 3 images that exist on disk', async () => {
    const packs = await db().selectFrom('packs').select(['product_id', 'price_paise', 'act_price_paise']).execute();
    const perProduct = new Map<number, number>();
    for (const p of packs) {
      perProduct.set(p.product_id, (perProduct.get(p.product_id) ?? 0) + 1);
      expect(Number.isInteger(p.price_paise) && p.price_paise > 0).toBe(true);
      expect(p.act_price_paise).toBeGreaterThanOrEqual(p.price_paise);
    }
    expect(Math.min(...perProduct.values())).toBeGreaterThanOrEqual(1);
    expect(Math.max(...perProduct.values())).toBeLessThanOrEqual(4);
    const media = await db().selectFrom('product_media').select(['product_id', 'src']).execute();
    const images = new Map<number, number>();
    for (const m of media) {
      images.set(m.product_id, (images.get(m.product_id) ?? 0) + 1);
      expect(existsSync(join(publicDir, m.src)), m.src).toBe(true);
    }
    expect(images.size).toBe(await count('products'));
    expect(Math.max(...images.values())).toBeLessThanOrEqual(3);
    expect(existsSync(join(publicDir, 'no-image.png'))).toBe(true);
  });

  it('has serviceable and unserviceable pincodes, warehouses with 3-character codes, and the four demo users', async () => {
    const pins = await db().selectFrom('pincodes').select(['pincode', 'serviceable']).execute();
    expect(pins.some((p) => p.serviceable === 1)).toBe(true);
    expect(pins.some((p) => p.serviceable === 0)).toBe(true);
    for (const w of await db().selectFrom('warehouses').select('code').execute()) expect(w.code).toMatch(/^[A-Za-z0-9]{3}$/);
    const users = await db().selectFrom('users').selectAll().orderBy('id').execute();
    expect(users.map((u) => [u.is_sales_agent, u.has_admin_access, u.is_superadmin])).toEqual([[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 1, 1]]);
    expect(JSON.parse(users[2]!.permissions_json)).toEqual(['website_setting:view', 'pos_access:view']);
  });

  it('seeds only once: preparing an already seeded database changes nothing', async () => {
    const { seedDemo } = await import('../../src/server/db/seed');
    const before = await count('products');
    expect(await seedDemo(shop().deps.db)).toEqual({ products: 0, seeded: false });
    expect(await count('products')).toBe(before);
  });
});
