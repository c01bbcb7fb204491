import { expect, it } from 'vitest';
import { hashToken, purgeExpiredSessions } from '../../src/server/services/sessions';
import { describeApi, type Visitor } from './shop';

async function addFirstPack(visitor: Visitor) {
  const { data } = await (await visitor.get('/products?perPage=1')).json();
  const pack = data[0].packs[0];
  const response = await visitor.post('/cart/add', { pack_id: pack.pack_id, warehouse_id: pack.warehouse_id });
  expect(response.status).toBe(200);
  return pack.pack_id as number;
}
const cartPacks = async (visitor: Visitor) => ((await (await visitor.get('/cart')).json()).items as { pack_id: number }[]).map((i) => i.pack_id);

describeApi('sessions', (shop) => {
  it('sets an opaque HttpOnly, SameSite=Lax session cookie and stores only its hash', async () => {
    const visitor = shop().visitor();
    const response = await visitor.get('/cookie');
    const sidLine = response.headers.getSetCookie().find((l) => l.startsWith('sid='))!;
    expect(sidLine).toMatch(/HttpOnly/);
    expect(sidLine).toMatch(/SameSite=Lax/);
    expect(sidLine).toMatch(/Path=\//);
    const token = visitor.cookies.get('sid')!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const db = shop().deps.db.kysely;
    expect(await db.selectFrom('sessions').select('id').where('id', '=', token).executeTakeFirst()).toBeUndefined();
    expect(await db.selectFrom('sessions').select('id').where('id', '=', hashToken(token)).executeTakeFirst()).toBeDefined();
  });

  it("keeps a guest's cart across requests (a reload) and gives another visitor an empty one", async () => {
    const guest = await shop().visitor().start();
    const packId = await addFirstPack(guest);
    expect(await cartPacks(guest)).toEqual([packId]);
    expect(await cartPacks(guest)).toEqual([packId]);
    expect(await cartPacks(await shop().visitor().start())).toEqual([]);
  });

  it('ends a session after its idle timeout: the cookie no longer opens the cart', async () => {
    const guest = await shop().visitor().start();
    await addFirstPack(guest);
    const id = hashToken(guest.cookies.get('sid')!);
    await shop().deps.db.kysely.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();
    expect(await cartPacks(guest)).toEqual([]);
    expect(await shop().deps.db.kysely.selectFrom('sessions').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    // The old token is refused for writes too, and a fresh /cookie starts a new session.
    expect((await guest.post('/cart/add', { pack_id: 1, warehouse_id: 1 })).status).toBe(403);
    await guest.get('/cookie');
    expect(hashToken(guest.cookies.get('sid')!)).not.toBe(id);
  });

  it("tells the browser to forget an ended session's cookies, so its next write starts a fresh session instead of failing forever", async () => {
    const guest = await shop().visitor().start();
    const id = hashToken(guest.cookies.get('sid')!);
    await shop().deps.db.kysely.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).where('id', '=', id).execute();
    const init = await guest.get('/init');
    const cleared = init.headers.getSetCookie().filter((line) => /Max-Age=0/.test(line)).map((line) => line.split('=')[0]);
    expect(cleared.sort()).toEqual(['XSRF-TOKEN', 'sid']);
    // The browser client asks for a new token when it has none (docs/product.md#common-rules): that write then succeeds.
    expect(guest.xsrf).toBe('');
    await guest.start();
    expect((await guest.post('/cart/add', { pack_id: 1, warehouse_id: 1 })).status).not.toBe(403);
  });

  it('extends the idle timeout on use but never past the absolute timeout', async () => {
    const { config } = shop().deps;
    const guest = await shop().visitor().start();
    const id = hashToken(guest.cookies.get('sid')!);
    const db = shop().deps.db.kysely;
    const created = new Date(Date.now() - (config.sessionAbsoluteDays * 24 - 1) * 3_600_000);
    await db
      .updateTable('sessions')
      .set({ created_at: created.toISOString(), last_seen_at: new Date(Date.now() - 3_600_000).toISOString() })
      .where('id', '=', id)
      .execute();
    await guest.get('/cart');
    const row = await db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const absoluteEnd = created.getTime() + config.sessionAbsoluteDays * 24 * 3_600_000;
    expect(Date.parse(row.expires_at)).toBe(absoluteEnd);
    expect(Date.parse(row.last_seen_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('purges expired sessions and their carts', async () => {
    const guest = await shop().visitor().start();
    await addFirstPack(guest);
    const id = hashToken(guest.cookies.get('sid')!);
    const db = shop().deps.db.kysely;
    await db.updateTable('sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('id', '=', id).execute();
    expect(await purgeExpiredSessions(db)).toBeGreaterThanOrEqual(1);
    expect(await db.selectFrom('carts').select('id').where('session_id', '=', id).executeTakeFirst()).toBeUndefined();
  });

  it("does not carry a session from one website to another", async () => {
    const guest = await shop().visitor('localhost').start();
    await addFirstPack(guest);
    const onOtherSite = shop().visitor('shop2.localhost');
    for (const [k, v] of guest.cookies) onOtherSite.cookies.set(k, v);
    expect(await cartPacks(onOtherSite)).toEqual([]);
    expect((await onOtherSite.post('/cart/add', { pack_id: 1, warehouse_id: 1 })).status).toBe(403);
  });

  it('ignores a garbage or oversized cookie and treats the caller as a new visitor', async () => {
    const visitor = shop().visitor();
    visitor.cookies.set('sid', 'x'.repeat(5000));
    const response = await visitor.get('/cart');
    expect(response.status).toBe(200);
    expect((await response.json()).items).toEqual([]);
  });
});
