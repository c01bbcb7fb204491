/**
 * Request ids through the whole built shop (docs/operations.md#logs): every page answer has an X-Request-Id (a
 * proxy's short safe one kept), and a page that fails unexpectedly answers the 500 page, which shows that id as its
 * reference, the id the log lines of the failure carry: the API's (called in the same process) and the page's. The
 * start, set off by the first request, is logged as part of none.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, testPort, type BuiltServer } from './built-server';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const dir = mkdtempSync(join(tmpdir(), 'storefront-request-ids-'));
let server: BuiltServer;

beforeAll(async () => {
  server = await startBuiltServer(testPort(26), { databaseFile: join(dir, 'shop.sqlite'), env: { LOG_FORMAT: 'json' } });
}, 300_000);

afterAll(() => {
  server?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The JSON log lines the server printed. */
const logLines = () =>
  server
    .output()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);

describe('request ids in the built shop', () => {
  it("gives every page answer an X-Request-Id, keeping a proxy's short safe one", async () => {
    const home = await fetch(`${server.base}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('x-request-id')).toMatch(UUID);
    expect((await fetch(`${server.base}/`, { headers: { 'X-Request-Id': 'edge-42.a' } })).headers.get('x-request-id')).toBe('edge-42.a');
    expect((await fetch(`${server.base}/`, { headers: { 'X-Request-Id': 'not safe <x>' } })).headers.get('x-request-id')).toMatch(UUID);
    expect((await fetch(`${server.base}/s/api/init`, { headers: { 'X-Request-Id': 'edge-43.b' } })).headers.get('x-request-id')).toBe('edge-43.b');
  });

  it('logs the start, which the first request set off, as part of no request', () => {
    const seeded = logLines().find((line) => String(line.msg).startsWith('seeded the demo shop'));
    expect(seeded).toMatchObject({ level: 'info', module: 'storefront' });
    expect(seeded).not.toHaveProperty('request_id');
  });

  it('answers a page that fails unexpectedly with the 500 page, whose reference is the id on its log lines', async () => {
    // A product whose stored details are not JSON: the API fails on it as on a bug, and so does its page.
    const db = new DatabaseSync(join(dir, 'shop.sqlite'));
    const { slug } = db.prepare('select slug from products where is_active = 1 order by id limit 1').get() as { slug: string };
    db.prepare('update products set info_json = ? where slug = ?').run('{not json', slug);
    db.close();

    const page = await fetch(`${server.base}/products/${slug}`);
    expect(page.status).toBe(500);
    const id = page.headers.get('x-request-id')!;
    expect(id).toMatch(UUID);
    const html = await page.text();
    expect(html).toContain('Something went wrong');
    expect(html).toContain(`Reference: <code>${id}</code>`);
    expect(page.headers.get('cache-control')).not.toMatch(/public/);

    const lines = logLines().filter((line) => line.request_id === id);
    expect(lines).toContainEqual(expect.objectContaining({ level: 'error', module: 'api', msg: expect.stringContaining(`GET /s/api/products/${slug}`) }));
    expect(lines).toContainEqual(expect.objectContaining({ level: 'error', module: 'pages', msg: expect.stringContaining(`GET /products/${slug}`) }));
  });
});
