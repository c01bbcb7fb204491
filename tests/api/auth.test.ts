import { expect, it } from 'vitest';
import { Cart, CodeSent, SignedIn } from '../../src/contract';
import { hashToken } from '../../src/server/services/sessions';
import { describeApi, type TestShop, type Visitor } from './shop';

const SHOPPER = '9876500001';

async function latestCode(shop: TestShop, to: string): Promise<string> {
  const { messages } = await (await shop.visitor().get(`/dev/outbox?to=${encodeURIComponent(to)}`)).json();
  return /\b(\d{6})\b/.exec(messages[0].text)![1]!;
}
async function signIn(shop: TestShop, visitor: Visitor, identifier = SHOPPER) {
  expect((await visitor.post('/auth/login', { identifier })).status).toBe(200);
  const response = await visitor.post('/auth/verify', { code: await latestCode(shop, identifier) });
  expect(response.status).toBe(200);
  return SignedIn.parse(await response.json()).user;
}
/** Starts an address's hourly count afresh, so a test sees only the limit it is about. */
const forgetCodesSentTo = (shop: TestShop, to: string) => shop.deps.db.kysely.deleteFrom('rate_limits').where('key', '=', `otp-to:${to}`).execute();
const ip = (n: number) => ({ headers: { 'x-client-ip': `10.0.0.${n}` } });

