import { describe, expect, it } from 'vitest';
import type { CartItem } from '../../contract/cart';
import { groupByDelivery } from './cart';

const item = (pack_id: number, warehouse_id: number, del_date: string, amount: number) =>
  ({ pack_id, warehouse_id, del_date, del_start_time: '7:00 AM', del_end_time: '11:00 AM', delivery_charge_id: 1, amount, valid: true }) as CartItem;

describe('delivery groups', () => {
  it('come earliest first, one per warehouse, sharing the delivery charge by amount to the paisa', () => {
    const groups = groupByDelivery([item(1, 3, '2026-11-26', 300), item(2, 1, '2026-11-25', 100), item(3, 3, '2026-11-26', 100)], 3000);
    expect(groups.map((g) => [g.del_date, g.items.map((i) => i.pack_id)])).toEqual([['2026-11-25', [2]], ['2026-11-26', [1, 3]]]);
    expect(groups.map((g) => g.delivery_charge)).toEqual([6, 24]);
  });
});
