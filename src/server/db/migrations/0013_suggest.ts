import { sql, PostgresAdapter, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * Suggestions as the shopper types (docs/search.md): every word of every product's name with the product's
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
    await fillProductWords(trx);
  });
}

/**
 * One row per word of each product's name, with its popularity, as db/product-words.ts wrote them when this
 * migration was made: the name folded (NFKC, lower case, Devanagari nukta dropped, chandrabindu read as
 * anusvara), split on anything not a letter, mark or digit, each word cut to 40 characters, once, 32 at most.
 */
async function fillProductWords(db: Kysely<any>): Promise<void> {
  const wordsOf = (name: string) => {
    const folded = name.normalize('NFKC').toLowerCase().replace(/\u093c/g, '').replace(/\u0901/g, '\u0902');
    const words = folded
      .split(/[^\p{L}\p{M}\p{N}]+/u)
      .filter(Boolean)
      .map((word) => word.slice(0, 40));
    return [...new Set(words)].slice(0, 32);
  };
  for (let after = 0; ; ) {
    const products = (await db.selectFrom('products').select(['id', 'name', 'popularity']).where('id', '>', after).orderBy('id').limit(500).execute()) as {
      id: number;
      name: string;
      popularity: number;
    }[];
    if (!products.length) return;
    const rows = products.flatMap((p) => wordsOf(p.name).map((word) => ({ word, popularity: p.popularity, product_id: p.id })));
    for (let i = 0; i < rows.length; i += 500) await db.insertInto('product_words').values(rows.slice(i, i + 500)).execute();
    after = products[products.length - 1]!.id;
  }
}
