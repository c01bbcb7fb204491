import type { Kysely } from 'kysely';

/**
 * Orders remember their language (docs/languages.md): `locale`, the language of the request that placed the order
 * ('en' or 'hi'; every order made before is 'en'). The messages about an order (services/notifier.ts) are written
 * in it, whatever page the shop's staff move it from.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('orders').addColumn('locale', 'text', (c) => c.notNull().defaultTo('en')).execute();
}
