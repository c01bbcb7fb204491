/**
 * Migration 0023 keeps each order's delivery pincode and first delivery (date and window) on the order, for the
 * back office's queue: orders placed before it get them from their address and lines.
 */
import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { migrate, openDatabase } from '../../src/server/db';
import { emptyDatabase, pgUrl, type Backend } from './shop';

async function fillsExistingOrders(backend: Backend) {
  const { url, drop } = await emptyDatabase(backend);
  const db = await openDatabase(url);
  try {
    await migrate(db, '0021_queue_indexes');
    const k = db.kysely as Kysely<any>;
    const at = '2026-11-20T04:00:00.000Z';
    const site = await k.insertInto('websites').values({ name: 'Kaveri Stores', created_at: at }).returning('id').executeTakeFirstOrThrow();
    const user = await k.insertInto('users').values({ name: 'Asha Verma', email: 'asha@example.com', phone: '9876500001', created_at: at }).returning('id').executeTakeFirstOrThrow();
    const warehouse = await k.insertInto('warehouses').values({ code: 'BLR', name: 'Bengaluru', city: 'Bengaluru', pincode: '560048' }).returning('id').executeTakeFirstOrThrow();
    const order = (n: number, pincode: string) =>
      k
        .insertInto('orders')
        .values({
          website_id: site.id, user_id: user.id, ordernumber: `KS-${n}`, status: 'placed', payment_method: 'cod', amount_paise: 10_000, discount_paise: 0, delivery_charge_paise: 0,
          total_paise: 10_000, address_json: JSON.stringify({ name: 'Asha Verma', phone: '9876500001', line1: '12, MG Road', city: 'Bengaluru', state: 'Karnataka', pincode }),
          idempotency_key: `key-${n}`, request_hash: 'h', created_at: at, updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const split = await order(1, '560001');
    const undated = await order(2, '400001');
    const line = (orderId: number, position: number, del: [string, string, string] | null) => ({
      order_id: orderId, position, pack_id: 1, slug: 'atta', image: '', name: 'Atta', pack: '1 kg', quantity: 1, price_paise: 5_000, act_price_paise: 5_000, amount_paise: 5_000,
      discount_paise: 0, warehouse_id: warehouse.id, del_date: del?.[0] ?? null, del_start_time: del?.[1] ?? null, del_end_time: del?.[2] ?? null,
    });
    // The first line delivers later than the second; the third has no date: the first delivery is the second line's.
    await k.insertInto('order_lines').values([
      line(split.id, 0, ['2026-11-23', '5:00 PM', '8:00 PM']),
      line(split.id, 1, ['2026-11-22', '7:00 AM', '11:00 AM']),
      line(split.id, 2, null),
      line(undated.id, 0, null),
    ]).execute();
    await migrate(db);
    const rows = await k.selectFrom('orders').select(['id', 'del_pincode', 'del_date', 'del_start_time', 'del_end_time']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: split.id, del_pincode: '560001', del_date: '2026-11-22', del_start_time: '7:00 AM', del_end_time: '11:00 AM' },
      { id: undated.id, del_pincode: '400001', del_date: null, del_start_time: null, del_end_time: null },
    ]);
  } finally {
    await db.close();
    await drop();
  }
}

describe('migration 0023: the order keeps its delivery pincode and first delivery', () => {
  it('fills the orders already there on SQLite', () => fillsExistingOrders('sqlite'));
  it.skipIf(!pgUrl)('fills the orders already there on PostgreSQL', () => fillsExistingOrders('postgres'));
});
