import { describe, expect, it } from 'vitest';
import { ApiCallError } from '../../../lib/api/client';
import { COUPON_STATUSES } from '../../../contract/bos-coupons';
import { couponsHref, readCouponsQuery, STATUS_FILTERS, usesText } from './coupons';
import { $editor, checkCode, remove, save, seedEditor, setField, switchActive, unsaved, type EditorApi } from './editor';
import { coupon, list } from './fixtures';
import { $coupons, seedCoupons, showCoupons, type CouponsApi } from './store';

describe('the coupons list', () => {
  it('offers every status of the contract, after all', () => {
    expect(STATUS_FILTERS).toEqual(['all', ...COUPON_STATUSES]);
  });

  it('keeps its view in the address, and reads back only what it can be', () => {
    expect(couponsHref({ q: ' diwali ', status: 'used_up', page: 3 })).toBe('/bos/admin/coupons?q=diwali&status=used_up&page=3');
    expect(couponsHref({ q: '', status: 'all', page: 1 })).toBe('/bos/admin/coupons');
    expect(readCouponsQuery(new URLSearchParams('q=save&status=live&page=-2'))).toEqual({ q: 'save', status: 'all', page: 1 });
    expect(readCouponsQuery(new URLSearchParams('status=off&page=2'))).toEqual({ q: '', status: 'off', page: 2 });
  });

  it('says uses against the limit', () => {
    expect(usesText({ uses: 12, usage_limit: 500, uses_left: 488 })).toBe('12 of 500 used · 488 left');
    expect(usesText({ uses: 0, usage_limit: null, uses_left: null })).toBe('Not used yet');
    expect(usesText({ uses: 1234, usage_limit: null, uses_left: null })).toBe('1,234 used');
  });

  it('searches from page 1 replacing the address, puts a new status in history, and drops an answer overtaken by a newer one', async () => {
    seedCoupons({ query: { q: '', status: 'all', page: 2 }, list: list([coupon(1)], 30) });
    const asked: unknown[] = [];
    const seen: [string, string][] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow: CouponsApi = { bosCoupons: async (q) => (asked.push(q), await gate, list([coupon(5)])) };
    const quick: CouponsApi = { bosCoupons: async (q) => (asked.push(q), list([coupon(7)])) };
    const first = showCoupons(slow, { q: 'diw' }, { remember: (href, how) => seen.push([href, how]) });
    await showCoupons(quick, { status: 'expired' }, { remember: (href, how) => seen.push([href, how]) });
    release();
    await first;
    expect(asked).toEqual([{ q: 'diw', status: undefined, page: 1, perPage: 20 }, { q: 'diw', status: 'expired', page: 1, perPage: 20 }]);
    expect(seen).toEqual([['/bos/admin/coupons?q=diw', 'replace'], ['/bos/admin/coupons?q=diw&status=expired', 'push']]);
    expect($coupons.get()!.list.data.map((c) => c.id)).toEqual([7]);
  });
});

