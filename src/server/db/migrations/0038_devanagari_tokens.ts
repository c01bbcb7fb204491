import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * Devanagari words whole in SQLite's full-text index. FTS5's unicode61 tokenizer counts the combining marks of
 * Devanagari (vowel signs, the virama, anusvara: Unicode category M) as separators, so "सौंफ" was indexed and
 * searched as "स" and "फ", and once the catalogue carried Hindi names (0036) a search for saunf (→ सौंफ) found
 * fruit juice and toothbrushes. The index is made again with those marks as token characters (`tokenchars`) and
 * rebuilt from the products; its triggers name it by name and keep working. PostgreSQL's parser keeps them whole.
 */
const DEVANAGARI_MARKS = [...Array.from({ length: 0x80 }, (_, i) => String.fromCodePoint(0x900 + i))].filter((c) => /\p{M}/u.test(c)).join('');

export async function up(db: Kysely<any>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await inTransaction(db, async (trx) => {
    await sql`drop table products_fts`.execute(trx);
    await sql.raw(`create virtual table products_fts using fts5(search_text, content='products', content_rowid='id', tokenize="porter unicode61 remove_diacritics 2 tokenchars '${DEVANAGARI_MARKS}'", prefix='2 3')`).execute(trx);
    await sql`insert into products_fts(products_fts) values ('rebuild')`.execute(trx);
  });
}
