import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { readPageGeneration } from '../../src/server/db/page-generation';
import { publishPage } from '../../src/server/services/pages';
import { describeApi, openTestShop, pgUrl } from './shop';

/**
 * The page generation (db/page-generation.ts): every committed change a shared page shows raises it, on both
 * backends, whoever writes; what no page shows (a pack's stock count while it stays in stock, an update that
 * changes nothing, a cart or an order) leaves it, so the page cache is not emptied by every sale.
 */
describeApi('the page generation', (shop) => {
  const db = () => shop().deps.db.kysely;
  const generation = () => readPageGeneration(db());
  const firstPack = () => db().selectFrom('packs').select(['id', 'product_id', 'price_paise', 'stock']).where('stock', '>', 5)
      .where('product_id', 'in', db().selectFrom('products').select('id').where('is_active', '=', 1))
      .orderBy('id')
      .executeTakeFirstOrThrow();
  /** The generation's rise over `change`. */
  const rise = async (change: () => Promise<unknown>) => {
    const before = await generation();
    await change();
    return (await generation()) - before;
  };

  it('is answered by GET /s/api/page-generation, to anyone, never stored', async () => {
    const answer = await shop().visitor().get('/page-generation');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expect(await answer.json()).toEqual({ generation: await generation() });
  });

  it("rises with a pack's price, a product's name, a product going inactive, and a category", async () => {
    const pack = await firstPack();
    expect(await rise(() => db().updateTable('packs').set({ price_paise: pack.price_paise + 100 }).where('id', '=', pack.id).execute())).toBeGreaterThan(0);
    expect(await rise(() => db().updateTable('products').set({ name: 'Renamed for the cache' }).where('id', '=', pack.product_id).execute())).toBeGreaterThan(0);
    expect(await rise(() => db().updateTable('products').set({ is_active: 0 }).where('id', '=', pack.product_id).execute())).toBeGreaterThan(0);
    expect(await rise(() => db().updateTable('categories').set({ name: 'Renamed category' }).where('id', '=', 1).execute())).toBeGreaterThan(0);
  });

  it('rises when a pack goes out of stock and when it comes back, not while its count changes in stock', async () => {
    const pack = await firstPack();
    expect(await rise(() => db().updateTable('packs').set({ stock: pack.stock - 1 }).where('id', '=', pack.id).execute())).toBe(0);
    expect(await rise(() => db().updateTable('packs').set({ stock: 0 }).where('id', '=', pack.id).execute())).toBeGreaterThan(0);
    expect(await rise(() => db().updateTable('packs').set({ stock: 0 }).where('id', '=', pack.id).execute())).toBe(0);
    expect(await rise(() => db().updateTable('packs').set({ stock: 3 }).where('id', '=', pack.id).execute())).toBeGreaterThan(0);
  });

  it('does not rise for an update that changes nothing, or for a visitor filling a cart', async () => {
    expect(await rise(() => db().updateTable('products').set((eb) => ({ popularity: eb('popularity', '+', 0) })).execute())).toBe(0);
    const pack = await firstPack();
    const visitor = await shop().visitor().start();
    expect(
      await rise(async () => expect((await visitor.post('/cart/add', { pack_id: pack.id, warehouse_id: await warehouseOf(pack.id), quantity: 1 })).status).toBe(200)),
    ).toBe(0);
  });

  it('rises when a page is published and when a menu changes', async () => {
    expect(await rise(() => publishPage(db(), 1, { url: '/diwali', title: 'Diwali', components: [{ name: 'A', type: 'rich_html', data: { html: '<p>Lights</p>' } }] }))).toBeGreaterThan(0);
    expect(await rise(() => db().updateTable('nav_items').set({ name: 'Renamed menu' }).where('id', '=', 1).execute())).toBeGreaterThan(0);
  });

  it('does not rise for a change that was rolled back', async () => {
    const pack = await firstPack();
    expect(
      await rise(() =>
        db()
          .transaction()
          .execute(async (trx) => {
            await trx.updateTable('packs').set({ price_paise: 1 }).where('id', '=', pack.id).execute();
            throw new Error('rolled back');
          })
          .catch(() => {}),
      ),
    ).toBe(0);
  });

  async function warehouseOf(packId: number) {
    return (await db().selectFrom('packs').select('warehouse_id').where('id', '=', packId).executeTakeFirstOrThrow()).warehouse_id;
  }
});

describe.skipIf(!pgUrl)('the page generation on PostgreSQL', () => {
  it('rises once per transaction, at commit, so two sales of last packs in crossing order do not deadlock on it', async () => {
    const { shop, cleanup } = await openTestShop('postgres');
    try {
      const db = shop.deps.db.kysely;
      const [a, b] = await db.selectFrom('packs').select('id').orderBy('id').limit(2).execute();
      await db.updateTable('packs').set({ stock: 1 }).where('id', 'in', [a!.id, b!.id]).execute();
      const before = await readPageGeneration(db);
      // A takes the last of pack a, B the last of pack b; then A also touches b (waiting for B's row lock). Were the
      // generation raised at once, B would wait for A's hold on the generation and A for B's row: a deadlock.
      let bHasB!: () => void;
      const bTookB = new Promise<void>((resolve) => (bHasB = resolve));
      let aWaits!: () => void;
      const aIsWaiting = new Promise<void>((resolve) => (aWaits = resolve));
      const first = db.transaction().execute(async (trx) => {
        await trx.updateTable('packs').set({ stock: 0 }).where('id', '=', a!.id).execute();
        await Promise.race([bTookB, new Promise((_, fail) => setTimeout(() => fail(new Error('B waited for the generation A holds')), 5000))]);
        const touching = trx.updateTable('packs').set((eb) => ({ max_per_order: eb('max_per_order', '+', 0) })).where('id', '=', b!.id).execute();
        setTimeout(aWaits, 300);
        await touching;
      });
      const second = db.transaction().execute(async (trx) => {
        await trx.updateTable('packs').set({ stock: 0 }).where('id', '=', b!.id).execute();
        bHasB();
        await aIsWaiting;
        await sql`select 1`.execute(trx);
      });
      await expect(Promise.all([first, second])).resolves.toBeDefined();
      expect((await readPageGeneration(db)) - before).toBe(2);
      // Many rows in one transaction: one rise.
      const many = await readPageGeneration(db);
      await db.updateTable('products').set((eb) => ({ popularity: eb('popularity', '+', 1) })).execute();
      expect((await readPageGeneration(db)) - many).toBe(1);
    } finally {
      await cleanup();
    }
  }, 30_000);

  it('rises when a page table is emptied with TRUNCATE (an import that reloads a table), which fires no row trigger', async () => {
    const { shop, cleanup } = await openTestShop('postgres');
    try {
      const db = shop.deps.db.kysely;
      for (const table of ['search_synonyms', 'product_media']) {
        const before = await readPageGeneration(db);
        await sql`truncate ${sql.table(table)}`.execute(db);
        expect((await readPageGeneration(db)) - before, table).toBe(1);
      }
    } finally {
      await cleanup();
    }
  }, 30_000);
});
