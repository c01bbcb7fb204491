/**
 * Upgrading a shop made before the page builder's website_setting:edit (migration 0024): whoever held
 * website_setting:view (which could publish pages then) and every super administrator get it; nobody else does,
 * and a shop that already has the permission keeps what it chose. On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Db } from '../../src/server/db';
import { emptyDatabase, pgUrl, type Backend } from './shop';

interface Holder {
  name: string;
  flags: Record<string, number>;
  permissions: string[];
}

const users: Holder[] = [
  { name: 'Asha Verma', flags: {}, permissions: [] },
  { name: 'Meera Iyer', flags: { has_admin_access: 1 }, permissions: ['website_setting:view', 'pos_access:view', 'order:manage'] },
  { name: 'Arjun Rao', flags: { is_superadmin: 1, has_admin_access: 1 }, permissions: [] },
  { name: 'Order Clerk', flags: { has_admin_access: 1 }, permissions: ['order:view'] },
];

async function withShop(backend: Backend, holders: Holder[], work: (db: Db) => Promise<void>) {
  const { url, drop } = await emptyDatabase(backend);
  const db = await openDatabase(url);
  try {
    await migrate(db, '0023_order_delivery_columns');
    const k = db.kysely as Kysely<any>;
    for (const [i, u] of holders.entries()) {
      const phone = `98765000${10 + i}`;
      await k.insertInto('users').values({ name: u.name, phone, email: `${phone}@example.com`, ...u.flags, permissions_json: JSON.stringify(u.permissions), created_at: '2026-11-01T00:00:00.000Z' }).execute();
    }
    await migrate(db, '0024_website_edit_permission');
    await work(db);
  } finally {
    await db.close();
    await drop();
  }
}

async function permissions(db: Db): Promise<Record<string, string[]>> {
  const rows = await (db.kysely as Kysely<any>).selectFrom('users').select(['name', 'permissions_json']).orderBy('id').execute();
  return Object.fromEntries(rows.map((r) => [r.name, JSON.parse(r.permissions_json)]));
}

describe.each(pgUrl ? (['sqlite', 'postgres'] as Backend[]) : (['sqlite'] as Backend[]))('website_setting:edit for a shop made before it (%s)', (backend) => {
  it('goes to the holders of website_setting:view and the super administrators only', () =>
    withShop(backend, users, async (db) => {
      expect(await permissions(db)).toEqual({
        'Asha Verma': [],
        'Meera Iyer': ['website_setting:view', 'pos_access:view', 'order:manage', 'website_setting:edit'],
        'Arjun Rao': ['website_setting:edit'],
        'Order Clerk': ['order:view'],
      });
    }));

  it('grants nothing in a shop where someone already holds it', () =>
    withShop(backend, [...users, { name: 'Page Editor', flags: { has_admin_access: 1 }, permissions: ['website_setting:view', 'website_setting:edit'] }], async (db) => {
      expect((await permissions(db))['Meera Iyer']).toEqual(['website_setting:view', 'pos_access:view', 'order:manage']);
      expect((await permissions(db))['Arjun Rao']).toEqual([]);
    }));
});
