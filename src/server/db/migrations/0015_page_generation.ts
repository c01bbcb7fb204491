import type { Kysely } from 'kysely';
import { createPageGenerationTriggers } from '../page-generation';
import { inTransaction } from '../transaction';

/** The page generation (issue 17): one row the page tables' triggers raise on every change a shared page shows (db/page-generation.ts). */
export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema
      .createTable('page_generation')
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('generation', 'bigint', (c) => c.notNull())
      .execute();
    await trx.insertInto('page_generation').values({ id: 1, generation: 0 }).execute();
    await createPageGenerationTriggers(trx);
  });
}
