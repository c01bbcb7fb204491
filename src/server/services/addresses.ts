import { sql, type Kysely, type Selectable } from 'kysely';
import { MAX_ADDRESSES, type Address, type AddressBody } from '../../contract';
import type { Dialect } from '../db';
import type { AddressTable, Database } from '../db/schema';
import { ApiError, refusal } from '../http/errors';
import { toAddress } from '../map';
import type { Shopper } from './shopper';

type DB = Kysely<Database>;
export type AddressRow = Selectable<AddressTable>;

/** A shopper's addresses are the website's: each query is for the user on that website. */
const own = (db: DB, { userId, websiteId }: Shopper) => db.selectFrom('addresses').where('user_id', '=', userId).where('website_id', '=', websiteId);

/** The signed-in user's addresses on this website, the default first, then newest first. */
export async function listAddresses(db: DB, shopper: Shopper): Promise<Address[]> {
  const rows = await own(db, shopper).selectAll().orderBy('is_default', 'desc').orderBy('id', 'desc').execute();
  return rows.map(toAddress);
}

/** One of the user's addresses on this website; another user's or website's (or none) is a 404, never a hint that it exists. */
export async function addressOf(db: DB, shopper: Shopper, id: number): Promise<AddressRow> {
  const row = await own(db, shopper).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, refusal('refusals.addressMissing'));
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

/** Makes one address the user's default on its website, taking it from any other there. */
async function makeDefault(trx: DB, { userId, websiteId }: Shopper, id: number) {
  await trx.updateTable('addresses').set({ is_default: 0 }).where('user_id', '=', userId).where('website_id', '=', websiteId).where('is_default', '=', 1).where('id', '!=', id).execute();
  await trx.updateTable('addresses').set({ is_default: 1 }).where('id', '=', id).execute();
}

/** Saves a new address on this website (the first one there becomes the default); at most MAX_ADDRESSES a user there. */
export async function createAddress(db: DB, dialect: Dialect, shopper: Shopper, body: AddressBody): Promise<Address> {
  return forUser(db, dialect, shopper.userId, async (trx) => {
    const { n } = await own(trx, shopper).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow();
    if (Number(n) >= MAX_ADDRESSES) throw new ApiError(409, refusal('refusals.tooManyAddresses', { count: MAX_ADDRESSES }));
    const now = new Date().toISOString();
    const { is_default, ...fields } = body;
    const { id } = await trx
      .insertInto('addresses')
      .values({ ...fields, user_id: shopper.userId, website_id: shopper.websiteId, is_default: 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (is_default || Number(n) === 0) await makeDefault(trx, shopper, id);
    return toAddress(await addressOf(trx, shopper, id));
  });
}

/** Replaces an address's fields; is_default true makes it the default (false leaves the default where it is). */
export async function updateAddress(db: DB, dialect: Dialect, shopper: Shopper, id: number, body: AddressBody): Promise<Address> {
  return forUser(db, dialect, shopper.userId, async (trx) => {
    await addressOf(trx, shopper, id);
    const { is_default, ...fields } = body;
    await trx.updateTable('addresses').set({ ...fields, updated_at: new Date().toISOString() }).where('id', '=', id).execute();
    if (is_default) await makeDefault(trx, shopper, id);
    return toAddress(await addressOf(trx, shopper, id));
  });
}

/** Deletes an address (orders keep their own copy); when it was the default, the newest other one on the website takes over. */
export async function deleteAddress(db: DB, dialect: Dialect, shopper: Shopper, id: number): Promise<void> {
  await forUser(db, dialect, shopper.userId, async (trx) => {
    const row = await addressOf(trx, shopper, id);
    await trx.deleteFrom('addresses').where('id', '=', id).execute();
    if (row.is_default !== 1) return;
    const next = await own(trx, shopper).select('id').orderBy('id', 'desc').executeTakeFirst();
    if (next) await makeDefault(trx, shopper, next.id);
  });
}
