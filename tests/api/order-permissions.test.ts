/**
 * Upgrading a shop made before the back office's order permissions (migration 0022): its seeded administrator and
 * super administrators get order:manage, and nobody else gets anything; a shop that has had the permissions keeps
 * exactly what it chose, a removal included. On SQLite and, with TEST_DATABASE_URL, PostgreSQL.
 */
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate, openDatabase, type Db } from '../../src/server/db';
import { emptyDatabase, pgUrl, type Backend } from './shop';

const OLD_ADMIN = ['website_setting:view', 'pos_access:view'];

interface UserRow {
  name: string;
  phone: string;
  flags: Record<string, number>;
  permissions: string[];
}

/** Users as a shop made before the order permissions held them (as its seed and `npm run admin` made them). */
const OLD_SHOP: UserRow[] = [
  { name: 'Asha Verma', phone: '9876500001', flags: {}, permissions: [] },
  { name: 'Ravi Kumar', phone: '9876500002', flags: { is_sales_agent: 1 }, permissions: [] },
  { name: 'Meera Iyer', phone: '9876500003', flags: { has_admin_access: 1 }, permissions: OLD_ADMIN },
  { name: 'Arjun Rao', phone: '9876500004', flags: { is_superadmin: 1, has_admin_access: 1 }, permissions: OLD_ADMIN },
  // Given other permissions by hand: not the seed's administrator.
  { name: 'Page Editor', phone: '9876500005', flags: { has_admin_access: 1 }, permissions: ['website_setting:view'] },
  // Permissions but no admin access: a shopper whatever the list says.
  { name: 'Odd Shopper', phone: '9876500006', flags: {}, permissions: OLD_ADMIN },
];

async function withShop(backend: Backend, work: (db: Db) => Promise<void>) {
  const { url, drop } = await emptyDatabase(backend);
  const db = await openDatabase(url);
  try {
    await migrate(db, '0020_back_office');
    await work(db);
  } finally {
    await db.close();
    await drop();
  }
}

async function addUsers(db: Db, users: UserRow[]) {
  const k = db.kysely as Kysely<any>;
  for (const u of users) {
    await k
      .insertInto('users')
      .values({ name: u.name, phone: u.phone, email: `${u.phone}@example.com`, ...u.flags, permissions_json: JSON.stringify(u.permissions), created_at: '2026-11-01T00:00:00.000Z' })
      .execute();
  }
}

async function permissions(db: Db): Promise<Record<string, string[]>> {
  const rows = await (db.kysely as Kysely<any>).selectFrom('users').select(['name', 'permissions_json']).orderBy('id').execute();
  return Object.fromEntries(rows.map((r) => [r.name, JSON.parse(r.permissions_json)]));
}

const backends: Backend[] = pgUrl ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(backends)('order permissions for a shop made before them (%s)', (backend) => {
  it('gives order:manage to the seeded administrator and the super administrators, and to nobody else', () =>
    withShop(backend, async (db) => {
      await addUsers(db, OLD_SHOP);
      await migrate(db, '0022_order_permissions');
      expect(await permissions(db)).toEqual({
        'Asha Verma': [],
        'Ravi Kumar': [],
        'Meera Iyer': [...OLD_ADMIN, 'order:manage'],
        'Arjun Rao': [...OLD_ADMIN, 'order:manage'],
        'Page Editor': ['website_setting:view'],
        'Odd Shopper': OLD_ADMIN,
      });
    }));

  it('leaves a shop that has had the permissions as it is: one that took order:manage from its administrator keeps it taken', () =>
    withShop(backend, async (db) => {
      // Made with the permissions; then the shop took order:manage from Meera and left her read-only, or nothing.
      await addUsers(db, [
        { ...OLD_SHOP[2]!, permissions: OLD_ADMIN },
        { ...OLD_SHOP[3]!, permissions: [...OLD_ADMIN, 'order:manage'] },
        { name: 'Viewer', phone: '9876500007', flags: { has_admin_access: 1 }, permissions: [...OLD_ADMIN, 'order:view'] },
      ]);
      const before = await permissions(db);
      await migrate(db, '0022_order_permissions');
      expect(await permissions(db)).toEqual(before);
    }));
});
