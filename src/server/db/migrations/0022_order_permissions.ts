import type { Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * The back office's order permissions for a shop made before they existed. `order:manage` (run orders) and
 * `order:view` (read them) came after the first databases were seeded: there, the seeded administrator and the
 * super administrators made by `npm run admin` hold neither, and the administrator cannot open /bos/admin.
 *
 * Only such a shop is changed: when some user already holds `order:view` or `order:manage`, the shop has had the
 * permissions (its seed or `npm run admin` gave them) and chose who holds them, a removal included, so nothing is
 * granted. Otherwise `order:manage` goes to the roles that hold it in a shop made now: the administrators as the
 * seed makes them (has_admin_access, with website_setting:view and pos_access:view) and the super administrators
 * (who hold every permission anyway; their list then says so too). Nobody else gets anything: a shopper, a sales
 * agent, or an administrator given other permissions by hand keeps what they had (docs/operations.md says how to
 * grant it to them).
 */
const GRANTED = 'order:manage';
const ORDER_PERMISSIONS = ['order:view', 'order:manage'];
const SEEDED_ADMINISTRATOR = ['website_setting:view', 'pos_access:view'];

/** A user's permissions as stored (a JSON list of strings); anything else reads as none. */
function permissionsOf(json: string): string[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

export async function up(outer: Kysely<any>): Promise<void> {
  await inTransaction(outer, async (db) => {
    const holder = await db
      .selectFrom('users')
      .select('id')
      .where((eb) => eb.or(ORDER_PERMISSIONS.map((p) => eb('permissions_json', 'like', `%"${p}"%`))))
      .limit(1)
      .executeTakeFirst();
    if (holder) return;
    const staff = (await db
      .selectFrom('users')
      .select(['id', 'is_superadmin', 'has_admin_access', 'permissions_json'])
      .where((eb) => eb.or([eb('is_superadmin', '=', 1), eb('has_admin_access', '=', 1)]))
      .orderBy('id')
      .execute()) as { id: number; is_superadmin: number; has_admin_access: number; permissions_json: string }[];
    for (const user of staff) {
      const permissions = permissionsOf(user.permissions_json);
      const seededAdministrator = user.has_admin_access === 1 && SEEDED_ADMINISTRATOR.every((p) => permissions.includes(p));
      if (user.is_superadmin !== 1 && !seededAdministrator) continue;
      await db.updateTable('users').set({ permissions_json: JSON.stringify([...permissions, GRANTED]) }).where('id', '=', user.id).execute();
    }
  });
}
