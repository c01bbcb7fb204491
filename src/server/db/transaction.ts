import type { Kysely } from 'kysely';

/**
 * Runs `work` in a transaction, or in the one `db` already is (publishing a page inside a script's own
 * transaction). The migrations keep their own copy (migrations/in-transaction.ts).
 */
export function inTransaction<T>(db: Kysely<any>, work: (trx: Kysely<any>) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
