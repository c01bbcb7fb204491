import { sql, PostgresAdapter, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * A shopper's addresses and wishlists belong to one website, as their carts and orders already do (see
 * docs/decisions/accounts-across-websites.md): `website_id` on addresses, wishlist_categories and
 * wishlist_items, and the one-default-address and unique-list-name rules per user and website.
 *
 * Backfill: until now every website showed a shopper the same addresses and lists. Each is kept on every
 * website the shopper has used (an order, a cart, a session or an agent's assignment there): in place on the
 * first of them, copied for the others, so nothing a shopper saw where they shop disappears. A shopper who used
 * none gets them on the first website. An order that used an address points at its own website's copy.
 *
 * addresses is altered, not rebuilt: orders reference it (on delete set null), and rebuilding it would clear
 * those references. SQLite cannot add a NOT NULL column with a foreign key, so there the column is NOT NULL
 * without one (websites are never deleted); PostgreSQL gets both. The wishlist tables are rebuilt on both.
 */
export async function up(outer: Kysely<any>): Promise<void> {
  await inTransaction(outer, async (db) => {
    const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
    const websitesOf = await websitesUsed(db);
    const first = (await db.selectFrom('websites').select('id').orderBy('id').executeTakeFirst())?.id as number | undefined;
    const homeOf = (userId: number) => websitesOf.get(userId)?.[0] ?? first;
    const othersOf = (userId: number) => websitesOf.get(userId)?.slice(1) ?? [];

    // Addresses.
    if (isPg) await sql`alter table addresses add column website_id integer references websites(id) on delete cascade`.execute(db);
    else await sql`alter table addresses add column website_id integer not null default 0`.execute(db);
    // One default per user becomes one per user and website: the copies below carry their default along.
    await db.schema.dropIndex('addresses_one_default').execute();
    await db.schema.dropIndex('addresses_user').execute();
    const addresses = (await db.selectFrom('addresses').select(['id', 'user_id']).orderBy('id').execute()) as { id: number; user_id: number }[];
    if (addresses.length && first === undefined) throw new Error('migration 0019: addresses exist but no website does');
    const byHome = new Map<number, number[]>();
    for (const a of addresses) {
      const home = homeOf(a.user_id)!;
      if (!byHome.has(home)) byHome.set(home, []);
      byHome.get(home)!.push(a.id);
    }
    for (const [websiteId, ids] of byHome) {
      for (let i = 0; i < ids.length; i += 500) await db.updateTable('addresses').set({ website_id: websiteId }).where('id', 'in', ids.slice(i, i + 500)).execute();
    }
    const columns = ['user_id', 'name', 'phone', 'pincode', 'line1', 'line2', 'landmark', 'city', 'state', 'type', 'is_default', 'created_at', 'updated_at'];
    for (const a of addresses) {
      for (const websiteId of othersOf(a.user_id)) {
        const { rows } = await sql<{ id: number }>`insert into addresses (${sql.join(columns.map((c) => sql.ref(c)))}, website_id)
          select ${sql.join(columns.map((c) => sql.ref(c)))}, ${websiteId} from addresses where id = ${a.id} returning id`.execute(db);
        await db.updateTable('orders').set({ address_id: rows[0]!.id }).where('address_id', '=', a.id).where('website_id', '=', websiteId).execute();
      }
    }
    if (isPg) await sql`alter table addresses alter column website_id set not null`.execute(db);
    await db.schema.createIndex('addresses_user_website').on('addresses').columns(['user_id', 'website_id', 'id']).execute();
    // One default address per user on each website, whatever races.
    await db.schema.createIndex('addresses_one_default_per_website').on('addresses').columns(['user_id', 'website_id']).unique().where(sql.ref('is_default'), '=', 1).execute();

    // Wishlists: new tables, the rows moved over, the old ones dropped.
    await db.schema
      .createTable('wishlist_categories_new')
      .addColumn('id', 'integer', (c) => (isPg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('website_id', 'integer', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint('wishlist_categories_user_website_name', ['user_id', 'website_id', 'name'])
      .execute();
    await db.schema
      .createTable('wishlist_items_new')
      .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('website_id', 'integer', (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('product_id', 'integer', (c) => c.notNull().references('products.id').onDelete('cascade'))
      .addColumn('list_id', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('wishlist_items_user_website_pk', ['user_id', 'website_id', 'product_id', 'list_id'])
      .execute();
    const lists = (await db.selectFrom('wishlist_categories').selectAll().orderBy('id').execute()) as { id: number; user_id: number; name: string; created_at: string }[];
    const items = (await db.selectFrom('wishlist_items').selectAll().execute()) as { user_id: number; product_id: number; list_id: number; created_at: string }[];
    if ((lists.length || items.length) && first === undefined) throw new Error('migration 0019: wishlists exist but no website does');
    // The lists keep their ids on the shopper's first website (explicit ids first, then the counter moves past them).
    for (let i = 0; i < lists.length; i += 200) {
      await db.insertInto('wishlist_categories_new').values(lists.slice(i, i + 200).map((l) => ({ ...l, website_id: homeOf(l.user_id) }))).execute();
    }
    if (isPg && lists.length) await sql`select setval(pg_get_serial_sequence('wishlist_categories_new', 'id'), (select max(id) from wishlist_categories_new))`.execute(db);
    const copyOf = new Map<string, number>();
    for (const l of lists) {
      for (const websiteId of othersOf(l.user_id)) {
        const row = await db.insertInto('wishlist_categories_new').values({ user_id: l.user_id, website_id: websiteId, name: l.name, created_at: l.created_at }).returning('id').executeTakeFirstOrThrow();
        copyOf.set(`${l.id} ${websiteId}`, row.id as number);
      }
    }
    const moved = items.flatMap((item) => [
      { ...item, website_id: homeOf(item.user_id) },
      ...othersOf(item.user_id).map((websiteId) => ({ ...item, website_id: websiteId, list_id: item.list_id === 0 ? 0 : copyOf.get(`${item.list_id} ${websiteId}`) })),
    ]).filter((item) => item.list_id !== undefined);
    for (let i = 0; i < moved.length; i += 200) await db.insertInto('wishlist_items_new').values(moved.slice(i, i + 200)).execute();
    await db.schema.dropTable('wishlist_items').execute();
    await db.schema.dropTable('wishlist_categories').execute();
    await db.schema.alterTable('wishlist_categories_new').renameTo('wishlist_categories').execute();
    await db.schema.alterTable('wishlist_items_new').renameTo('wishlist_items').execute();
  });
}

/** Each user's websites, lowest id first: where they have an order, a cart, a session or an agent. */
async function websitesUsed(db: Kysely<any>): Promise<Map<number, number[]>> {
  const { rows } = await sql<{ user_id: number; website_id: number }>`
    select user_id, website_id from orders
    union select user_id, website_id from carts where user_id is not null
    union select user_id, website_id from sessions where user_id is not null
    union select customer_id, website_id from agent_customers`.execute(db);
  const found = new Map<number, number[]>();
  for (const { user_id, website_id } of rows) {
    if (!found.has(Number(user_id))) found.set(Number(user_id), []);
    found.get(Number(user_id))!.push(Number(website_id));
  }
  for (const ids of found.values()) ids.sort((a, b) => a - b);
  return found;
}
