import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The back office's queue filters and sorts on columns of the order, not on its lines and address JSON
 * (docs/back-office.md, "Benchmark"): the delivery address's pincode and the order's first delivery (the date,
 * the window's start and end of its first line with a date, by date then line). Checkout writes them
 * (orders/create.ts); this fills them for the orders already there. Indexed with the website and the status, so a
 * tab's orders of a date, window or pincode are read from the index.
 */
/** Orders filled per statement. */
const BATCH = 5_000;

export async function up(db: Kysely<any>): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const column of ['del_pincode', 'del_date', 'del_start_time', 'del_end_time']) await db.schema.alterTable('orders').addColumn(column, 'text').execute();
  const pincode = isPg ? sql`(address_json::json ->> 'pincode')` : sql`json_extract(address_json, '$.pincode')`;
  const first = (column: string) => sql`(select l.${sql.ref(column)} from order_lines l where l.order_id = orders.id and l.del_date is not null order by l.del_date, l.id limit 1)`;
  // By ranges of ids: one statement over a big shop's orders would pass PostgreSQL's statement timeout.
  const { top } = await db.selectFrom('orders').select((eb) => eb.fn.max('id').as('top')).executeTakeFirstOrThrow();
  for (let from = 0; from <= Number(top ?? 0); from += BATCH) {
    await sql`update orders set del_pincode = ${pincode}, del_date = ${first('del_date')}, del_start_time = ${first('del_start_time')}, del_end_time = ${first('del_end_time')}
      where id > ${from} and id <= ${from + BATCH}`.execute(db);
  }
  await db.schema.createIndex('orders_queue_delivery').on('orders').columns(['website_id', 'status', 'del_date', 'del_start_time']).execute();
  await db.schema.createIndex('orders_queue_pincode').on('orders').columns(['website_id', 'status', 'del_pincode']).execute();
  // Every order was just rewritten: PostgreSQL plans the queue by statistics of the new columns from now, not at its next autovacuum.
  if (isPg) await sql`analyze orders`.execute(db);
}
