import type { Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * The back office's catalogue, coupon, delivery and people permissions for a shop made before they existed. Until
 * then nobody could change products, coupons, zones or people but through the database; a shop made now gives
 * all four to its seeded administrator and to every super administrator made by `npm run admin`.
 *
 * As migration 0022 did for the order permissions: only a shop where nobody holds any of the four is changed (a
 * shop that has them chose who holds them), and there they go to the administrators who run its orders
 * (has_admin_access with order:manage, as the seed and 0022 made them) and to the super administrators (who hold
 * every permission anyway; their list then says so too). Nobody else gets anything.
 */
const GRANTED = ['catalogue:manage', 'coupon:manage', 'delivery:manage', 'people:manage'];

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
      .where((eb) => eb.or(GRANTED.map((p) => eb('permissions_json', 'like', `%"${p}"%`))))
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
      if (user.is_superadmin !== 1 && !permissions.includes('order:manage')) continue;
      await db.updateTable('users').set({ permissions_json: JSON.stringify([...new Set([...permissions, ...GRANTED])]) }).where('id', '=', user.id).execute();
    }
  });
}
