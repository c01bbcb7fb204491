/**
 * Upgrading a shop made before the back office's catalogue, coupon, delivery and people permissions (migration
 * 0029): the administrators who run its orders (order:manage) and the super administrators get all four; nobody
 * else does, and a shop where someone already holds one keeps what it chose. On SQLite and, with
 * TEST_DATABASE_URL, PostgreSQL.
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

const FOUR = ['catalogue:manage', 'coupon:manage', 'delivery:manage', 'people:manage'];
const users: Holder[] = [
  { name: 'Asha Verma', flags: {}, permissions: [] },
  { name: 'Ravi Kumar', flags: { is_sales_agent: 1 }, permissions: [] },
  { name: 'Meera Iyer', flags: { has_admin_access: 1 }, permissions: ['website_setting:view', 'website_setting:edit', 'pos_access:view', 'order:manage'] },
  { name: 'Arjun Rao', flags: { is_superadmin: 1, has_admin_access: 1 }, permissions: [] },
  { name: 'Order Clerk', flags: { has_admin_access: 1 }, permissions: ['order:view'] },
  { name: 'Not Staff', flags: {}, permissions: ['order:manage'] },
];

async function withShop(backend: Backend, holders: Holder[], work: (db: Db) => Promise<void>) {
  const { url, drop } = await emptyDatabase(backend);
  const db = await openDatabase(url);
  try {
    await migrate(db, '0028_site_setting_drafts');
    const k = db.kysely as Kysely<any>;
    for (const [i, u] of holders.entries()) {
      const phone = `98765000${10 + i}`;
      await k.insertInto('users').values({ name: u.name, phone, email: `${phone}@example.com`, ...u.flags, permissions_json: JSON.stringify(u.permissions), created_at: '2026-11-01T00:00:00.000Z' }).execute();
    }
    await migrate(db);
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

describe.each(pgUrl ? (['sqlite', 'postgres'] as Backend[]) : (['sqlite'] as Backend[]))('the shop permissions for a shop made before them (%s)', (backend) => {
  it('go to the administrators who run orders and the super administrators only', () =>
    withShop(backend, users, async (db) => {
      expect(await permissions(db)).toEqual({
        'Asha Verma': [],
        'Ravi Kumar': [],
        'Meera Iyer': ['website_setting:view', 'website_setting:edit', 'pos_access:view', 'order:manage', ...FOUR],
        'Arjun Rao': FOUR,
        'Order Clerk': ['order:view'],
        'Not Staff': ['order:manage'],
      });
    }));

  it('are granted to nobody in a shop where someone already holds one', () =>
    withShop(backend, [...users, { name: 'Coupon Clerk', flags: { has_admin_access: 1 }, permissions: ['coupon:manage'] }], async (db) => {
      const after = await permissions(db);
      expect(after['Meera Iyer']).toEqual(['website_setting:view', 'website_setting:edit', 'pos_access:view', 'order:manage']);
      expect(after['Arjun Rao']).toEqual([]);
    }));
});
