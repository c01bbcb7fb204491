import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { PosCatalogue, PosPack } from '../../contract/pos';
import { CATALOGUE, openCatalogue, packForTicket, quickPicks, searchWords } from './catalogue-cache';

const pack = (pack_id: number, product_name: string, extra: Partial<PosPack> = {}): PosPack => ({
  pack_id,
  product_id: pack_id,
  product_name,
  product_name_hi: null,
  pack_name: '1 kg',
  barcode: null,
  price: 10,
  mrp: 12,
  stock: 5,
  image: null,
  ...extra,
});

const atta = pack(1, 'Aashirvaad Whole Wheat Atta', { product_name_hi: 'आशीर्वाद आटा', pack_name: '5 kg', barcode: '8901725181222', price: 299.5 });
const dal = pack(2, 'Tata Sampann Toor Dal', { product_name_hi: 'तूर दाल', barcode: '8901052004321' });
const milk = pack(3, 'Amul Taaza Milk', { product_name_hi: 'अमूल ताज़ा दूध', pack_name: '500 ml', barcode: '0123456789012', price: 28 });
const soap = pack(4, 'Santoor Sandal Soap', { pack_name: '4 × 100 g' });

const full = (packs: PosPack[], as_of = '2026-11-27T05:00:00.000Z', frequent: number[] = []): PosCatalogue => ({ packs, removed: [], as_of, frequent });

let dbNumber = 0;
/** A catalogue in a database of its own, with its clock an hour after the test answers' as_of. */
const clock = { now: Date.parse('2026-11-27T06:00:00.000Z') };
const fresh = () => openCatalogue({ name: `pos-catalogue-test-${(dbNumber += 1)}`, now: () => clock.now });

describe('search words', () => {
  it('are lower case, without accents or punctuation, in Hindi as in English', () => {
    expect(searchWords('Café-Style  COFFEE, 200g')).toEqual(['cafe', 'style', 'coffee', '200g']);
    expect(searchWords('अमूल ताज़ा दूध')).toEqual(searchWords('अमूल ताज़ा दूध'.normalize('NFD')));
    expect(searchWords('अमूल ताज़ा दूध')).toHaveLength(3);
    expect(searchWords('  ')).toEqual([]);
  });
});

