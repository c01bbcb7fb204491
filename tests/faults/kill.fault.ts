// kill -9 in the middle of parallel cart writes, then a restart on the same database: nothing is half
// written, every cart line points at a real cart and pack, no quantity is below one, the shop serves carts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { adminUrl, Shop, shopper, somePacks, throwawayDatabase } from './harness';

/** Cart lines whose cart or pack is missing, or whose quantity is below one. */
const BROKEN_LINES = `select count(*) as n from cart_items ci
  left join packs p on p.id = ci.pack_id left join carts c on c.id = ci.cart_id
  where p.id is null or c.id is null or ci.quantity < 1`;
const LINES = 'select count(*) as n from cart_items';

/** Six shoppers add and remove in parallel; the shop is killed with SIGKILL while they do. */
async function killDuringCartWrites(shop: Shop) {
  const packs = await somePacks(shop.base, 6);
  const shoppers = await Promise.all(Array.from({ length: 6 }, () => shopper(shop.base)));
  let running = true;
  let writes = 0;
  const writers = shoppers.map(async (s, i) => {
    for (let n = 0; running && n < 5000; n++) {
      const pack = packs[(i + n) % packs.length]!;
      const answer = await (n % 3 === 2 ? s.remove(pack.pack_id) : s.add(pack)).catch(() => null);
      if (answer?.ok) writes++;
    }
  });
  await new Promise((r) => setTimeout(r, 1500));
  await shop.kill9();
  running = false;
  await Promise.all(writers);
  return { shoppers, writes };
}

/** After the restart every shopper's cart answers, with whole lines only. */
async function expectCartsServed(shoppers: Awaited<ReturnType<typeof shopper>>[]) {
  for (const s of shoppers) {
    const answer = await s.cart();
    expect(answer.status).toBe(200);
    const cart = await answer.json();
    for (const item of cart.items) expect(item.quantity).toBeGreaterThanOrEqual(1);
  }
}

describe('kill -9 during parallel cart writes', () => {
  const dir = mkdtempSync(join(tmpdir(), 'faults-kill-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('on SQLite: the file is intact and the carts are whole after a restart', async () => {
    const file = join(dir, 'shop.sqlite');
    const first = new Shop(`file:${file}`);
    await first.start();
    const { shoppers, writes } = await killDuringCartWrites(first);
    expect(writes).toBeGreaterThan(0);

    const again = new Shop(`file:${file}`);
    await again.start();
    try {
      await expectCartsServed(shoppers);
    } finally {
      await again.stop();
    }
    const raw = new DatabaseSync(file);
    try {
      expect(raw.prepare('PRAGMA integrity_check').all()).toEqual([{ integrity_check: 'ok' }]);
      expect(raw.prepare('PRAGMA foreign_key_check').all()).toEqual([]);
      expect(raw.prepare(BROKEN_LINES).get()).toEqual({ n: 0 });
      expect(Number(raw.prepare(LINES).get()!.n)).toBeGreaterThan(0);
    } finally {
      raw.close();
    }
  });

  it.runIf(adminUrl)('on PostgreSQL: the carts are whole after a restart', async () => {
    const db = await throwawayDatabase(`faults_kill_${process.pid}`);
    try {
      const first = new Shop(db.url);
      await first.start();
      const { shoppers, writes } = await killDuringCartWrites(first);
      expect(writes).toBeGreaterThan(0);

      const again = new Shop(db.url);
      await again.start();
      try {
        await expectCartsServed(shoppers);
      } finally {
        await again.stop();
      }
      const client = new pg.Client({ connectionString: db.url });
      await client.connect();
      try {
        expect(Number((await client.query(BROKEN_LINES)).rows[0].n)).toBe(0);
        expect(Number((await client.query(LINES)).rows[0].n)).toBeGreaterThan(0);
      } finally {
        await client.end();
      }
    } finally {
      await db.drop();
    }
  });
});
