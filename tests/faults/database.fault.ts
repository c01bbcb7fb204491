// The database goes away under load (connections cut, then a frozen network) and comes back: the shop
// process stays up, answers within 5 s in every case, and serves normally again within 5 s, no restart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminUrl, backgroundLoad, DbProxy, Shop, throwawayDatabase, within } from './harness';

const BOUND_MS = 5000;

describe.runIf(adminUrl)('PostgreSQL lost and back, through a proxy of our own', () => {
  let db: Awaited<ReturnType<typeof throwawayDatabase>>;
  let proxy: DbProxy;
  let shop: Shop;

  beforeAll(async () => {
    db = await throwawayDatabase(`faults_${process.pid}`);
    proxy = new DbProxy(db.target);
    await proxy.open();
    shop = new Shop(db.via(proxy.port));
    await shop.start();
    // A visitor without a session reads a content page, so the API's page cache holds it.
    expect((await shop.get('/about')).status).toBe(200);
  });

  afterAll(async () => {
    await shop?.stop();
    await proxy?.close();
    await db?.drop();
  });

  /** What must hold while the database is away, each answer within the bound. */
  async function expectDegraded() {
    const api = await shop.get('/s/api/products');
    expect(api.status).toBe(503);
    expect(api.headers.get('content-type')).toMatch(/application\/json/);
    // The answer names the request, as the log line does (docs/operations.md#logs).
    expect(JSON.parse(api.body)).toEqual({ message: expect.any(String), request_id: expect.stringMatching(/^[\w.:-]{1,64}$/) });
    expect(JSON.parse(api.body).request_id).toBe(api.headers.get('x-request-id'));
    expect(api.ms).toBeLessThan(BOUND_MS);

    const page = await shop.get('/products');
    expect(page.status).toBe(503);
    expect(page.body).toContain('Annapurna Fresh'); // the shop's own name, colours and logo: the themed page
    expect(page.body).toContain('--theme-primary');
    // The page's words are written as HTML (an apostrophe as &#39;): read as a browser shows them.
    expect(page.body.replaceAll('&#39;', "'")).toContain("We'll be right back");
    expect(page.ms).toBeLessThan(BOUND_MS);

    const cached = await shop.get('/about', { cookie: 'sid=a-session-the-database-cannot-check' });
    expect(cached.status).toBe(200);
    expect(cached.body).toContain('About Annapurna Fresh');
    expect(cached.ms).toBeLessThan(BOUND_MS);

    expect((await shop.get('/healthz')).status).toBe(200);
    const ready = await shop.get('/readyz');
    expect(ready.status).toBe(503);
    expect(ready.headers.get('cache-control')).toBe('no-store');
    expect(ready.ms).toBeLessThan(BOUND_MS);
  }

  /** Normal answers again, within the bound of the database's return. */
  async function expectRecovered() {
    const ms = await within(BOUND_MS, async () => {
      const [page, api, ready] = await Promise.all([shop.get('/products'), shop.get('/s/api/products'), shop.get('/readyz')]);
      return page.status === 200 && api.status === 200 && ready.status === 200;
    });
    expect(ms).toBeLessThan(BOUND_MS);
  }

  it('is healthy and ready while the database answers; the probes create no session', async () => {
    const health = await shop.get('/healthz');
    const ready = await shop.get('/readyz');
    expect([health.status, ready.status]).toEqual([200, 200]);
    expect(health.headers.get('cache-control')).toBe('no-store');
    expect([...health.headers.getSetCookie(), ...ready.headers.getSetCookie()]).toEqual([]);
  });

  it('survives every connection being cut under load, degrades, and recovers without a restart', async () => {
    const stopLoad = backgroundLoad(shop.base);
    await new Promise((r) => setTimeout(r, 1000));
    await proxy.cut();
    await new Promise((r) => setTimeout(r, 500));
    expect(shop.alive).toBe(true);
    await expectDegraded();
    await proxy.open();
    await expectRecovered();
    await stopLoad();
    expect(shop.alive).toBe(true);
    expect(shop.output).not.toMatch(/Unhandled 'error' event|uncaughtException/);
  });

  it('answers within the bound while the network is frozen, and recovers when it thaws', async () => {
    const stopLoad = backgroundLoad(shop.base);
    await new Promise((r) => setTimeout(r, 1000));
    proxy.freeze();
    await new Promise((r) => setTimeout(r, 500));
    await expectDegraded();
    expect(shop.alive).toBe(true);
    await proxy.open();
    await expectRecovered();
    await stopLoad();
    expect(shop.alive).toBe(true);
  });

  it('starts while the database is away and serves as soon as it returns', async () => {
    await shop.stop();
    await proxy.cut();
    const down = new Shop(db.via(proxy.port));
    shop = down;
    // start.mjs refuses to report ready without a database; the process itself must stay up and answer.
    const starting = down.start().catch(() => {});
    await new Promise((r) => setTimeout(r, 3000));
    expect(down.alive).toBe(true);
    const page = await down.get('/products');
    expect(page.status).toBe(503);
    expect(page.ms).toBeLessThan(BOUND_MS);
    expect((await down.get('/readyz')).status).toBe(503);
    await proxy.open();
    const ms = await within(BOUND_MS, async () => (await down.get('/products')).status === 200);
    expect(ms).toBeLessThan(BOUND_MS);
    await starting;
  });
});