describe("a coupon's page", () => {
  function fake(answers: Partial<EditorApi> = {}) {
    const asked: unknown[] = [];
    const client: EditorApi = {
      bosCoupon: async (code) => (asked.push(['get', code]), answers.bosCoupon!(code)),
      bosCreateCoupon: async (body) => (asked.push(['create', body]), answers.bosCreateCoupon!(body)),
      bosUpdateCoupon: async (code, body) => (asked.push(['update', code, body]), answers.bosUpdateCoupon!(code, body)),
      bosSwitchCoupon: async (code, active) => (asked.push(['switch', code, active]), answers.bosSwitchCoupon!(code, active)),
      bosDeleteCoupon: async (code) => (asked.push(['delete', code]), answers.bosDeleteCoupon!(code)),
      bosCouponOrders: async (code, q) => (asked.push(['orders', code, q]), answers.bosCouponOrders!(code, q)),
    };
    return { client, asked };
  }

  it('sends nothing while a field is wrong, then judges every change; a new coupon goes to its page once made', async () => {
    seedEditor({ coupon: null, orders: null });
    const { client, asked } = fake({ bosCreateCoupon: async (body) => coupon(9, { code: String(body.code).toUpperCase() }) });
    const went: string[] = [];
    setField('code', 'DIWALI-100');
    expect(unsaved()).toBe(true);
    expect(await save(client, { go: (href) => went.push(href) })).toBe(false);
    expect($editor.get().errors).toEqual({ percent: 'Enter the percentage off' });
    expect(asked).toEqual([]);
    setField('percent', '150');
    expect($editor.get().errors).toEqual({ percent: 'The percentage must be a whole number from 1 to 100' });
    setField('percent', '15');
    expect($editor.get().errors).toEqual({});
    expect($editor.get().report).toBeNull();
    expect(await save(client, { go: (href) => went.push(href) })).toBe(true);
    expect(asked[0]).toEqual(['create', expect.objectContaining({ code: 'DIWALI-100', kind: 'percent', value: 15 })]);
    expect(went).toEqual(['/bos/admin/coupons/DIWALI-100?made=1']);
    expect(unsaved()).toBe(false);
  });

  it("puts the API's refusal beside its field, and says a code taken as it is typed", async () => {
    seedEditor({ coupon: null, orders: null });
    const { client } = fake({
      bosCoupon: async (code) => {
        if (code === 'SAVE10') return coupon(3, { code });
        throw new ApiCallError(404, `No coupon has the code ${code}`, {});
      },
      bosCreateCoupon: async () => {
        throw new ApiCallError(409, 'A coupon with the code NEW10 already exists', { message: 'A coupon with the code NEW10 already exists', errors: { code: ['A coupon with the code NEW10 already exists'] } });
      },
    });
    setField('code', 'save10');
    setField('percent', '10');
    await checkCode(client);
    expect($editor.get().errors.code).toBe('A coupon with the code SAVE10 already exists');
    setField('code', 'NEW10');
    await checkCode(client);
    expect($editor.get().errors.code).toBeUndefined();
    expect(await save(client, { go: () => {} })).toBe(false);
    expect($editor.get().errors).toEqual({ code: 'A coupon with the code NEW10 already exists' });
    expect($editor.get().report).toEqual({ tone: 'error', text: 'A coupon with the code NEW10 already exists' });
  });

  it('saves a change in place (the address follows a new code), switches off and on, and deletes', async () => {
    seedEditor({ coupon: coupon(4, { code: 'OLD10' }), orders: null });
    const remembered: string[] = [];
    const went: string[] = [];
    const { client, asked } = fake({
      bosUpdateCoupon: async (_code, body) => coupon(4, { code: String(body.code), value: Number(body.value) }),
      bosSwitchCoupon: async (code, active) => coupon(4, { code, active, status: active ? 'active' : 'off' }),
      bosDeleteCoupon: async (code) => ({ message: `Coupon ${code} deleted` }),
    });
    setField('code', 'NEW10');
    setField('percent', '12');
    expect(await save(client, { remember: (href) => remembered.push(href) })).toBe(true);
    expect(asked[0]).toEqual(['update', 'OLD10', expect.objectContaining({ code: 'NEW10', value: 12 })]);
    expect(remembered).toEqual(['/bos/admin/coupons/NEW10']);
    expect($editor.get()).toMatchObject({ coupon: { code: 'NEW10' }, report: { tone: 'success', text: "Saved: NEW10 holds from the shopper's next cart." } });
    expect(unsaved()).toBe(false);
    await switchActive(client, false);
    expect($editor.get()).toMatchObject({ coupon: { active: false, status: 'off' }, report: { text: 'NEW10 is switched off: shoppers can no longer apply it.' } });
    await remove(client, (href) => went.push(href));
    expect(asked.at(-1)).toEqual(['delete', 'NEW10']);
    expect(went).toEqual(['/bos/admin/coupons?deleted=NEW10']);
  });
});
