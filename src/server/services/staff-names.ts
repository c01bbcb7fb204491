import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { StaffName } from '../../contract/page-builder';
import type { Database } from '../db/schema';

/** The names of these staff members, by id, in one query (the page builder's "who saved, who published"). */
export async function namesOf(db: Kysely<Database>, ids: (number | null | undefined)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (!wanted.length) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'name']).where('id', 'in', wanted).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Who it was, from `namesOf`'s answer: null for nobody (a seed or the sweeper), "Someone" for a user since deleted. */
export const staffName = (names: Map<number, string>, id: number | null | undefined): z.infer<typeof StaffName> | null =>
  typeof id === 'number' ? { id, name: names.get(id) ?? 'Someone' } : null;
