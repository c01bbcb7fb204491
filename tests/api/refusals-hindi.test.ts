import { expect, it } from 'vitest';
import { ProductList } from '../../src/contract';
import { describeApi, HOME, newShopper, type TestShop, type Visitor } from './shop';

/**
 * The API's refusals in the request's language (docs/languages.md): the same call refused with Accept-Language
 * hi-IN answers the same status and the same `errors` keys, its words in Hindi; without it, English as ever.
 */
const HINDI = { headers: { 'accept-language': 'hi-IN' } };

async function latestCode(shop: TestShop, to: string): Promise<string> {
  const { messages } = await (await shop.visitor().get(`/dev/outbox?to=${to}`)).json();
  return /\b(\d{6})\b/.exec(messages[0].text)![1]!;
}

/** The status and body of the same call in English and in Hindi, by two visitors in the same state. */
async function both(send: (v: Visitor, init: RequestInit) => Promise<Response>, visitors: [Visitor, Visitor]) {
  const english = await send(visitors[0], {});
  const hindi = await send(visitors[1], HINDI);
  return { english: { status: english.status, body: await english.json() }, hindi: { status: hindi.status, body: await hindi.json() } };
}

describeApi('refusals in the request’s language', (shop) => {
  it('refuses more than the stock in Hindi, with the count, and in English as before', async () => {
    const visitor = await shop().visitor().start();
    const { data } = ProductList.parse(await (await visitor.get('/products?perPage=24')).json());
    const pack = data[0]!.packs[0]!;
    await shop().deps.db.kysely.updateTable('packs').set({ stock: 2, max_per_order: 10 }).where('id', '=', pack.pack_id).execute();
    const add = (v: Visitor, init: RequestInit) => v.post('/cart/add', { pack_id: pack.pack_id, warehouse_id: pack.warehouse_id, quantity: 3 }, init);
    const { english, hindi } = await both(add, [visitor, await shop().visitor().start()]);
    expect(english).toEqual({ status: 400, body: { message: 'Only 2 left in stock' } });
    expect(hindi).toEqual({ status: 400, body: { message: 'स्टॉक में केवल 2 बचे हैं' } });
  });

  it('refuses an unknown coupon and an invalid pincode in Hindi', async () => {
    const [a, b] = [await shop().visitor().start(), await shop().visitor().start()];
    const coupon = await both((v, init) => v.post('/apply/coupon', { code: 'NOPE' }, init), [a, b]);
    expect(coupon.english).toEqual({ status: 404, body: { message: 'This coupon does not exist' } });
    expect(coupon.hindi).toEqual({ status: 404, body: { message: 'यह कूपन मौजूद नहीं है' } });

    const bad = await both((v, init) => v.request('/check/pincode/abcdef', init), [a, b]);
    expect(bad.english).toEqual({ status: 400, body: { message: 'Please enter a valid pincode', errors: { pincode: ['Please enter a valid pincode'] } } });
    expect(bad.hindi).toEqual({ status: 400, body: { message: 'कृपया सही पिनकोड डालें', errors: { pincode: ['कृपया सही पिनकोड डालें'] } } });

    const unknown = await both((v, init) => v.request('/check/pincode/123456', init), [a, b]);
    expect(unknown.english).toEqual({ status: 404, body: { message: 'We do not deliver to 123456 yet' } });
    expect(unknown.hindi).toEqual({ status: 404, body: { message: 'हम अभी 123456 पर डिलीवरी नहीं करते' } });
  });

  it('refuses a wrong code in Hindi, counting the tries left', async () => {
    const english = await shop().visitor().start();
    const hindi = await shop().visitor().start();
    await english.post('/auth/login', { identifier: '9876500002' }, { headers: { 'x-client-ip': '10.9.0.1' } });
    const code = await latestCode(shop(), '9876500002');
    await hindi.post('/auth/login', { identifier: '9876500003' }, { headers: { 'x-client-ip': '10.9.0.2' } });
    const other = await latestCode(shop(), '9876500003');
    const wrong = (right: string) => (right === '000000' ? '111111' : '000000');
    const en = await english.post('/auth/verify', { code: wrong(code) });
    expect([en.status, (await en.json()).message]).toEqual([400, 'That code is not right. 4 tries left.']);
    const hi = await hindi.post('/auth/verify', { code: wrong(other) }, HINDI);
    expect([hi.status, (await hi.json()).message]).toEqual([400, 'यह कोड सही नहीं है। 4 कोशिशें बाकी हैं।']);
  });

  it('refuses an address with a missing field with the same keys, in Hindi', async () => {
    const v = await newShopper(shop());
    const body = { ...HOME, name: '', city: '' };
    const english = await v.post('/addresses', body);
    expect([english.status, await english.json()]).toEqual([400, { message: 'Name is required', errors: { name: ['Name is required'], city: ['City is required'] } }]);
    const hindi = await v.post('/addresses', body, HINDI);
    expect([hindi.status, await hindi.json()]).toEqual([400, { message: 'नाम ज़रूरी है', errors: { name: ['नाम ज़रूरी है'], city: ['शहर ज़रूरी है'] } }]);
    const typed = await v.post('/addresses', { ...HOME, type: 'castle' }, HINDI);
    expect((await typed.json()).errors).toEqual({ type: ['पते का प्रकार इनमें से एक होना चाहिए: home, work, other'] });
  });

  it('says the generic refusals in Hindi: a call that is not there, signing in first', async () => {
    const v = await shop().visitor().start();
    const missing = await v.request('/nope', HINDI);
    expect([missing.status, (await missing.json()).message]).toEqual([404, '/s/api/nope पर कोई API कॉल नहीं है']);
    const english = await v.get('/addresses');
    expect([english.status, (await english.json()).message]).toEqual([401, 'Please log in to continue']);
    const hindi = await v.request('/addresses', HINDI);
    expect([hindi.status, (await hindi.json()).message]).toEqual([401, 'आगे बढ़ने के लिए कृपया लॉग इन करें']);
  });

  it('says the cart’s notes and a chosen pincode in Hindi: no pincode yet, how much more for free delivery, delivering to', async () => {
    const [a, b] = [await shop().visitor().start(), await shop().visitor().start()];
    // A pack of the Bengaluru store, under the Metro zone's ₹499 for free delivery.
    const pack = await shop()
      .deps.db.kysely.selectFrom('packs as pk')
      .innerJoin('warehouses as w', 'w.id', 'pk.warehouse_id')
      .select(['pk.id as pack_id', 'pk.warehouse_id', 'pk.price_paise'])
      .where('w.code', '=', 'BLR')
      .where('pk.stock', '>=', 5)
      .where('pk.price_paise', '>=', 10_000)
      .where('pk.price_paise', '<=', 30_000)
      .orderBy('pk.id')
      .executeTakeFirstOrThrow();
    const add = (v: Visitor, init: RequestInit) => v.post('/cart/add', { pack_id: pack.pack_id, warehouse_id: pack.warehouse_id }, init);
    const added = await both(add, [a, b]);
    expect(added.english.body.deliveryMessage).toBe('Please select your delivery pincode');
    expect(added.hindi.body.deliveryMessage).toBe('कृपया अपना डिलीवरी पिनकोड चुनें');

    const chosen = await both((v, init) => v.request('/check/pincode/560001', init), [a, b]);
    expect(chosen.english.body.message).toBe('Delivering to 560001, Bengaluru');
    expect(chosen.hindi.body.message).toBe('560001, Bengaluru में डिलीवरी');

    const priced = await both((v, init) => v.request('/cart', init), [a, b]);
    const more = ((49_900 - pack.price_paise) / 100).toLocaleString('en-IN', { minimumFractionDigits: 2 });
    expect(priced.english.body.deliveryMessage).toBe(`Add ₹${more} more for free delivery`);
    expect(priced.hindi.body.deliveryMessage).toBe(`मुफ़्त डिलीवरी के लिए ₹${more} का सामान और डालें`);
    expect(priced.hindi.body.delivery_info[0].message).toBe(priced.hindi.body.deliveryMessage);
  });
});
