import { sql, type Kysely } from 'kysely';
import { inTransaction } from './in-transaction';

/**
 * Sales agents (docs/sales-agents.md). A customer is assigned to at most one agent per website (agent_customers, with the
 * moment of assignment: the agent's "new customers"). An agent earns commission at their own rate, in basis
 * points of the goods' value (users.commission_bps; 200 = 2%). An order an agent places for a customer is the
 * customer's (orders.user_id) and attributed to the agent (orders.agent_id); the agent's figures read the
 * covering index orders_agent. The cart an agent builds for a customer is a cart of neither session nor user
 * but of (agent, customer), one per pair: the agent's own cart and the customer's stay untouched.
 */
export async function up(outer: Kysely<any>): Promise<void> {
  await inTransaction(outer, async (db) => {
    const int = 'integer' as const;
    await db.schema
      .createTable('agent_customers')
      .addColumn('website_id', int, (c) => c.notNull().references('websites.id').onDelete('cascade'))
      .addColumn('customer_id', int, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('agent_id', int, (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('assigned_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('agent_customers_pk', ['website_id', 'customer_id'])
      .execute();
    await db.schema.createIndex('agent_customers_agent').on('agent_customers').columns(['website_id', 'agent_id', 'assigned_at']).execute();

    await db.schema.alterTable('users').addColumn('commission_bps', int, (c) => c.notNull().defaultTo(200)).execute();

    await db.schema.alterTable('orders').addColumn('agent_id', int, (c) => c.references('users.id').onDelete('set null')).execute();
    // Everything the figures read, so they never touch the table itself (id for joining the lines: SQLite's
    // indexes hold the rowid anyway, PostgreSQL's only what they list).
    await db.schema
      .createIndex('orders_agent')
      .on('orders')
      .columns(['website_id', 'agent_id', 'created_at', 'status', 'total_paise', 'delivery_charge_paise', 'user_id', 'id'])
      .where(sql.ref('agent_id'), 'is not', null)
      .execute();
    // The agent's list of their customers' orders (measured at 100,000 orders: npm run bench:agent): the counts,
    // all or of one status, per customer from the index alone; and a page, newest first, by walking the website's
    // orders backwards and stopping at the page (PostgreSQL's plan; SQLite sorts the customers' orders instead).
    await db.schema.createIndex('orders_customer_status').on('orders').columns(['user_id', 'website_id', 'status', 'created_at']).execute();
    await db.schema.createIndex('orders_website_recent').on('orders').columns(['website_id', 'created_at', 'id', 'user_id', 'status']).execute();
    // Top products: a period's lines summed per pack (and each pack's latest line) without reading the lines.
    await db.schema.createIndex('order_lines_sales').on('order_lines').columns(['order_id', 'pack_id', 'quantity', 'amount_paise', 'discount_paise', 'id']).execute();

    await db.schema.alterTable('carts').addColumn('agent_id', int, (c) => c.references('users.id').onDelete('cascade')).execute();
    await db.schema.alterTable('carts').addColumn('customer_id', int, (c) => c.references('users.id').onDelete('cascade')).execute();
    await db.schema
      .createIndex('carts_agent_customer')
      .on('carts')
      .columns(['website_id', 'agent_id', 'customer_id'])
      .unique()
      .where(sql.ref('agent_id'), 'is not', null)
      .execute();
  });
}
