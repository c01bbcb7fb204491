import { describe, expect, it } from 'vitest';
import type { BosPincodesAdded, BosZone, BosZoneList, BosZonePincodes } from '../../../contract/bos-delivery';
import type { BosDeliveryApi } from '../../../lib/api/bos-delivery';
import { ApiCallError } from '../../../lib/api/client';
import { $zone, $zones, addPasted, editForm, editPaste, removeZone, removeZonePincode, saveZone, seedZone, seedZones, showZones, unsaved } from './store';

const zone = (change: Partial<BosZone> = {}): BosZone => ({
  id: 4, name: 'Whitefield', charge_paise: 4000, free_above_paise: 60_000, min_order_paise: 12_000, cod_allowed: true, cod_limit_paise: null, lead_days: 1,
  window_start: '08:00', window_end: '12:00', warehouse_ids: [1], pincode_count: 2, ...change,
});
const pincodes = (...codes: string[]): BosZonePincodes => ({ data: codes.map((pincode) => ({ pincode, city: 'Bengaluru', state: 'Karnataka' })), meta: { total: codes.length } });
const zoneList = (...zones: BosZone[]): BosZoneList => ({ data: zones, meta: { total: zones.length }, warehouses: [], default_cod_limit_paise: 500_000 });
const warehouses = [{ id: 1, code: 'BLR', name: 'Bengaluru Central', city: 'Bengaluru' }];

/** A fake delivery API: each call is noted, and answered by `answers` (or refused when it has none). */
function fake(answers: Partial<BosDeliveryApi>) {
  const asked: unknown[][] = [];
  const client = new Proxy({} as BosDeliveryApi, {
    get: (_, name: string) => async (...args: unknown[]) => {
      asked.push([name, ...args]);
      const answer = (answers as Record<string, (...a: unknown[]) => unknown>)[name];
      if (!answer) throw new Error(`unexpected call ${name}`);
      return answer(...args);
    },
  });
  return { client, asked };
}

const seed = (z: BosZone | null = zone()) =>
  seedZone({ zone: z, warehouses, defaultCodLimitPaise: 500_000, pincodes: { query: { q: '', page: 1 }, list: pincodes('560100', '560101'), error: null }, created: false });

