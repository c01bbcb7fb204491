import type { Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * The page builder's `website_setting:edit` for a shop made before it existed. Until then `website_setting:view`
 * was all a page builder needed, and it could publish pages through the API: so every holder of it, and every
 * super administrator, keeps that power as `website_setting:edit`. A shop where some user already holds
 * `website_setting:edit` has had it and chose who holds it: nothing is granted there.
 */
const GRANTED = 'website_setting:edit';
const HELD_BEFORE = 'website_setting:view';

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
    const holder = await db.selectFrom('users').select('id').where('permissions_json', 'like', `%"${GRANTED}"%`).limit(1).executeTakeFirst();
    if (holder) return;
    const users = (await db
      .selectFrom('users')
      .select(['id', 'is_superadmin', 'permissions_json'])
      .where((eb) => eb.or([eb('is_superadmin', '=', 1), eb('permissions_json', 'like', `%"${HELD_BEFORE}"%`)]))
      .orderBy('id')
      .execute()) as { id: number; is_superadmin: number; permissions_json: string }[];
    for (const user of users) {
      const permissions = permissionsOf(user.permissions_json);
      if (user.is_superadmin !== 1 && !permissions.includes(HELD_BEFORE)) continue;
      await db.updateTable('users').set({ permissions_json: JSON.stringify([...permissions, GRANTED]) }).where('id', '=', user.id).execute();
    }
  });
}
