import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PosPack } from '../../contract/pos';
import { asksShop, createShopSearch, SHOP_SEARCH, type Found } from './shop-search';

const pack = (id: number, name: string): PosPack => ({ pack_id: id, product_id: id, product_name: name, product_name_hi: null, pack_name: '1 kg', barcode: null, price: 50, mrp: 60, stock: 5, image: null });
const ATTA = pack(1, 'Aashirvaad Atta');
const LOCAL = pack(2, 'Aata Biscuits');

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup({ online = true, till = 7 as number | null } = {}) {
  const shown: Array<Found | null> = [];
  const calls: Array<{ path: string; signal: AbortSignal | null | undefined }> = [];
  let answer: (path: string, signal?: AbortSignal | null) => Promise<Response> = async () => json({ packs: [ATTA], did_you_mean: null });
  const search = createShopSearch({
    send: (path, init) => {
      calls.push({ path, signal: init.signal });
      return answer(path, init.signal);
    },
    tillId: () => till,
    online: () => online,
    local: async (query) => (query.startsWith('aa') ? [LOCAL] : []),
    show: (found) => shown.push(found),
  });
  return { search, shown, calls, answerWith: (f: typeof answer) => (answer = f) };
}

const last = (shown: Array<Found | null>) => shown[shown.length - 1];
const settle = async (ms = 0) => {
  await vi.advanceTimersByTimeAsync(ms);
};

describe('the till search box: the device at once, the shop after a pause', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("shows the device's answer at once, then the shop's for the latest text, asked once after the typing paused", async () => {
    const { search, shown, calls } = setup();
    for (const text of ['aa', 'aat', 'aata']) {
      await search.type(text);
      await settle(SHOP_SEARCH.debounceMs - 50);
    }
    expect(last(shown)).toEqual({ query: 'aata', packs: [LOCAL], from: 'device' });
    expect(calls).toEqual([]);
    await settle(50);
    expect(calls.map((c) => c.path)).toEqual(['/pos/search?till_id=7&q=aata']);
    expect(last(shown)).toEqual({ query: 'aata', packs: [ATTA], from: 'shop' });
  });

  it('drops an answer for text typed over: the latest text wins', async () => {
    const { search, shown, calls, answerWith } = setup();
    let release: (r: Response) => void = () => {};
    answerWith((path) => (path.endsWith('q=aata') ? new Promise((resolve) => (release = resolve)) : Promise.resolve(json({ packs: [pack(3, 'Aata Noodles')], did_you_mean: null }))));
    await search.type('aata');
    await settle(SHOP_SEARCH.debounceMs);
    await search.type('aata n');
    await settle(SHOP_SEARCH.debounceMs);
    expect(last(shown)).toMatchObject({ query: 'aata n', from: 'shop' });
    release(json({ packs: [ATTA], did_you_mean: null }));
    await settle();
    expect(calls).toHaveLength(2);
    expect(last(shown)).toMatchObject({ query: 'aata n', packs: [pack(3, 'Aata Noodles')], from: 'shop' });
    expect(shown.filter((f) => f?.from === 'shop')).toHaveLength(1);
  });

  it("keeps the device's answer when the call fails, is refused or answers no search", async () => {
    for (const failing of [() => Promise.reject(new TypeError('Failed to fetch')), () => Promise.resolve(json({ message: 'No such till' }, 404)), () => Promise.resolve(json(['not', 'a', 'search'])), () => Promise.resolve(new Response('<html>', { status: 200 }))]) {
      const { search, shown, calls, answerWith } = setup();
      answerWith(failing);
      await search.type('aata');
      await settle(SHOP_SEARCH.debounceMs);
      expect(calls).toHaveLength(1);
      expect(shown).toEqual([{ query: 'aata', packs: [LOCAL], from: 'device' }]);
    }
  });

  it('gives the call up after its time limit, keeping the device\'s answer', async () => {
    const { search, shown, calls, answerWith } = setup();
    answerWith((_path, signal) => new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason))));
    await search.type('aata');
    await settle(SHOP_SEARCH.debounceMs);
    expect(calls[0]?.signal?.aborted).toBe(false);
    await settle(SHOP_SEARCH.timeoutMs);
    expect(calls[0]?.signal?.aborted).toBe(true);
    expect(shown).toEqual([{ query: 'aata', packs: [LOCAL], from: 'device' }]);
  });

  it('asks the device only: offline, before a till, a single letter, a barcode being typed', async () => {
    for (const [options, text] of [[{ online: false }, 'aata'], [{ till: null }, 'aata'], [{}, 'a'], [{}, '8901234567890']] as const) {
      const { search, shown, calls } = setup(options);
      await search.type(text);
      await settle(SHOP_SEARCH.debounceMs + SHOP_SEARCH.timeoutMs);
      expect(calls).toEqual([]);
      expect(shown).toHaveLength(1);
      expect(shown[0]?.from).toBe('device');
    }
  });

  it('shows nothing found for an empty box (the quick picks), and after stop() shows no answer still on its way', async () => {
    const { search, shown, calls } = setup();
    await search.type('aata');
    await search.type('   ');
    await settle(SHOP_SEARCH.debounceMs);
    expect(calls).toEqual([]);
    expect(last(shown)).toBeNull();
    await search.type('aata');
    await settle(SHOP_SEARCH.debounceMs - 1);
    search.stop();
    await settle(SHOP_SEARCH.debounceMs);
    expect(calls).toEqual([]);
    expect(last(shown)).toMatchObject({ from: 'device' });
  });

  it('asks the shop about words, not about barcodes or single letters', () => {
    expect([asksShop('aata', true), asksShop('आटा', true), asksShop('dal 1kg', true), asksShop('aata', false), asksShop('a', true), asksShop('8901234567890', true), asksShop('  ', true)]).toEqual([true, true, true, false, false, false, false]);
  });
});
