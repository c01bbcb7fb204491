import { sql, type Kysely, type Selectable } from 'kysely';
import { MAX_ADDRESSES, type Address, type AddressBody } from '../../contract';
import type { Dialect } from '../db';
import type { AddressTable, Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { toAddress } from '../map';

type DB = Kysely<Database>;
export type AddressRow = Selectable<AddressTable>;

/** The signed-in user's addresses, the default first, then newest first. */
export async function listAddresses(db: DB, userId: number): Promise<Address[]> {
  const rows = await db.selectFrom('addresses').selectAll().where('user_id', '=', userId).orderBy('is_default', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toAddress);
}

/** One of the user's addresses; another user's (or none) is a 404, never a hint that it exists. */
export async function addressOf(db: DB, userId: number, id: number): Promise<AddressRow> {
  const row = await db.selectFrom('addresses').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) throw new ApiError(404, 'Address not found');
  return row;
}

/**
 * Every change to a user's addresses runs here, one at a time per user (the user's row is locked on
 * PostgreSQL; SQLite runs write transactions one at a time), so the bound and the single default hold
 * however many requests race.
 */
function forUser<T>(db: DB, dialect: Dialect, userId: number, work: (trx: DB) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    if (dialect === 'postgres') await sql`select id from users where id = ${userId} for update`.execute(trx);
    return work(trx);
  });
}

/** Makes one address the user's default, taking it from any other. */
async function makeDefault(trx: DB, userId: number, id: number) {
  await trx.updateTable('addresses').set({ is_default: 0 }).where('user_id', '=', userId).where('is_default', '=', 1).where('id', '!=', id).execute();
  await trx.updateTable('addresses').set({ is_default: 1 }).where('id', '=', id).execute();
}

/** Saves a new address (the first one becomes the default); at most MAX_ADDRESSES a user. */
export async function createAddress(db: DB, dialect: Dialect, userId: number, body: AddressBody): Promise<Address> {
  return forUser(db, dialect, userId, async (trx) => {
    const { n } = await trx.selectFrom('addresses').select((eb) => eb.fn.countAll<number | string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
    if (Number(n) >= MAX_ADDRESSES) throw new ApiError(409, `You can save at most ${MAX_ADDRESSES} addresses; please delete one first`);
    const now = new Date().toISOString();
    const { is_default, ...fields } = body;
    const { id } = await trx.insertInto('addresses').values({ ...fields, user_id: userId, is_default: 0, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    if (is_default || Number(n) === 0) await makeDefault(trx, userId, id);
    return toAddress(await addressOf(trx, userId, id));
  });
}

/** Replaces an address's fields; is_default true makes it the default (false leaves the default where it is). */
export async function updateAddress(db: DB, dialect: Dialect, userId: number, id: number, body: AddressBody): Promise<Address> {
  return forUser(db, dialect, userId, async (trx) => {
    await addressOf(trx, userId, id);
    const { is_default, ...fields } = body;
    await trx.updateTable('addresses').set({ ...fields, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
    if (is_default) await makeDefault(trx, userId, id);
    return toAddress(await addressOf(trx, userId, id));
  });
}

/** Deletes an address (orders keep their own copy); when it was the default, the newest other one takes over. */
export async function deleteAddress(db: DB, dialect: Dialect, userId: number, id: number): Promise<void> {
  await forUser(db, dialect, userId, async (trx) => {
    const row = await addressOf(trx, userId, id);
    await trx.deleteFrom('addresses').where('id', '=', id).execute();
    if (row.is_default !== 1) return;
    const next = await trx.selectFrom('addresses').select('id').where('user_id', '=', userId).orderBy('id', 'desc').executeTakeFirst();
    if (next) await makeDefault(trx, userId, next.id);
  });
}
