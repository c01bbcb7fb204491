import { expect, it } from 'vitest';
import { Cart, ProductList } from '../../src/contract';
import { toPaise } from '../../src/lib/to-paise';
import { describeApi, type Visitor } from './shop';

const cartOf = async (visitor: Visitor) => Cart.parse(await (await visitor.get('/cart')).json());

describeApi('the cart: GET /cart, POST /cart/add, POST /cart/remove', (shop) => {
  /** First packs of listed products that have stock to spare (the seed has a few sold out, as shops do). */
  async function packs(visitor: Visitor, count: number) {
    const { data } = ProductList.parse(await (await visitor.get('/products?perPage=24')).json());
    const stocked = await shop().deps.db.kysely.selectFrom('packs').select('id').where('stock', '>=', 10).execute();
    const ids = new Set(stocked.map((r) => r.id));
    return data
      .map((p) => ({ pack_id: p.packs[0]!.pack_id, warehouse_id: p.packs[0]!.warehouse_id, price: p.packs[0]!.price }))
      .filter((p) => ids.has(p.pack_id))
      .slice(0, count);
  }

  it('adds, increments, decrements and removes, answering the whole cart each time', async () => {
    const visitor = await shop().visitor().start();
    const [a, b] = await packs(visitor, 2);
    let cart = Cart.parse(await (await visitor.post('/cart/add', { pack_id: a!.pack_id, warehouse_id: a!.warehouse_id })).json());
    expect(cart.items.map((i) => [i.pack_id, i.quantity])).toEqual([[a!.pack_id, 1]]);
    cart = Cart.parse(await (await visitor.post('/cart/add', { pack_id: a!.pack_id, warehouse_id: a!.warehouse_id })).json());
    cart = Cart.parse(await (await visitor.post('/cart/add', { pack_id: b!.pack_id, warehouse_id: b!.warehouse_id, quantity: 3 })).json());
    expect(cart.items.map((i) => [i.pack_id, i.quantity])).toEqual([[a!.pack_id, 2], [b!.pack_id, 3]]);
    expect(cart.quantity).toBe(5);
    // Every figure is summed in paise: the items add up exactly to the amount and the total.
    const linesPaise = cart.items.reduce((sum, i) => sum + toPaise(i.amount), 0);
    expect(linesPaise).toBe(toPaise(a!.price) * 2 + toPaise(b!.price) * 3);
    expect(toPaise(cart.amount)).toBe(linesPaise);
    expect(toPaise(cart.total)).toBe(linesPaise - toPaise(cart.discount) + toPaise(cart.delivery_charge));

    cart = Cart.parse(await (await visitor.post('/cart/remove', { pack_id: a!.pack_id })).json());
    expect(cart.items.find((i) => i.pack_id === a!.pack_id)?.quantity).toBe(1);
    cart = Cart.parse(await (await visitor.post('/cart/remove', { pack_id: b!.pack_id, remove: true })).json());
    expect(cart.items.map((i) => i.pack_id)).toEqual([a!.pack_id]);
    expect(await cartOf(visitor)).toEqual(cart);
  });

  it('shows today\'s price, not the price when the item was added', async () => {
    const visitor = await shop().visitor().start();
    const [a] = await packs(visitor, 1);
    await visitor.post('/cart/add', { pack_id: a!.pack_id, warehouse_id: a!.warehouse_id });
    await shop().deps.db.kysely.updateTable('packs').set({ price_paise: 12345 }).where('id', '=', a!.pack_id).execute();
    const cart = await cartOf(visitor);
    expect(cart.items[0]!.price).toBe(123.45);
    expect(cart.amount).toBe(123.45);
  });

  it("answers each line's image as an address safe for src: an unsafe or missing one becomes the placeholder", async () => {
    const visitor = await shop().visitor().start();
    const [a, b] = await packs(visitor, 2);
    const db = shop().deps.db.kysely;
    const productOf = async (pack: number) => (await db.selectFrom('packs').select('product_id').where('id', '=', pack).executeTakeFirstOrThrow()).product_id;
    await db.updateTable('product_media').set({ src: 'javascript:alert(document.cookie)' }).where('product_id', '=', await productOf(a!.pack_id)).execute();
    await db.deleteFrom('product_media').where('product_id', '=', await productOf(b!.pack_id)).execute();
    await visitor.post('/cart/add', { pack_id: a!.pack_id, warehouse_id: a!.warehouse_id });
    await visitor.post('/cart/add', { pack_id: b!.pack_id, warehouse_id: b!.warehouse_id });
    const images = new Map((await cartOf(visitor)).items.map((item) => [item.pack_id, item.image]));
    expect(images.get(a!.pack_id)).toBe('/no-image.png');
    expect(images.get(b!.pack_id)).toBe('/no-image.png');
  });

  it('refuses bad input with 400/404 JSON and leaves the cart as it was', async () => {
    const visitor = await shop().visitor().start();
    const [a] = await packs(visitor, 1);
    await visitor.post('/cart/add', { pack_id: a!.pack_id, warehouse_id: a!.warehouse_id });
    const before = await cartOf(visitor);
    const cases: [unknown, number][] = [
      [{ pack_id: 99_999_999, warehouse_id: 1 }, 404],
      [{ pack_id: a!.pack_id, warehouse_id: a!.warehouse_id + 1000 }, 400],
      [{ pack_id: -1, warehouse_id: 1 }, 400],
      [{ pack_id: 'abc', warehouse_id: 1 }, 400],
      [{ pack_id: a!.pack_id, warehouse_id: a!.warehouse_id, quantity: 1_000_000 }, 400],
      [{ pack_id: a!.pack_id, warehouse_id: a!.warehouse_id, quantity: -2 }, 400],
      [{}, 400],
      ['{"pack_id": 1,', 400],
    ];
    for (const [body, status] of cases) {
      const response = await visitor.post('/cart/add', body);
      expect(response.status, JSON.stringify(body)).toBe(status);
      expect((await response.json()).message, JSON.stringify(body)).toEqual(expect.any(String));
    }
    expect((await visitor.post('/cart/remove', { pack_id: 99_999_999 })).status).toBe(404);
    expect(await cartOf(visitor)).toEqual(before);
  });

  it('reads remove as a boolean: "false" takes one off, "true" the whole line, anything else is refused', async () => {
    const visitor = await shop().visitor().start();
    const [a] = await packs(visitor, 1);
    await visitor.post('/cart/add', { pack_id: a!.pack_id, warehouse_id: a!.warehouse_id, quantity: 3 });
    const lineOf = async () => (await cartOf(visitor)).items.find((i) => i.pack_id === a!.pack_id)?.quantity;
    expect((await visitor.post('/cart/remove', { pack_id: a!.pack_id, remove: 'false' })).status).toBe(200);
    expect(await lineOf()).toBe(2);
    expect((await visitor.post('/cart/remove', { pack_id: a!.pack_id, remove: false })).status).toBe(200);
    expect(await lineOf()).toBe(1);
    for (const remove of ['1', 'yes', 'False', 0, 1, null, '']) {
      const refused = await visitor.post('/cart/remove', { pack_id: a!.pack_id, remove });
      expect(refused.status, JSON.stringify(remove)).toBe(400);
      expect((await refused.json()).errors, JSON.stringify(remove)).toEqual({ remove: ['Remove the whole line must be true or false'] });
    }
    expect(await lineOf()).toBe(1);
    await visitor.post('/cart/add', { pack_id: a!.pack_id, warehouse_id: a!.warehouse_id, quantity: 3 });
    expect((await visitor.post('/cart/remove', { pack_id: a!.pack_id, remove: 'true' })).status).toBe(200);
    expect(await lineOf()).toBeUndefined();
  });

  it('caps a line at the pack limit', async () => {
    const visitor = await shop().visitor().start();
    const [a] = await packs(visitor, 1);
    const { max_per_order } = await shop().deps.db.kysely.selectFrom('packs').select('max_per_order').where('id', '=', a!.pack_id).executeTakeFirstOrThrow();
    await shop().deps.db.kysely.updateTable('packs').set({ stock: 1000 }).where('id', '=', a!.pack_id).execute();
    expect((await visitor.post('/cart/add', { ...a, quantity: max_per_order })).status).toBe(200);
    const over = await visitor.post('/cart/add', { pack_id: a!.pack_id, warehouse_id: a!.warehouse_id });
    expect(over.status).toBe(400);
    expect((await over.json()).message).toBe(`You can add at most ${max_per_order} of this item`);
    expect((await cartOf(visitor)).quantity).toBe(max_per_order);
    // Each line carries its pack's limit, so the stepper can say 'Max N per order'.
    expect((await cartOf(visitor)).items).toEqual([expect.objectContaining({ pack_id: a!.pack_id, max_per_order })]);
  });

  it('marks a line invalid with a message when its stock runs out after adding', async () => {
    const visitor = await shop().visitor().start();
    const [a] = await packs(visitor, 1);
    await visitor.post('/cart/add', { pack_id: a!.pack_id, warehouse_id: a!.warehouse_id });
    await shop().deps.db.kysely.updateTable('packs').set({ stock: 0 }).where('id', '=', a!.pack_id).execute();
    const cart = await cartOf(visitor);
    expect(cart.items[0]).toMatchObject({ valid: false, message: 'This item is out of stock' });
    expect(cart.amount).toBe(0);
    expect(cart.serviceable).toBe(false);
  });
});
