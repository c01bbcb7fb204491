import type { Kysely } from 'kysely';
import { createPageGenerationTriggers } from '../page-generation';
import { inTransaction } from '../transaction';

/** The page generation's triggers again: on PostgreSQL a TRUNCATE of a page table raises it too (db/page-generation.ts). */
export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, (trx) => createPageGenerationTriggers(trx));
}