describe("the zone page's store", () => {
  it('makes a new zone from the form and opens its page; nothing is sent while the form says what is wrong', async () => {
    seed(null);
    const { client, asked } = fake({ bosCreateZone: async () => zone({ id: 9 }) });
    const went: string[] = [];
    editForm({ name: '' });
    await saveZone(client, (href) => went.push(href));
    expect(asked).toEqual([]);
    expect($zone.get()!.problems).toEqual({ name: 'Give the zone a name' });
    editForm({ name: 'Whitefield', charge: '35.50', warehouse_ids: [1] });
    expect($zone.get()!.problems).toEqual({});
    expect(unsaved($zone.get())).toBe(true);
    await saveZone(client, (href) => went.push(href));
    expect(asked).toEqual([['bosCreateZone', expect.objectContaining({ name: 'Whitefield', charge_paise: 3550, warehouse_ids: [1], cod_limit_paise: null })]]);
    expect(went).toEqual(['/bos/admin/delivery/9?created=1']);
    // Saved: leaving for the new page asks nothing.
    expect(unsaved($zone.get())).toBe(false);
  });

  it("saves a zone's settings and says so; a refusal is said under the field the API names", async () => {
    seed();
    let refuse = true;
    const { client } = fake({
      bosUpdateZone: async (_id, body) => {
        if (refuse) throw new ApiCallError(400, 'There is already a zone named Metro', { message: 'There is already a zone named Metro', errors: { name: ['There is already a zone named Metro'] } });
        return zone({ name: body.name, charge_paise: body.charge_paise });
      },
    });
    editForm({ name: 'Metro' });
    await saveZone(client, () => {});
    expect($zone.get()!.problems).toEqual({ name: 'There is already a zone named Metro' });
    expect(unsaved($zone.get())).toBe(true);
    refuse = false;
    editForm({ name: 'Whitefield East', charge: '20' });
    await saveZone(client, () => {});
    const state = $zone.get()!;
    expect(state.zone).toMatchObject({ name: 'Whitefield East', charge_paise: 2000 });
    expect(state.report).toEqual({ tone: 'success', text: 'Zone Whitefield East saved. Shoppers’ next pincode check, cart and checkout follow it.' });
    expect(unsaved(state)).toBe(false);
  });

  it('adds pasted pincodes: the report lists each refused one with its zone, the box keeps only them, and the list is loaded again', async () => {
    seed();
    const answer: BosPincodesAdded = {
      added: ['560102'], already: ['560100'], message: '1 pincode added to Whitefield. 560100 was in it already. 1 pincode refused: 560001 is in zone Metro.',
      refused: [{ pincode: '560001', reason: 'other_zone', zone: { id: 1, name: 'Metro' }, message: '560001 is in zone Metro' }],
      zone: zone({ pincode_count: 3 }),
    };
    const { client, asked } = fake({ bosAddPincodes: async () => answer, bosZonePincodes: async () => pincodes('560100', '560101', '560102') });
    editPaste({ text: '560100 5601' });
    await addPasted(client, () => {});
    expect(asked).toEqual([]);
    expect($zone.get()!.pasteProblems).toEqual({ text: 'This is not a pincode (6 digits, not starting with 0): 5601' });
    editPaste({ text: '560100, 560102\n560001' });
    const hrefs: string[] = [];
    await addPasted(client, (href) => hrefs.push(href));
    expect(asked[0]).toEqual(['bosAddPincodes', 4, { pincodes: '560100, 560102\n560001' }]);
    const state = $zone.get()!;
    expect(state.added).toEqual({ tone: 'warning', text: answer.message, refused: answer.refused });
    expect(state.paste.text).toBe('560001');
    expect(state.zone!.pincode_count).toBe(3);
    expect(state.pincodes.list!.data.map((p) => p.pincode)).toEqual(['560100', '560101', '560102']);
    expect(hrefs).toEqual(['/bos/admin/delivery/4']);
  });

  it("says a whole paste's refusal under its fields: new pincodes need their city and state", async () => {
    seed();
    const message = 'New to the shop: 641001. Give the city and state it is in, or leave it out.';
    const { client } = fake({
      bosAddPincodes: async () => {
        throw new ApiCallError(400, message, { message, errors: { city: [message], state: [message] } });
      },
    });
    editPaste({ text: '641001' });
    await addPasted(client, () => {});
    expect($zone.get()!.pasteProblems).toEqual({ city: message, state: message });
    expect($zone.get()!.paste.text).toBe('641001');
  });

  it('removes a pincode and says so, and on a refusal says why; the list is loaded again either way', async () => {
    seed();
    const { client } = fake({
      bosRemovePincode: async (_id, pincode) => {
        if (pincode === '560101') throw new ApiCallError(404, '560101 is not in zone Whitefield', {});
        return { message: `${pincode} removed from Whitefield: it is no longer delivered.`, zone: zone({ pincode_count: 1 }), released: 1 };
      },
      bosZonePincodes: async () => pincodes('560101'),
    });
    await removeZonePincode(client, '560100', () => {});
    expect($zone.get()!).toMatchObject({ removing: null, report: { tone: 'success', text: '560100 removed from Whitefield: it is no longer delivered.' }, zone: { pincode_count: 1 } });
    expect($zone.get()!.pincodes.list!.data.map((p) => p.pincode)).toEqual(['560101']);
    await removeZonePincode(client, '560101', () => {});
    expect($zone.get()!.report).toEqual({ tone: 'error', text: '560101 could not be removed: 560101 is not in zone Whitefield' });
  });

  it('removes the zone and leaves the list a word on what happened to its pincodes', async () => {
    seed();
    const message = 'Zone Whitefield removed. Its 2 pincodes are no longer delivered.';
    const { client } = fake({ bosDeleteZone: async () => ({ message, zone: null, released: 2 }) });
    const kept: string[] = [];
    const went: string[] = [];
    editForm({ charge: '99' });
    await removeZone(client, (href) => went.push(href), { keep: (text) => kept.push(text) });
    expect(kept).toEqual([message]);
    expect(went).toEqual(['/bos/admin/delivery']);
    expect(unsaved($zone.get())).toBe(false);
  });
});

describe("the zones list's store", () => {
  it('searches from page 1, keeps the address in step, and drops an answer that comes after a newer question', async () => {
    seedZones({ query: { q: '', page: 2 }, list: zoneList(zone()), error: null });
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const asked: unknown[] = [];
    const slow = { bosZones: async (q: unknown) => (asked.push(q), await gate, zoneList(zone({ name: 'Old answer' }))) };
    const quick = { bosZones: async (q: unknown) => (asked.push(q), zoneList(zone({ name: 'Metro' }))) };
    const hrefs: string[] = [];
    const first = showZones(slow, { q: 'whi' }, (href) => hrefs.push(href));
    await showZones(quick, { q: 'met' }, (href) => hrefs.push(href));
    release();
    await first;
    expect(asked).toEqual([{ q: 'whi', page: 1, perPage: 25 }, { q: 'met', page: 1, perPage: 25 }]);
    expect(hrefs).toEqual(['/bos/admin/delivery?q=whi', '/bos/admin/delivery?q=met']);
    expect($zones.get()!.list!.data.map((z) => z.name)).toEqual(['Metro']);
    await showZones({ bosZones: async () => { throw new ApiCallError(503, 'The shop is not available right now, please try again shortly', {}); } }, { page: 2 }, () => {});
    expect($zones.get()!).toMatchObject({ loading: false, error: 'The zones could not be loaded: The shop is not available right now, please try again shortly' });
    // The last list stays on screen under the error.
    expect($zones.get()!.list!.data.map((z) => z.name)).toEqual(['Metro']);
  });
});
