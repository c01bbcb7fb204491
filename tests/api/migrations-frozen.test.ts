/**
 * Migrations are frozen: what they build must never change once released. A shop made before the first data
 * migration is migrated up to 0019 on each backend, and its schema (tables, columns, constraints, indexes,
 * triggers, functions) and the rows the migrations derived (listing columns, search vocabulary, synonyms,
 * suggestion words, the page generation) must equal the snapshot taken from the migrations as they were when they
 * were made self-contained. The snapshot stops at 0019 so that adding a migration never touches it. And no file of
 * the migrations imports anything but Kysely and its neighbours: editing application code cannot change them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Db } from '../../src/server/db';
import { emptyDatabase, pgUrl, type Backend } from './shop';

const LAST_SNAPSHOT_MIGRATION = '0019_shopper_data_per_website';
const MIGRATIONS = resolve(import.meta.dirname, '../../src/server/db/migrations');

/** A shop as migration 0001 knew it: one website, a three-level category, two warehouses, packs in and out of stock. */
async function oldShop(db: Db) {
  await migrate(db, '0001_init');
  const k = db.kysely as Kysely<any>;
  const at = '2026-11-01T00:00:00.000Z';
  await k.insertInto('websites').values({ name: 'Kaveri Stores', created_at: at }).execute();
  await k.insertInto('brands').values([
    { name: 'Kaveri Mills', slug: 'kaveri-mills' },
    { name: 'Ganga Dairy', slug: 'ganga-dairy' },
  ]).execute();
  await k.insertInto('categories').values({ parent_id: null, name: 'Staples', slug: 'staples' }).execute();
  await k.insertInto('categories').values({ parent_id: 1, name: 'Flours', slug: 'flours' }).execute();
  await k.insertInto('categories').values({ parent_id: 2, name: 'Atta & Whole Wheat', slug: 'atta' }).execute();
  await k.insertInto('categories').values({ parent_id: 1, name: 'Dairy', slug: 'dairy' }).execute();
  await k.insertInto('warehouses').values([
    { code: 'BLR', name: 'Bengaluru', city: 'Bengaluru', pincode: '560048' },
    { code: 'MUM', name: 'Mumbai', city: 'Mumbai', pincode: '400001' },
  ]).execute();
  const products = [
    { name: 'Whole Wheat Atta', slug: 'whole-wheat-atta', brand_id: 1, category_id: 3, popularity: 40, is_active: 1 },
    { name: 'Multigrain Atta Premium', slug: 'multigrain-atta', brand_id: 1, category_id: 3, popularity: 25, is_active: 1 },
    { name: 'देसी घी (Ghee) प्याज़ मूँग', slug: 'desi-ghee', brand_id: 2, category_id: 4, popularity: 60, is_active: 1 },
    { name: 'Retired Paneer', slug: 'retired-paneer', brand_id: 2, category_id: 4, popularity: 5, is_active: 0 },
  ];
  for (const p of products) await k.insertInto('products').values({ ...p, created_at: at }).execute();
  await k.insertInto('packs').values([
    // The cheaper pack is out of stock: the listing price is the in-stock one.
    { product_id: 1, name: '1 kg', price_paise: 5000, act_price_paise: 8000, warehouse_id: 1, stock: 0 },
    { product_id: 1, name: '5 kg', price_paise: 30000, act_price_paise: 30000, warehouse_id: 2, stock: 9 },
    { product_id: 2, name: '1 kg', price_paise: 9000, act_price_paise: 10000, warehouse_id: 1, stock: 3 },
    { product_id: 3, name: '500 ml', price_paise: 40000, act_price_paise: 50000, warehouse_id: 2, stock: 0 },
  ]).execute();
}