describeApi('sign-in by one-time code', (shop) => {
  it('sends a code to the account, says where (masked), and signs in with it', async () => {
    const visitor = await shop().visitor().start();
    const sent = await visitor.post('/auth/login', { identifier: '+91 98765 00001' });
    expect(sent.status).toBe(200);
    expect(CodeSent.parse(await sent.json())).toEqual({ to: '98******01', expires_in: 600 });
    const code = await latestCode(shop(), SHOPPER);
    const stored = await shop().deps.db.kysely.selectFrom('otp_codes').select('code_hash').where('identifier', '=', SHOPPER).execute();
    expect(stored.every((r) => !r.code_hash.includes(code))).toBe(true);
    const verified = await visitor.post('/auth/verify', { code });
    expect(verified.status).toBe(200);
    expect((await verified.json()).user).toMatchObject({ name: 'Asha Verma', phone: SHOPPER, isSalesAgent: false });
    const init = await (await visitor.get('/init')).json();
    expect(init.user.name).toBe('Asha Verma');
  });

  it('accepts an email too, and refuses what is neither or has no account', async () => {
    const visitor = await shop().visitor().start();
    const byEmail = await visitor.post('/auth/login', { identifier: 'Ravi.Agent@Example.com' });
    expect(await byEmail.json()).toEqual({ to: 'ra********@example.com', expires_in: 600 });
    expect((await visitor.post('/auth/login', { identifier: '12345' })).status).toBe(400);
    const unknown = await visitor.post('/auth/login', { identifier: '9000000000' });
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).message).toMatch(/register/);
  });

  it('rotates the session at sign-in: the old id dies, the guest cart moves to the user', async () => {
    const visitor = await shop().visitor().start();
    const oldId = hashToken(visitor.cookies.get('sid')!);
    const pack = await shop().deps.db.kysely.selectFrom('packs').select(['id', 'warehouse_id']).where('stock', '>=', 10).orderBy('id').executeTakeFirstOrThrow();
    expect((await visitor.post('/cart/add', { pack_id: pack.id, warehouse_id: pack.warehouse_id })).status).toBe(200);
    const oldCookies = new Map(visitor.cookies);
    await signIn(shop(), visitor);
    const newId = hashToken(visitor.cookies.get('sid')!);
    expect(newId).not.toBe(oldId);
    const db = shop().deps.db.kysely;
    expect(await db.selectFrom('sessions').select('id').where('id', '=', oldId).executeTakeFirst()).toBeUndefined();
    expect((await db.selectFrom('sessions').select('user_id').where('id', '=', newId).executeTakeFirstOrThrow()).user_id).not.toBeNull();
    const cart = Cart.parse(await (await visitor.get('/cart')).json());
    expect(cart.items.map((i) => i.pack_id)).toContain(pack.id);
    // The old cookie is worth nothing now.
    const stale = shop().visitor();
    for (const [k, v] of oldCookies) stale.cookies.set(k, v);
    expect((await (await stale.get('/init')).json()).user).toBeNull();
    expect((await stale.post('/cart/add', { pack_id: pack.id, warehouse_id: pack.warehouse_id })).status).toBe(403);
  });

  it("merges a guest cart into the cart the user already has", async () => {
    const pack = await shop().deps.db.kysely.selectFrom('packs').select(['id', 'warehouse_id']).where('stock', '>=', 10).orderBy('id', 'desc').executeTakeFirstOrThrow();
    const first = await shop().visitor().start();
    await signIn(shop(), first, '9876500003');
    await first.post('/cart/add', { pack_id: pack.id, warehouse_id: pack.warehouse_id, quantity: 2 });
    const second = await shop().visitor().start();
    await second.post('/cart/add', { pack_id: pack.id, warehouse_id: pack.warehouse_id, quantity: 3 });
    await signIn(shop(), second, '9876500003');
    const cart = Cart.parse(await (await second.get('/cart')).json());
    expect(cart.items.find((i) => i.pack_id === pack.id)?.quantity).toBe(5);
  });

  it('logout destroys the session on the server and clears the cookies', async () => {
    const visitor = await shop().visitor().start();
    await signIn(shop(), visitor, '9876500004');
    const id = hashToken(visitor.cookies.get('sid')!);
    const saved = new Map(visitor.cookies);
    const out = await visitor.get('/auth/logout');
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((l) => /^sid=;/.test(l) && /Max-Age=0/i.test(l))).toBe(true);
    expect(await shop().deps.db.kysely.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    const replay = shop().visitor();
    for (const [k, v] of saved) replay.cookies.set(k, v);
    expect((await (await replay.get('/init')).json()).user).toBeNull();
  });

  it('refuses a wrong code, counts down the tries, and locks the code after five', async () => {
    const visitor = await shop().visitor().start();
    await visitor.post('/auth/login', { identifier: '9876500002' }, ip(2));
    const code = await latestCode(shop(), '9876500002');
    const wrong = code === '000000' ? '111111' : '000000';
    const first = await visitor.post('/auth/verify', { code: wrong });
    expect(first.status).toBe(400);
    expect((await first.json()).message).toBe('That code is not right. 4 tries left.');
    for (let i = 0; i < 4; i++) await visitor.post('/auth/verify', { code: wrong });
    const locked = await visitor.post('/auth/verify', { code });
    expect(locked.status).toBe(429);
    expect((await (await visitor.get('/init')).json()).user).toBeNull();
    expect((await visitor.post('/auth/verify', { code: '12' })).status).toBe(400);
  });

  it('refuses an expired code, a used code, a code from another session, and an earlier code after a new one', async () => {
    const db = shop().deps.db.kysely;
    const a = await shop().visitor().start();
    await a.post('/auth/login', { identifier: 'asha@example.com' }, ip(3));
    const code = await latestCode(shop(), 'asha@example.com');
    await db.updateTable('otp_codes').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('identifier', '=', 'asha@example.com').execute();
    const expired = await a.post('/auth/verify', { code });
    expect(expired.status).toBe(400);
    expect((await expired.json()).message).toBe('This code has expired. Please request a new one.');

    await a.post('/auth/login', { identifier: 'asha@example.com' }, ip(3));
    const earlier = await latestCode(shop(), 'asha@example.com');
    // Two codes in a row are the same one time in a million: ask again until the newest differs.
    let newest = earlier;
    while (newest === earlier) {
      expect((await a.post('/auth/login', { identifier: 'asha@example.com' }, ip(3))).status).toBe(200);
      newest = await latestCode(shop(), 'asha@example.com');
    }
    expect((await a.post('/auth/verify', { code: earlier })).status).toBe(400);

    const b = await shop().visitor().start();
    expect((await b.post('/auth/verify', { code: newest })).status).toBe(400);
    expect((await a.post('/auth/verify', { code: newest })).status).toBe(200);
    const c = await shop().visitor().start();
    expect((await c.post('/auth/verify', { code: newest })).status).toBe(400);
  });

  it('sends at most 5 codes an hour to one address, and at most 20 to one client address', async () => {
    const visitor = await shop().visitor().start();
    await forgetCodesSentTo(shop(), '9876500004');
    for (let i = 0; i < 5; i++) expect((await visitor.post('/auth/login', { identifier: '9876500004' }, ip(50 + i))).status).toBe(200);
    const sixth = await visitor.post('/auth/login', { identifier: '9876500004' }, ip(60));
    expect(sixth.status).toBe(429);
    expect((await sixth.json()).message).toMatch(/Too many codes/);

    const crowd = await shop().visitor().start();
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const who = ['9876500001', '9876500002', '9876500003', 'asha@example.com', 'ravi.agent@example.com'][i % 5]!;
      await forgetCodesSentTo(shop(), who);
      statuses.push((await crowd.post('/auth/login', { identifier: who }, ip(99))).status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it('registers with the shared rules: a code to the phone, then a new account signed in', async () => {
    const visitor = await shop().visitor().start();
    const bad = await visitor.post('/auth/register', { name: '', email: 'nope', phone: '12345' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({ name: ['Name is required'], email: ['Email is not a valid email address'], phone: ['Phone is not in valid format'] });
    const taken = await visitor.post('/auth/register', { name: 'Asha Again', email: 'other@example.com', phone: SHOPPER });
    expect(taken.status).toBe(409);
    const started = await visitor.post('/auth/register', { name: 'Priya Nair', email: 'Priya@Example.com', phone: '9123456780' }, ip(7));
    expect(await started.json()).toEqual({ to: '91******80', expires_in: 600 });
    const verified = await visitor.post('/auth/verify', { code: await latestCode(shop(), '9123456780') });
    expect(verified.status).toBe(200);
    expect((await verified.json()).user).toMatchObject({ name: 'Priya Nair', email: 'priya@example.com', phone: '9123456780' });
    expect(await shop().deps.db.kysely.selectFrom('users').select('id').where('phone', '=', '9123456780').executeTakeFirst()).toBeDefined();
  });
});
