import { sql, PostgresAdapter, type Kysely } from 'kysely';
import { refreshProductWords } from '../product-words';
import { inTransaction } from '../transaction';

/**
 * Suggestions as the shopper types (issue 16): every word of every product's name with the product's
 * popularity, in one index ordered by word (db/product-words.ts). A typed prefix is a range of that index
 * (PostgreSQL compares the words in the "C" collation, code point order, as SQLite's BINARY does), and the
 * index alone gives each match's product and popularity. A product's words go with it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    const isPg = trx.getExecutor().adapter instanceof PostgresAdapter;
    await trx.schema
      .createTable('product_words')
      .addColumn('word', isPg ? sql`text collate "C"` : 'text', (c) => c.notNull())
      .addColumn('popularity', 'integer', (c) => c.notNull())
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addPrimaryKeyConstraint('product_words_pk', ['word', 'popularity', 'product_id'])
      .modifyEnd(isPg ? sql`` : sql`without rowid`)
      .execute();
    // A product's other words (several typed words must all match) and its rows when it changes or goes.
    await trx.schema.createIndex('product_words_product').on('product_words').columns(['product_id', 'word']).execute();
    await refreshProductWords(trx);
  });
}