/** The schema and the derived rows, one line each, in a stable order. */
async function describeDatabase(db: Db): Promise<string> {
  const k = db.kysely as Kysely<any>;
  const lines: string[] = [];
  const section = (title: string, rows: unknown[]) => lines.push(`# ${title}`, ...rows.map((r) => JSON.stringify(r)), '');
  if (db.dialect === 'sqlite') {
    const { rows } = await sql`select type, name, tbl_name, sql from sqlite_master order by type, name`.execute(k);
    section('sqlite_master', rows);
  } else {
    const q = async (text: string) => (await sql.raw(text).execute(k)).rows;
    section('tables', await q(`select table_name, table_type from information_schema.tables where table_schema = 'public' order by 1`));
    section(
      'columns',
      await q(`select table_name, column_name, ordinal_position, data_type, udt_name, is_nullable, column_default, collation_name,
        is_identity, identity_generation, is_generated, generation_expression
        from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`),
    );
    section('constraints', await q(`select conrelid::regclass::text as "table", conname, pg_get_constraintdef(oid) as def from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`));
    section('indexes', await q(`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by 1, 2`));
    section(
      'triggers',
      await q(`select tgrelid::regclass::text as "table", tgname, pg_get_triggerdef(t.oid) as def from pg_trigger t join pg_class c on c.oid = t.tgrelid
        where not t.tgisinternal and c.relnamespace = 'public'::regnamespace order by 1, 2`),
    );
    section(
      'functions',
      await q(`select proname, pg_get_functiondef(p.oid) as def from pg_proc p where pronamespace = 'public'::regnamespace
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e') order by 1`),
    );
    section('sequences', await q(`select sequencename, data_type, start_value, increment_by from pg_sequences where schemaname = 'public' order by 1`));
    section('extensions', await q(`select extname from pg_extension order by 1`));
  }
  const byJson = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort().map((r) => JSON.parse(r));
  section('products', await k.selectFrom('products').select(['id', 'search_text', 'min_price_paise', 'discount_pct', 'warehouse_bits']).orderBy('id').execute());
  section('search_words', byJson(await k.selectFrom('search_words').selectAll().execute()));
  section('search_synonyms', await k.selectFrom('search_synonyms').selectAll().orderBy('website_id').orderBy('group_no').orderBy('position').execute());
  section('product_words', byJson(await k.selectFrom('product_words').selectAll().execute()));
  section('page_generation', await k.selectFrom('page_generation').selectAll().execute());
  if (db.dialect === 'sqlite') section('search_words_trgm', byJson((await sql`select word from search_words_trgm`.execute(k)).rows));
  return lines.join('\n');
}

async function migratedDescription(backend: Backend): Promise<string> {
  const { url, drop } = await emptyDatabase(backend);
  const db = await openDatabase(url);
  try {
    await oldShop(db);
    await migrate(db, LAST_SNAPSHOT_MIGRATION);
    return await describeDatabase(db);
  } finally {
    await db.close();
    await drop();
  }
}

describe('frozen migrations', () => {
  it('build the same schema and rows on SQLite as when they were frozen', async () => {
    await expect(await migratedDescription('sqlite')).toMatchFileSnapshot('fixtures/migrated-0019.sqlite.txt');
  });

  it.skipIf(!pgUrl)('build the same schema and rows on PostgreSQL as when they were frozen', async () => {
    await expect(await migratedDescription('postgres')).toMatchFileSnapshot('fixtures/migrated-0019.postgres.txt');
  });
});

/** Every module a file names: static and dynamic imports, re-exports, require. */
function importsOf(source: string): string[] {
  const found = [...source.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]|\brequire\s*\(\s*['"]([^'"]+)['"]/g)];
  return found.map((m) => m[1] ?? m[2]!);
}

describe('migrations import nothing from the application', () => {
  const files = readdirSync(MIGRATIONS).filter((name) => /\.[cm]?[jt]sx?$/.test(name));

  it('reads every migration file', () => {
    expect(files.filter((name) => /^\d{4}_/.test(name)).length).toBeGreaterThanOrEqual(19);
    expect(importsOf(`import { a } from '../x';\nexport * from "./y";\nawait import('z');\nimport type { T } from 'w';\nimport 'v';`)).toEqual(['../x', './y', 'z', 'w', 'v']);
  });

  it.each(files)('%s imports only kysely and files of the migrations folder', (name) => {
    const outside = importsOf(readFileSync(join(MIGRATIONS, name), 'utf8')).filter((specifier) => {
      if (specifier === 'kysely' || specifier.startsWith('kysely/')) return false;
      if (!specifier.startsWith('.')) return true;
      const target = relative(MIGRATIONS, resolve(dirname(join(MIGRATIONS, name)), specifier));
      return target.startsWith('..');
    });
    expect(outside).toEqual([]);
  });
});
