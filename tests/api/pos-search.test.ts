/**
 * The till's finding of packs on both backends (docs/pos.md#calls): the shop's own search at a till (GET
 * /pos/search: synonyms, Hindi words, a misspelling; the till's warehouse only; who may ask; bad input) and the
 * quick picks the catalogue answers (`frequent`: the warehouse's till sales by units over 30 days, cancelled ones
 * left out, then the website's).
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { PosCatalogue, PosSearch } from '../../src/contract/pos';
import type { OrderStatus } from '../../src/server/db/schema';
import { productsKit, staffWith, uniqueWord } from './bos-products-kit';
import { posKit } from './pos-kit';
import { describeApi, HOME, signedIn, type TestShop, type Visitor } from './shop';

const LETTERS = 'कखगघचछजझटठडढतथदधनपफबभमयरलवशसह';
let made = 0;
/** A Devanagari word no other product of the run has: letters from the process id and a counter. */
function uniqueHindiWord() {
  made += 1;
  return [...`${process.pid}${made}`].map((d, i) => LETTERS[(Number(d) * 3 + i) % LETTERS.length]).join('');
}

const searched = async (v: Visitor, tillId: number, q: string) => {
  const r = await v.get(`/pos/search?till_id=${tillId}&q=${encodeURIComponent(q)}`);
  expect(r.status, await r.clone().text()).toBe(200);
  return PosSearch.parse(await r.json());
};

