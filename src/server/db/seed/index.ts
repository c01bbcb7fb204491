import { sql, type Kysely } from 'kysely';
import type { Database } from '../schema';
import type { Db } from '../index';
import { seedAgentDemo } from './agents';
import { seedCatalogue } from './catalogue';
import { seedShop } from './shop';
import { DEFAULT_SYNONYMS } from './synonyms-data';
import { synonymRows } from '../../services/search-synonyms';
import { refreshSearchWords } from '../../services/search-words';

export { DEMO_USERS } from './shop-data';
export { itemImages, slugify } from './catalogue';
export { seedBulkOrders } from './bulk-orders';

/** Options of seedDemo. */
export interface SeedOptions {
  /** Products to create; more than the base catalogue repeats it with variant names. Default: the base catalogue. */
  products?: number;
  /** Also create the demo accounts of the README (never in production). Default true. */
  demoUsers?: boolean;
  /** Fixed clock, so tests see the same dates. */
  now?: Date;
  log?: (line: string) => void;
}

/** True when the database holds no website yet. */
export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  return !(await db.selectFrom('websites').select('id').limit(1).executeTakeFirst());
}

/**
 * Fills an empty database with the demo shop in one transaction. On PostgreSQL an advisory lock keeps two
 * instances starting together from seeding twice.
 */
export async function seedDemo(db: Db, options: SeedOptions = {}): Promise<{ products: number; seeded: boolean }> {
  return db.kysely.transaction().execute(async (trx) => {
    if (db.dialect === 'postgres') await sql`select pg_advisory_xact_lock(4321)`.execute(trx);
    if (!(await isEmpty(trx))) return { products: 0, seeded: false };
    const now = options.now ?? new Date();
    await seedShop(trx, now, { demoUsers: options.demoUsers ?? true });
    const products = await seedCatalogue(trx, now, options);
    // Search: every website's synonyms, and the catalogue's vocabulary that typos are corrected to.
    for (const { id } of await trx.selectFrom('websites').select('id').execute()) {
      const rows = synonymRows(id, DEFAULT_SYNONYMS);
      for (let i = 0; i < rows.length; i += 200) await trx.insertInto('search_synonyms').values(rows.slice(i, i + 200)).execute();
    }
    await refreshSearchWords(trx);
    // The demo agent's customers and their orders of the last 90 days, so the dashboard has figures today.
    const agent = options.demoUsers ?? true ? await seedAgentDemo(trx, now) : undefined;
    if (agent?.orders) options.log?.(`  the demo agent's ${agent.customers} customers with ${agent.orders} orders`);
    // Fresh statistics, so the query planner knows the tables it was just handed.
    await sql`analyze`.execute(trx);
    return { products, seeded: true };
  });
}