describe('the offline catalogue', () => {
  it('keeps a full answer and its as_of, and finds a pack by barcode', async () => {
    const catalogue = fresh();
    await catalogue.apply(full([atta, dal, milk]), { tillId: 1, full: true });
    expect(await catalogue.asOf(1)).toBe('2026-11-27T05:00:00.000Z');
    expect(await catalogue.asOf(2)).toBeNull(); // another till's counter: start again from a full answer
    expect((await catalogue.byBarcode('8901725181222'))?.pack_id).toBe(1);
    expect((await catalogue.byBarcode(' 8901052004321 '))?.pack_id).toBe(2);
    expect(await catalogue.byBarcode('8900000000000')).toBeNull();
    // A UPC-A scanner leaves out EAN-13's leading zero.
    expect((await catalogue.byBarcode('123456789012'))?.pack_id).toBe(3);
  });

  it('answers the first packs kept, by pack id, for the quick picks', async () => {
    const catalogue = fresh();
    await catalogue.apply(full([soap, dal, atta, milk]), { tillId: 1, full: true });
    expect((await catalogue.first(3)).map((p) => p.pack_id)).toEqual([1, 2, 3]);
    expect((await catalogue.first(3))[0]).toEqual(atta);
  });

  it("answers the quick picks: the shop's best sellers kept with the catalogue, in order, then the first packs", async () => {
    const catalogue = fresh();
    const dal2 = pack(5, 'Tata Sampann Toor Dal', { product_id: dal.product_id, pack_name: '500 g' });
    await catalogue.apply(full([soap, dal, atta, milk, dal2], undefined, [4, 3]), { tillId: 1, full: true });
    // Soap and milk sell most; then atta and dal by pack id (dal's second pack is the same product: left out).
    expect((await catalogue.quickPicks(12)).map((p) => p.pack_id)).toEqual([4, 3, 1, 2]);
    expect((await catalogue.quickPicks(3)).map((p) => p.pack_id)).toEqual([4, 3, 1]);
    expect((await catalogue.quickPicks(12))[0]).toEqual(soap);
    // A delta names them anew; a best seller no longer kept (taken off sale) is skipped.
    await catalogue.apply({ packs: [], removed: [4], as_of: '2026-11-27T06:00:00.000Z', frequent: [2, 4, 5] }, { tillId: 1, full: false });
    expect((await catalogue.quickPicks(12)).map((p) => p.pack_id)).toEqual([2, 5, 1, 3]);
    // No sales figures at all (an older answer without them): the first packs, one per product.
    await catalogue.apply({ packs: [soap], removed: [], as_of: '2026-11-27T07:00:00.000Z' } as unknown as PosCatalogue, { tillId: 1, full: false });
    expect((await catalogue.quickPicks(12)).map((p) => p.pack_id)).toEqual([1, 2, 3, 4]);
  });

  it('fills the quick picks to the limit, one pack per product among those filling', () => {
    const packs = [atta, dal, milk, soap];
    expect(quickPicks([milk], packs, 3).map((p) => p.pack_id)).toEqual([3, 1, 2]);
    expect(quickPicks([], packs, 12).map((p) => p.pack_id)).toEqual([1, 2, 3, 4]);
    expect(quickPicks(packs, [], 2).map((p) => p.pack_id)).toEqual([1, 2]);
  });

  it('applies a delta: changed packs replaced, new ones added, removed ones gone', async () => {
    const catalogue = fresh();
    await catalogue.apply(full([atta, dal, milk]), { tillId: 1, full: true });
    const cheaper = { ...dal, price: 9.5, product_name: 'Tata Sampann Arhar Dal' };
    await catalogue.apply({ packs: [cheaper, soap], removed: [3], as_of: '2026-11-27T06:00:00.000Z', frequent: [] }, { tillId: 1, full: false });
    expect(await catalogue.asOf(1)).toBe('2026-11-27T06:00:00.000Z');
    expect(await catalogue.byBarcode('0123456789012')).toBeNull();
    expect((await catalogue.byBarcode('8901052004321'))?.price).toBe(9.5);
    expect((await catalogue.search('toor')).map((p) => p.pack_id)).toEqual([]); // its old words went with it
    expect((await catalogue.search('arhar')).map((p) => p.pack_id)).toEqual([2]);
    expect((await catalogue.search('santoor')).map((p) => p.pack_id)).toEqual([4]);
  });

  it('a full answer replaces everything kept before', async () => {
    const catalogue = fresh();
    await catalogue.apply(full([atta, dal]), { tillId: 1, full: true });
    await catalogue.apply(full([milk], '2026-11-28T00:00:00.000Z'), { tillId: 2, full: true });
    expect(await catalogue.byBarcode('8901725181222')).toBeNull();
    expect(await catalogue.asOf(2)).toBe('2026-11-28T00:00:00.000Z');
    expect(await catalogue.asOf(1)).toBeNull();
  });

  it('searches by the start of any word, every word typed must match, in English or Hindi', async () => {
    const catalogue = fresh();
    await catalogue.apply(full([atta, dal, milk, soap]), { tillId: 1, full: true });
    const ids = async (query: string) => (await catalogue.search(query)).map((p) => p.pack_id);
    expect(await ids('ata')).toEqual([]);
    expect(await ids('att')).toEqual([1]);
    expect(await ids('TATA dal')).toEqual([2]);
    expect(await ids('dal tata')).toEqual([2]);
    expect(await ids('tata milk')).toEqual([]);
    expect(await ids('ta')).toEqual([3, 2]); // Taaza before Tata: by name
    expect(await ids('दूध')).toEqual([3]);
    expect(await ids('दाल')).toEqual([2]);
    expect(await ids('आ')).toEqual([1]);
    expect(await ids('500 ml')).toEqual([3]); // the pack's name too
    expect(await ids('   ')).toEqual([]);
  });

  it('puts whole-word matches first', async () => {
    const catalogue = fresh();
    await catalogue.apply(full([pack(10, 'Dalda Vanaspati'), pack(11, 'Moong Dal')]), { tillId: 1, full: true });
    expect((await catalogue.search('dal')).map((p) => p.pack_id)).toEqual([11, 10]);
  });

  it('bounds each query\'s work and answer, however many packs match', async () => {
    const catalogue = fresh();
    const many = Array.from({ length: 300 }, (_, i) => pack(100 + i, `Namkeen ${String(i).padStart(3, '0')}`));
    await catalogue.apply(full(many), { tillId: 1, full: true });
    expect(await catalogue.search('namkeen')).toHaveLength(CATALOGUE.maxResults);
    // The rarest word typed is the one looked up, so a pack past the first candidates of 'namkeen' is found.
    expect((await catalogue.search('namkeen 299')).map((p) => p.pack_id)).toEqual([399]);
    expect((await catalogue.search('299')).map((p) => p.pack_id)).toEqual([399]);
    expect(await catalogue.search(`namkeen ${'x'.repeat(500)}`)).toEqual([]);
  });

  it('refreshes from the API: full the first time, then only what changed since its as_of', async () => {
    const catalogue = fresh();
    const paths: string[] = [];
    const answers = [full([atta, dal]), { packs: [milk], removed: [1], as_of: '2026-11-27T07:00:00.000Z', frequent: [] }];
    const send = async (path: string, init: RequestInit) => {
      paths.push(path);
      expect(init.signal).toBeInstanceOf(AbortSignal);
      return new Response(JSON.stringify(answers.shift()), { status: 200 });
    };
    expect(await catalogue.refresh(send, 4)).toEqual({ full: true, packs: 2, removed: 0 });
    expect(await catalogue.refresh(send, 4)).toEqual({ full: false, packs: 1, removed: 1 });
    expect(paths).toEqual(['/pos/catalogue?till_id=4', '/pos/catalogue?till_id=4&since=2026-11-27T05%3A00%3A00.000Z']);
    expect((await catalogue.search('amul')).map((p) => p.pack_id)).toEqual([3]);
    expect(await catalogue.byBarcode('8901725181222')).toBeNull();
  });

  it('asks for everything again once its as_of is a day old', async () => {
    const catalogue = fresh();
    await catalogue.apply(full([atta, dal]), { tillId: 4, full: true });
    const paths: string[] = [];
    const send = async (path: string) => {
      paths.push(path);
      return new Response(JSON.stringify(full([milk], '2026-11-28T05:00:01.000Z')), { status: 200 });
    };
    const later = openCatalogue({ name: `pos-catalogue-test-${dbNumber}`, now: () => Date.parse('2026-11-28T05:00:00.000Z') });
    expect(await later.refresh(send, 4)).toEqual({ full: true, packs: 1, removed: 0 });
    expect(paths).toEqual(['/pos/catalogue?till_id=4']);
    expect(await later.byBarcode('8901725181222')).toBeNull(); // gone, though no delta named it
  });

  it('keeps what it had when a refresh fails', async () => {
    const catalogue = fresh();
    await catalogue.apply(full([atta]), { tillId: 1, full: true });
    const down = async () => new Response('{"message":"nope"}', { status: 503 });
    await expect(catalogue.refresh(down, 1)).rejects.toThrow('503');
    const odd = async () => new Response('<html>', { status: 200 });
    await expect(catalogue.refresh(odd, 1)).rejects.toThrow();
    expect((await catalogue.search('atta')).map((p) => p.pack_id)).toEqual([1]);
    expect(await catalogue.asOf(1)).toBe('2026-11-27T05:00:00.000Z');
  });
});

describe('a cached pack on the ticket', () => {
  it('carries its price in paise, and its Hindi name on a Hindi screen when it has one', () => {
    expect(packForTicket(atta)).toEqual({ pack_id: 1, name: 'Aashirvaad Whole Wheat Atta', pack_name: '5 kg', unit_paise: 29_950, stock: atta.stock });
    expect(packForTicket(atta, 'hi').name).toBe('आशीर्वाद आटा');
    expect(packForTicket(soap, 'hi').name).toBe('Santoor Sandal Soap');
  });
});