let orders = 0;
/** A website order as checkout stores it, of one line, `at` that moment, in the status given. */
async function webOrder(shop: TestShop, pack: { id: number; warehouse: number }, quantity: number, status: OrderStatus, at = new Date().toISOString()) {
  orders += 1;
  const db = shop.deps.db.kysely;
  const user = await db.selectFrom('users').select('id').where('phone', '=', HOME.phone).executeTakeFirstOrThrow();
  const key = `pos-search-${process.pid}-${orders}-${randomUUID()}`;
  const { id } = await db
    .insertInto('orders')
    .values({
      website_id: 1, user_id: user.id, ordernumber: `PSW-${process.pid}-${orders}`, status, payment_method: 'cod', payment_provider: null, payment_ref: null,
      amount_paise: 100 * quantity, discount_paise: 0, delivery_charge_paise: 0, total_paise: 100 * quantity, offercode: null, coupon_id: null, note: null,
      address_id: null, address_json: JSON.stringify(HOME), idempotency_key: key, request_hash: 'x', expires_at: null, created_at: at, updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('order_lines')
    .values({
      order_id: id, position: 0, pack_id: pack.id, slug: 'x', image: '', name: 'x', pack: '1 kg', quantity, price_paise: 100, act_price_paise: 100,
      amount_paise: 100 * quantity, discount_paise: 0, warehouse_id: pack.warehouse, delivery_charge_id: null, del_date: null, del_start_time: null, del_end_time: null,
    })
    .execute();
  return id;
}

describeApi('point of sale: finding packs', (shop) => {
  const { db, asAdmin, asCashier, blr, freshPack, openTill, sold } = posKit(shop);
  const products = productsKit(shop);

  it("finds packs by the shop's search: a Hinglish synonym, a Hindi synonym, a Hindi name, a misspelling; the till's warehouse only", async () => {
    const v = await asCashier();
    const till = await openTill();
    const ref = await products.references();
    const word = uniqueWord('Kirpa');
    const hindi = uniqueHindiWord();
    const here = { name: '1 kg', price: 9000, mrp: 10000, max_per_order: 10, active: true, warehouse_id: ref.blr, opening_stock: 5 };
    const both = await products.create(await asAdmin(), `${word} Atta`, {
      name_hi: `${hindi} आटा`,
      packs: [here, { ...here, name: '5 kg', price: 40000, mrp: 45000, warehouse_id: ref.other }, { ...here, name: '500 g', price: 5000, mrp: 5500 }],
    });
    const elsewhere = await products.create(await asAdmin(), `${word} Wheat Flour`, { packs: [{ ...here, warehouse_id: ref.other }] });
    const blrPacks = both.packs.filter((p) => p.warehouse_id === ref.blr).map((p) => p.id);
    const otherPacks = [...both.packs.filter((p) => p.warehouse_id !== ref.blr), ...elsewhere.packs].map((p) => p.id);
    expect(blrPacks).toHaveLength(2);

    // "aata" (Hinglish) is not in any name: the atta group of the seeded synonyms finds it; आटा (Hindi) too.
    for (const q of [`${word} aata`, `${word} आटा`, `${word} wheat flour`, hindi]) {
      const found = await searched(v, till.id, q);
      expect(found.packs.map((p) => p.pack_id).sort(), q).toEqual([...blrPacks].sort());
    }
    const [first] = (await searched(v, till.id, `${word} aata`)).packs;
    expect([first?.product_name, first?.product_name_hi, first?.price, first?.mrp, first?.stock]).toEqual([`${word} Atta`, `${hindi} आटा`, 90, 100, 5]);
    // A size typed puts that pack first.
    expect((await searched(v, till.id, `${word} 500g`)).packs.map((p) => p.pack_name)).toEqual(['500 g', '1 kg']);
    // Misspelt (a letter dropped): corrected to the word the catalogue has.
    const typo = await searched(v, till.id, `${word.slice(0, 3)}${word.slice(4)}`);
    expect(typo.packs.map((p) => p.pack_id).sort()).toEqual([...blrPacks].sort());
    // The pack of the other warehouse, and the product sold only there, never come.
    const all = await searched(v, till.id, word);
    expect(all.packs.map((p) => p.pack_id).sort()).toEqual([...blrPacks].sort());
    expect(all.packs.some((p) => otherPacks.includes(p.pack_id))).toBe(false);
    expect((await searched(v, till.id, 'qqqqzzzzxxxx')).packs).toEqual([]);
  });

  it('answers at most 20 packs, in the order of the listing\'s search', async () => {
    const v = await asCashier();
    const till = await openTill();
    const found = await searched(v, till.id, 'rice');
    expect(found.packs.length).toBeGreaterThan(0);
    expect(found.packs.length).toBeLessThanOrEqual(20);
    const listing = (await (await shop().visitor().get('/products?q=rice&perPage=100')).json()) as { data: Array<{ product_id: number }> };
    const rank = new Map(listing.data.map((p, i) => [p.product_id, i]));
    const order = found.packs.map((p) => rank.get(p.product_id) ?? -1);
    expect(order.every((r) => r >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('refuses a visitor (401) and anyone without pos_access:view (403); bad input 400; an unknown till 404', async () => {
    const till = await openTill();
    const visitor = await shop().visitor().start();
    const shopper = await signedIn(shop(), '9876500001');
    const backOffice = await staffWith(shop(), ['order:manage', 'catalogue:manage']);
    for (const [v, status] of [[visitor, 401], [shopper, 403], [backOffice, 403]] as const) {
      expect((await v.get(`/pos/search?till_id=${till.id}&q=atta`)).status).toBe(status);
    }
    const v = await asCashier();
    const answers = await Promise.all([
      v.get(`/pos/search?till_id=${till.id}`),
      v.get(`/pos/search?till_id=${till.id}&q=${'a'.repeat(101)}`),
      v.get(`/pos/search?till_id=${till.id}&q=%20%20`),
      v.get('/pos/search?q=atta'),
      v.get('/pos/search?till_id=abc&q=atta'),
      v.get('/pos/search?till_id=99999999&q=atta'),
    ]);
    expect(answers.map((r) => r.status)).toEqual([400, 400, 400, 400, 400, 404]);
  });

  it('answers the quick picks: the till sales of the last 30 days by units, cancelled ones left out, then the website\'s', async () => {
    const v = await asCashier();
    const till = await openTill();
    const warehouse = await blr();
    const [twice, once, cancelled, old, online, onlineCancelled] = await Promise.all([freshPack(1000, 100), freshPack(1000, 100), freshPack(1000, 100), freshPack(1000, 100), freshPack(1000, 100), freshPack(1000, 100)]);
    const sale = (packId: number, quantity: number) => sold(v, { till_id: till.id, lines: [{ pack_id: packId, quantity }], payments: [{ mode: 'cash', amount: quantity }] });
    // 400 + 300 units in two sales, 500 in one.
    await sale(twice.id, 400);
    await sale(once.id, 500);
    await sale(twice.id, 300);
    // 990 units at the till, then cancelled: no sale. 990 units 40 days ago: too old.
    const gone = await sale(cancelled.id, 990);
    await db().updateTable('orders').set({ status: 'cancelled' }).where('id', '=', gone.order_id).execute();
    const early = await sale(old.id, 990);
    const fortyDaysAgo = new Date(Date.now() - 40 * 86_400_000).toISOString();
    await db().updateTable('orders').set({ created_at: fortyDaysAgo }).where('id', '=', early.order_id).execute();
    // The website: more units than any seeded order has, and a cancelled order of more still.
    await webOrder(shop(), { id: online.id, warehouse }, 50_000, 'delivered');
    await webOrder(shop(), { id: onlineCancelled.id, warehouse }, 90_000, 'cancelled');

    const full = await v.get(`/pos/catalogue?till_id=${till.id}`);
    expect(full.status).toBe(200);
    const { frequent, as_of } = PosCatalogue.parse(await full.json());
    expect(frequent.slice(0, 3)).toEqual([twice.id, once.id, online.id]);
    expect(frequent.length).toBeLessThanOrEqual(12);
    expect(frequent).not.toContain(cancelled.id);
    expect(frequent).not.toContain(old.id);
    expect(frequent).not.toContain(onlineCancelled.id);
    // A delta carries them too.
    const delta = PosCatalogue.parse(await (await v.get(`/pos/catalogue?till_id=${till.id}&since=${encodeURIComponent(as_of)}`)).json());
    expect(delta.frequent).toEqual(frequent);
  });
});
