import { expect, it } from 'vitest';
import { codesSentTo, describeApi, HOME, newShopper, signedIn, type TestShop, type Visitor } from './shop';

/**
 * The text rule on both databases (docs/security.md): a NUL, another control character, a lone surrogate, a
 * text-direction override or an invisible-only value in any free-text field is a 400 with the field's error,
 * before anything is stored or sent. PostgreSQL refused a NUL with a 500 (after a sign-in code was sent).
 */
const NUL = 'Asha\u0000Verma';

async function refusedField(response: Response, field: string): Promise<string> {
  const body = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(400);
  expect(Object.keys(body.errors), JSON.stringify(body)).toContain(field);
  return body.errors[field][0];
}

const count = async (shop: TestShop, table: 'addresses' | 'wishlist_categories' | 'webui_submissions' | 'users' | 'orders') =>
  Number((await shop.deps.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow()).n);

describeApi('text inputs refuse control and invisible characters', (shop) => {
  let asha: Visitor;

  it('refuses a NUL in the name at registration before a code is sent, so no code is burnt', async () => {
    const visitor = await shop().visitor().start();
    const users = await count(shop(), 'users');
    expect(await refusedField(await visitor.post('/auth/register', { name: NUL, email: 'nul@example.com', phone: '9123400001' }), 'name')).toBe('Name must not contain control characters');
    expect(await codesSentTo(shop(), '9123400001')).toBe(0);
    expect(await count(shop(), 'users')).toBe(users);
    // The same registration, written properly, goes through and signs in with its code.
    expect((await visitor.post('/auth/register', { name: 'Asha Verma', email: 'nul@example.com', phone: '9123400001' })).status).toBe(200);
    expect(await codesSentTo(shop(), '9123400001')).toBe(1);
  });

  it('refuses it in sign-in and in the demo outbox query', async () => {
    const visitor = await shop().visitor().start();
    expect(await refusedField(await visitor.post('/auth/login', { identifier: '9876500001\u0000' }), 'identifier')).toBe('Mobile number or email must not contain control characters');
    expect(await refusedField(await visitor.get('/dev/outbox?to=9876500001%00'), 'to')).toBe('Mobile number or email must not contain control characters');
  });

  it('refuses it in every line of an address, and stores nothing', async () => {
    asha = await newShopper(shop());
    const before = await count(shop(), 'addresses');
    for (const field of ['name', 'line1', 'line2', 'landmark', 'city', 'state']) {
      expect(await refusedField(await asha.post('/addresses', { ...HOME, [field]: NUL }), field)).toMatch(/must not contain control characters$/);
    }
    expect(await refusedField(await asha.post('/addresses', { ...HOME, line1: '12, MG Road \u202e' }), 'line1')).toBe('Address line 1 must not contain text-direction controls');
    expect(await refusedField(await asha.post('/addresses', { ...HOME, name: '\u200b\u200b' }), 'name')).toBe('Name must contain visible characters');
    expect(await refusedField(await asha.post('/addresses', { ...HOME, city: 'Bengaluru\ud800' }), 'city')).toBe('City contains a character that is not valid text');
    expect(await count(shop(), 'addresses')).toBe(before);
  });

  it('refuses it in a wishlist name, a coupon code, an order note and the profile name', async () => {
    const lists = await count(shop(), 'wishlist_categories');
    expect(await refusedField(await asha.post('/wishlistCategory', { name: NUL }), 'name')).toBe('New Wishlist must not contain control characters');
    expect(await count(shop(), 'wishlist_categories')).toBe(lists);
    expect(await refusedField(await asha.post('/apply/coupon', { code: 'NAMASTE\u0000' }), 'code')).toBe('Coupon code must not contain control characters');
    const orders = await count(shop(), 'orders');
    const order = (body: object) => asha.post('/order/create', { address_id: 1, payment: 'cod', ...body }, { headers: { 'Idempotency-Key': crypto.randomUUID() } });
    expect(await refusedField(await order({ note: 'Ring twice\u0000' }), 'note')).toBe('Note must not contain control characters');
    expect(await refusedField(await order({ offercode: 'NAMASTE\u0000' }), 'offercode')).toBe('Coupon code must not contain control characters');
    expect(await count(shop(), 'orders')).toBe(orders);
    const put = (name: string) => asha.request('/profile', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
    expect(await refusedField(await put('\u3164'), 'name')).toBe('Name must contain visible characters');
    expect(await refusedField(await put(NUL), 'name')).toBe('Name must not contain control characters');
  });

  it('refuses it in a product slug in the path and in search text, never a 500', async () => {
    const visitor = await shop().visitor().start();
    for (const path of ['/products/atta%00', '/products/%00', '/products?q=atta%00', '/search/suggest?q=at%00', '/cart?payment_method=cod%00']) {
      const response = await visitor.get(path);
      expect(response.status, path).toBe(400);
    }
    expect((await visitor.get('/products/no-such-product')).status).toBe(404);
  });

  it('refuses it in a dynamic form’s answers and their names, and keeps lines in a message', async () => {
    const visitor = await shop().visitor().start();
    const before = await count(shop(), 'webui_submissions');
    expect(await refusedField(await visitor.post('/webui/create', { formtype: 'contact', formdata: { message: 'Hello\u0000' } }), 'formdata.message')).toBe('Form answer must not contain control characters');
    expect((await visitor.post('/webui/create', { formtype: 'contact', formdata: { 'na\u0000me': 'Lakshmi' } })).status).toBe(400);
    expect(await count(shop(), 'webui_submissions')).toBe(before);
    const kept = await visitor.post('/webui/create', { formtype: 'contact', formdata: { name: 'Lakshmi', phone: '9876512345', message: 'Sunday delivery?\r\n\tAfter 5 pm' } });
    expect(kept.status).toBe(200);
    expect(await count(shop(), 'webui_submissions')).toBe(before + 1);
  });

  it('refuses it in an agent’s customer search', async () => {
    const agent = await signedIn(shop(), '9876500002');
    expect(await refusedField(await agent.get('/agent/customers?q=Asha%00'), 'q')).toBe('Search must not contain control characters');
  });
});
