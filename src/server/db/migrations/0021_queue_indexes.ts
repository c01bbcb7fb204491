import type { Kysely } from 'kysely';

/**
 * Indexes for the back office's orders queue (docs/back-office.md, "Benchmark"), on both backends:
 *
 * - orders_queue (website_id, status, status_at): each tab and its count reads only its own orders of the
 *   website (a few hundred to confirm or pack, not the 100,000 delivered), and "delivered today" only today's;
 * - order_lines_delivery (order_id, del_date, del_start_time, warehouse_id): an order's first delivery window
 *   (the queue's sort) and the date, window and warehouse filters are read from the index alone;
 * - order_lines_day (del_date, del_start_time, order_id): a delivery date's orders without reading every line
 *   (PostgreSQL answers the date filter by a semi-join over the lines).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('orders_queue').on('orders').columns(['website_id', 'status', 'status_at']).execute();
  await db.schema.createIndex('order_lines_delivery').on('order_lines').columns(['order_id', 'del_date', 'del_start_time', 'warehouse_id']).execute();
  await db.schema.createIndex('order_lines_day').on('order_lines').columns(['del_date', 'del_start_time', 'order_id']).execute();
}
