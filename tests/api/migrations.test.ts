import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Db } from '../../src/server/db';
import { listProducts } from '../../src/server/services/catalogue';
import { pgUrl } from './shop';

/** A shop created before the listing migration: one product, inserted as 0001 knew it. */
async function oldShop(db: Db) {
  await migrate(db, '0001_init');
  const k = db.kysely;
  const at = new Date().toISOString();
  const brand = await k.insertInto('brands').values({ name: 'Kaveri Mills', slug: 'kaveri-mills', logo: null }).returning('id').executeTakeFirstOrThrow();
  const root = await k.insertInto('categories').values({ parent_id: null, name: 'Staples', slug: 'staples', avatar: null }).returning('id').executeTakeFirstOrThrow();
  const leaf = await k.insertInto('categories').values({ parent_id: root.id, name: 'Atta & Flours', slug: 'atta-flours', avatar: null }).returning('id').executeTakeFirstOrThrow();
  const warehouse = await k.insertInto('warehouses').values({ code: 'BLR', name: 'B', city: 'Bengaluru', pincode: '560048' }).returning('id').executeTakeFirstOrThrow();
  const product = await k
    .insertInto('products')
    .values({ name: 'Whole Wheat Atta', slug: 'whole-wheat-atta', description: null, info_json: null, brand_id: brand.id, category_id: leaf.id, supplier_id: null, created_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [name, price, act] of [['1 kg', 6400, 8000], ['5 kg', 30000, 30000]] as const) {
    await k.insertInto('packs').values({ product_id: product.id, name, price_paise: price, act_price_paise: act, discount_type: null, warehouse_id: warehouse.id }).execute();
  }
}

async function upgradeAndSearch(url: string) {
  const db = await openDatabase(url);
  try {
    await oldShop(db);
    await migrate(db);
    const row = await db.kysely.selectFrom('products').select(['search_text', 'min_price_paise', 'discount_pct']).executeTakeFirstOrThrow();
    expect(row).toEqual({ search_text: 'Whole Wheat Atta Kaveri Mills Atta & Flours Staples ', min_price_paise: 6400, discount_pct: 20 });
    for (const q of ['atta', 'kaveri', 'staples', 'whe']) {
      const found = await listProducts(db, { page: 1, perPage: 24, q });
      expect(found.data.map((p) => p.slug), q).toEqual(['whole-wheat-atta']);
    }
    // Later writes keep the search index in step (and, on SQLite, never corrupt it).
    await db.kysely.deleteFrom('products').execute();
    expect((await listProducts(db, { page: 1, perPage: 24, q: 'atta' })).meta.total).toBe(0);
  } finally {
    await db.close();
  }
}

describe('upgrading a shop made before the listing migration', () => {
  it('fills the listing columns and the search index on SQLite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'storefront-migrate-'));
    try {
      await upgradeAndSearch(`file:${join(dir, 'shop.sqlite')}`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.skipIf(!pgUrl)('fills the listing columns and the search index on PostgreSQL', async () => {
    const { default: pg } = await import('pg');
    const name = `storefront_migrate_${process.pid}`;
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    try {
      const url = new URL(pgUrl!);
      url.pathname = `/${name}`;
      await upgradeAndSearch(url.toString());
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });

  it('leaves nothing half done when a SQLite migration fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'storefront-migrate-'));
    const db = await openDatabase(`file:${join(dir, 'shop.sqlite')}`);
    try {
      await migrate(db, '0001_init');
      // Sabotage: a table named like the search index makes 0002 fail midway.
      await sql`create table products_fts (x integer)`.execute(db.kysely);
      await expect(migrate(db)).rejects.toThrow(/0002_listing/);
      const columns = await sql<{ name: string }>`select name from pragma_table_info('products')`.execute(db.kysely);
      expect(columns.rows.map((c) => c.name)).not.toContain('search_text');
    } finally {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
