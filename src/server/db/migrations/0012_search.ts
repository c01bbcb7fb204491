import { sql, PostgresAdapter, type Kysely } from 'kysely';
import { DEFAULT_SYNONYMS } from '../seed/synonyms-data';
import { synonymRows } from '../../services/search-synonyms';
import { refreshSearchWords } from '../../services/search-words';
import { inTransaction } from '../transaction';

/**
 * Search that understands shoppers (issue 16): each website's synonym groups (seeded with the grocery
 * vocabulary for the websites that exist), and the vocabulary of catalogue words that typo correction compares
 * against, with a trigram index (SQLite FTS5 `trigram`; PostgreSQL `pg_trgm` with a GIN index).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (isPg) {
    // Said plainly when refused: the migration (and so the start) stops here, and nothing of it is kept.
    try {
      await sql`create extension if not exists pg_trgm`.execute(db);
    } catch (error) {
      throw new Error(
        'migration 0012_search needs the PostgreSQL extension pg_trgm (typo-tolerant search), and this database user may not create it. ' +
          `Ask a superuser to run "CREATE EXTENSION pg_trgm;" in this database, then start again. (${String(error)})`,
        { cause: error },
      );
    }
  }
  await inTransaction(db, async (trx) => {
    await trx.schema
      .createTable('search_synonyms')
      .addColumn('website_id', 'integer', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('group_no', 'integer', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('term', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('search_synonyms_pk', ['website_id', 'group_no', 'position'])
      .execute();
    await trx.schema
      .createTable('search_words')
      .addColumn('word', 'text', (c) => c.primaryKey())
      .addColumn('weight', 'integer', (c) => c.notNull())
      .execute();
    if (isPg) await sql`create index search_words_trgm on search_words using gin (word gin_trgm_ops)`.execute(trx);
    else await sql`create virtual table search_words_trgm using fts5(word, tokenize='trigram')`.execute(trx);
    await refreshSearchWords(trx);
    const websites = await trx.selectFrom('websites').select('id').execute();
    for (const { id } of websites) {
      const rows = synonymRows(id, DEFAULT_SYNONYMS);
      for (let i = 0; i < rows.length; i += 200) await trx.insertInto('search_synonyms').values(rows.slice(i, i + 200)).execute();
    }
  });
}
