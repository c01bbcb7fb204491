/**
 * What the Catalogue section's services share (docs/back-office-catalogue.md): who acts, the category tree's lock,
 * the database's refusals read as answers, a search in names, and what a changed brand or category name
 * recomputes in the same transaction (the products' search text, the search vocabulary).
 */
import { PostgresAdapter, sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { plural } from '../../../contract/plural';
import type { Database } from '../../db/schema';
import { refreshSearchTextOf } from '../../db/listing';
import { ApiError } from '../../http/errors';
import { vocabularyWords } from '../search-words';

export type DB = Kysely<Database>;

/** The staff member acting, on the website their session shows. */
export interface Staff {
  userId: number;
  websiteId: number;
}

const isPostgres = (db: DB) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Holds the category tree until the transaction ends, so that a check (no loop, the levels, the count, the places)
 * and the writes it allows are one step: a transaction-level advisory lock on PostgreSQL; SQLite runs write
 * transactions one at a time already (db/sqlite.ts begins them IMMEDIATE).
 */
export async function lockCategoryTree(trx: DB): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtext('bos-catalogue:categories'))`.execute(trx);
}

const codeOf = (error: unknown) => String((error as { code?: unknown })?.code ?? '');
const messageOf = (error: unknown) => String((error as Error)?.message ?? '');

/** A unique index refused the row (PostgreSQL 23505; SQLite "UNIQUE constraint failed"). */
export const isUniqueViolation = (error: unknown) => codeOf(error) === '23505' || /UNIQUE constraint failed/i.test(messageOf(error));
/** A foreign key refused the change (PostgreSQL 23503; SQLite "FOREIGN KEY constraint failed"). */
export const isForeignKeyViolation = (error: unknown) => codeOf(error) === '23503' || /FOREIGN KEY constraint failed/i.test(messageOf(error));

/** A LIKE pattern matching `text` anywhere, LIKE's wildcards in it taken literally (escape '\'). */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
/** `lower(column) like %text%`, the wildcards in the text taken literally. */
export const nameHas = (column: string, text: string): Expression<SqlBool> => sql<SqlBool>`lower(${sql.ref(column)}) like ${containing(text)} escape '\\'`;

/** A slug or code taken by another row: 409 with the field's error, nothing changed. */
export function taken(field: string, message: string): ApiError {
  return new ApiError(409, message, { [field]: [message] });
}

/** What uses a row, as the refusal says it: "12 products and 1 coupon". */
export function usageWords(usage: Record<string, number>, nouns: Record<string, [string, string]>): string {
  const parts = Object.entries(usage)
    .filter(([, count]) => count > 0)
    .map(([key, count]) => plural(count, ...nouns[key]!));
  return parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/**
 * Products rewritten per statement: a top-level category can have a third of the catalogue below it, and one
 * UPDATE of 30,000 rows passes PostgreSQL's statement timeout (3 s by default, docs/configuration.md) on a busy
 * machine; batches of ids by the primary key keep each statement short, in the same transaction.
 */
const BATCH = 1000;

/** The search text of these products (a batch of ids per UPDATE): their brand's or a category's name or place changed. */
export async function refreshSearchText(trx: DB, productIds: readonly number[]): Promise<void> {
  for (let i = 0; i < productIds.length; i += BATCH) await refreshSearchTextOf(trx, productIds.slice(i, i + BATCH));
}

/** The ids of the products filed in these categories (a renamed or moved category and those below it), or of a brand. */
export async function productsOf(trx: DB, by: { categories: Iterable<number> } | { brand: number }): Promise<number[]> {
  let query = trx.selectFrom('products').select('id').orderBy('id');
  if ('brand' in by) query = query.where('brand_id', '=', by.brand);
  else {
    const ids = [...by.categories];
    if (!ids.length) return [];
    query = query.where('category_id', 'in', ids);
  }
  return (await query.execute()).map((row) => row.id);
}

/** The weight a brand's or category's name gives each of its words in the vocabulary (services/search-words.ts). */
const NAME_WEIGHT = 5;

/**
 * A brand or category name changed, was added or went: the typo vocabulary (search_words, and on SQLite its
 * trigram table) loses the old name's words and gains the new one's, as a rebuild (refreshSearchWords) would give
 * them, in the caller's transaction, without reading the whole catalogue.
 */
export async function shiftSearchWords(trx: DB, before: string | null, after: string | null): Promise<void> {
  const gone = new Set(before ? vocabularyWords(before) : []);
  const come = new Set(after ? vocabularyWords(after) : []);
  const trigrams = !isPostgres(trx);
  for (const word of gone) {
    if (come.has(word)) continue;
    await trx.updateTable('search_words').set((eb) => ({ weight: eb('weight', '-', NAME_WEIGHT) })).where('word', '=', word).execute();
    const emptied = await trx.deleteFrom('search_words').where('word', '=', word).where('weight', '<=', 0).executeTakeFirst();
    if (trigrams && Number(emptied.numDeletedRows) > 0) await sql`delete from search_words_trgm where word = ${word}`.execute(trx);
  }
  for (const word of come) {
    if (gone.has(word)) continue;
    // One statement, so two renames adding the same word at once on PostgreSQL both count (SQLite writes one at a time).
    const known = trigrams && (await trx.selectFrom('search_words').select('word').where('word', '=', word).executeTakeFirst());
    await trx
      .insertInto('search_words')
      .values({ word, weight: NAME_WEIGHT })
      .onConflict((oc) => oc.column('word').doUpdateSet({ weight: sql<number>`search_words.weight + ${NAME_WEIGHT}` }))
      .execute();
    if (trigrams && !known) await sql`insert into search_words_trgm(word) values (${word})`.execute(trx);
  }
}
