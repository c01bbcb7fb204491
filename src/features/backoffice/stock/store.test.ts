import { describe, expect, it } from 'vitest';
import type { BosStockBody, BosStockEntry, BosStockLedger } from '../../../contract/bos-products';
import { ApiCallError } from '../../../lib/api/client';
import { $ledger, adjust, seedLedger, typeAdjust } from './store';

const entry = (id: number, change: number, level_after: number, reason: BosStockEntry['reason'] = 'count'): BosStockEntry => ({
  id, pack_id: 9, warehouse_id: 2, change, level_after, reason, note: null, order: null, by: { id: 3, name: 'Meera Iyer' }, at: '2026-03-01T04:30:00Z',
});
const ledger = (level: number, entries: BosStockEntry[]): BosStockLedger => ({
  pack: { id: 9, name: '1 kg', product_id: 41, product_name: 'Toor Dal' }, stock: [{ warehouse_id: 2, warehouse_name: 'Bengaluru', level }], data: entries, meta: { total: entries.length },
});

describe('the ledger’s store', () => {
  it('records damage as units taken, then shows the ledger again with the new entry and the level', async () => {
    seedLedger({ query: { pack: 9, warehouse: '', page: 2 }, ledger: ledger(40, [entry(1, 40, 40, 'opening')]) });
    const sent: BosStockBody[] = [];
    let now = ledger(40, [entry(1, 40, 40, 'opening')]);
    const client = {
      bosMoveStock: async (body: BosStockBody) => {
        sent.push(body);
        const written = entry(2, body.change!, 40 + body.change!, body.reason);
        now = ledger(written.level_after, [written, ...now.data]);
        return { entry: written, level: written.level_after };
      },
      bosStockLedger: async () => now,
    };
    typeAdjust({ reason: 'damage', amount: '3', note: 'Torn' });
    expect(await adjust(client, () => {})).toBe(true);
    expect(sent).toEqual([{ pack_id: 9, warehouse_id: 2, reason: 'damage', change: -3, note: 'Torn' }]);
    const state = $ledger.get()!;
    expect(state.ledger.stock[0]!.level).toBe(37);
    expect(state.query.page).toBe(1);
    expect(state.fresh).toBe(2);
    expect(state.report).toEqual({ tone: 'success', text: 'Damage recorded: the level is 37 (\u22123).' });
    expect(state.form).toEqual({ reason: 'damage', amount: '', note: '' });
  });

  it('says a refusal on the field, and shows the level now when it moved meanwhile', async () => {
    seedLedger({ query: { pack: 9, warehouse: '', page: 1 }, ledger: ledger(5, []) });
    const asked: string[] = [];
    const client = {
      bosMoveStock: async (): Promise<never> => {
        throw new ApiCallError(409, 'Only 2 in stock: the level cannot go below 0', { errors: { change: ['Only 2 in stock: the level cannot go below 0'] } });
      },
      bosStockLedger: async () => (asked.push('ledger'), ledger(2, [entry(3, -3, 2, 'order')])),
    };
    typeAdjust({ reason: 'count', amount: '5', note: '' });
    expect(await adjust(client, () => {})).toBe(false);
    expect($ledger.get()!.problems).toEqual({ amount: 'The level is 5 already: a count of it changes nothing' });
    expect(asked).toEqual([]);
    typeAdjust({ reason: 'damage', amount: '4', note: '' });
    expect($ledger.get()!.problems).toEqual({});
    expect(await adjust(client, () => {})).toBe(false);
    expect($ledger.get()!.problems).toEqual({ amount: 'Only 2 in stock: the level cannot go below 0' });
    expect(asked).toEqual(['ledger']);
    expect($ledger.get()!.ledger.stock[0]!.level).toBe(2);
  });
});
