import type { Kysely } from 'kysely';

/**
 * Runs `work` in a transaction: PostgreSQL migrations already run in one (Kysely's migrator opens it), SQLite
 * ones do not, though SQLite's DDL is transactional too. A failed migration then leaves nothing half done.
 * The migrations' own copy of db/transaction.ts: a migration imports nothing from outside this folder, so editing
 * application code never changes what a released migration does.
 */
export function inTransaction<T>(db: Kysely<any>, work: (trx: Kysely<any>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
