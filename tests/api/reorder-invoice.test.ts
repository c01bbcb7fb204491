import { expect, it } from 'vitest';
import { Init, Invoice, Reordered } from '../../src/contract';
import { toPaise } from '../../src/lib/to-paise';
import { indianWords, rupeesInWords } from '../../src/server/orders/invoice';
import { advanceOrder } from '../../src/server/orders/lifecycle';
import { orderKit } from './order-kit';
import { describeApi, HOME } from './shop';

it('says amounts in words with Indian numbering', () => {
  expect(rupeesInWords(118_800)).toBe('Rupees One Thousand One Hundred Eighty-Eight Only');
  expect(rupeesInWords(5_050)).toBe('Rupees Fifty and Fifty Paise Only');
  expect(rupeesInWords(0)).toBe('Rupees Zero Only');
  expect(indianWords(12_34_56_789)).toBe('Twelve Crore Thirty-Four Lakh Fifty-Six Thousand Seven Hundred Eighty-Nine');
  expect(indianWords(1_00_000)).toBe('One Lakh');
  expect(indianWords(100_00_00_000)).toBe('One Hundred Crore');
  expect(indianWords(19)).toBe('Nineteen');
});

describeApi('reorder and invoice of a past order', (shop) => {
  const { db, freshPack, shopper, add, placed } = orderKit(shop);
  const delivered = async (id: number) => {
    for (const to of ['confirmed', 'packed', 'out_for_delivery', 'delivered'] as const) expect(await advanceOrder(shop().deps, id, to)).toBe(true);
  };

  it('answers 401 signed out and 404 for another shopper\'s order', async () => {
    const v = await shopper();
    await add(v, await freshPack(10_000), 1);
    const order = await placed(v);
    const guest = await shop().visitor().start();
    expect((await guest.post(`/orders/${order.id}/reorder`, {})).status).toBe(401);
    expect((await guest.get(`/orders/${order.id}/invoice`)).status).toBe(401);
    const other = await shopper();
    const reorder = await other.post(`/orders/${order.id}/reorder`, {});
    expect([reorder.status, (await reorder.json()).message]).toEqual([404, 'Order not found']);
    const invoice = await other.get(`/orders/${order.id}/invoice`);
    expect([invoice.status, (await invoice.json()).message]).toEqual([404, 'Order not found']);
    expect((await other.get('/orders/999999/invoice')).status).toBe(404);
    expect((await other.get('/orders/abc/invoice')).status).toBe(400);
    // Nothing went into the other shopper's cart.
    expect((await (await other.get('/cart')).json()).items).toEqual([]);
  });

  it('puts the lines still sold back in the cart and says why the others could not be', async () => {
    const v = await shopper();
    const [kept, gone, soldOut, scarce, capped] = [await freshPack(1000), await freshPack(1000), await freshPack(1000), await freshPack(1000), await freshPack(1000)];
    await add(v, kept, 2);
    await add(v, gone, 1);
    await add(v, soldOut, 1);
    await add(v, scarce, 4);
    await add(v, capped, 3);
    const order = await placed(v);
    const packOf = (id: number) => db().selectFrom('packs').select('product_id').where('id', '=', id).executeTakeFirstOrThrow();
    await db().updateTable('products').set({ is_active: 0 }).where('id', '=', (await packOf(gone.id)).product_id).execute();
    await db().updateTable('packs').set({ stock: 0 }).where('id', '=', soldOut.id).execute();
    await db().updateTable('packs').set({ stock: 3 }).where('id', '=', scarce.id).execute();
    await db().updateTable('packs').set({ max_per_order: 2 }).where('id', '=', capped.id).execute();
    const names = Object.fromEntries(
      (await db().selectFrom('order_lines').select(['pack_id', 'name', 'pack']).where('order_id', '=', order.id).execute()).map((l) => [l.pack_id, `${l.name} (${l.pack})`]),
    );

    const r = await v.post(`/orders/${order.id}/reorder`, {});
    expect(r.status, await r.clone().text()).toBe(200);
    const answer = Reordered.parse(await r.json());
    expect(answer.added).toEqual([
      { pack_id: kept.id, quantity: 2 },
      { pack_id: scarce.id, quantity: 3 },
      { pack_id: capped.id, quantity: 2 },
    ]);
    expect(answer.skipped).toEqual([
      { pack_id: gone.id, name: names[gone.id], reason: 'no longer sold' },
      { pack_id: soldOut.id, name: names[soldOut.id], reason: 'out of stock' },
      { pack_id: scarce.id, name: names[scarce.id], reason: 'only 3 left, added 3' },
      { pack_id: capped.id, name: names[capped.id], reason: 'at most 2 per order, added 2' },
    ]);
    expect(answer.cart.items.map((i) => [i.pack_id, i.quantity])).toEqual(
      expect.arrayContaining([
        [kept.id, 2],
        [scarce.id, 3],
        [capped.id, 2],
      ]),
    );
    expect(answer.cart.items).toHaveLength(3);

    // Again: the cart already holds all the stock and the limit allows, so only the kept line grows.
    const again = Reordered.parse(await (await v.post(`/orders/${order.id}/reorder`, {})).json());
    expect(again.added).toEqual([{ pack_id: kept.id, quantity: 2 }]);
    expect(again.cart.items.find((i) => i.pack_id === kept.id)!.quantity).toBe(4);
    expect(again.skipped.map((s) => s.reason)).toEqual(['no longer sold', 'out of stock', 'only 3 left, all in your cart', 'at most 2 per order, all in your cart']);
  });

  it('gives the invoice: shop, order, address as ordered, lines, totals that add up to the paisa, total in words', async () => {
    const v = await shopper();
    const [a, b] = [await freshPack(3333), await freshPack(7777)];
    await add(v, a, 3);
    await add(v, b, 1);
    const order = await placed(v);
    // Cash on delivery is charged at the door: the order has its invoice once delivered.
    await delivered(order.id);
    await v.request(`/addresses/${v.address.id}`, { method: 'DELETE' });
    const r = await v.get(`/orders/${order.id}/invoice`);
    expect(r.status, await r.clone().text()).toBe(200);
    const invoice = Invoice.parse(await r.json());
    const init = Init.parse(await (await v.get('/init')).json());
    expect(invoice.shop).toEqual({ name: init.web.name, address: init.webAddress });
    expect(invoice).toMatchObject({ ordernumber: order.ordernumber, status: 'delivered', payment_method: 'cod', tax_note: 'Prices include GST' });
    expect(invoice.address).toEqual({ ...HOME, pincode: '560001' });
    expect(invoice.lines.map((l) => [l.position, l.quantity, toPaise(l.unit_price)])).toEqual([
      [1, 3, a.price_paise],
      [2, 1, b.price_paise],
    ]);
    for (const line of invoice.lines) {
      expect(toPaise(line.amount)).toBe(toPaise(line.unit_price) * line.quantity);
      expect(toPaise(line.net)).toBe(toPaise(line.amount) - toPaise(line.discount));
    }
    const sum = (key: 'amount' | 'discount' | 'net') => invoice.lines.reduce((s, l) => s + toPaise(l[key]), 0);
    expect(sum('amount')).toBe(toPaise(invoice.amount));
    expect(sum('discount')).toBe(toPaise(invoice.discount));
    expect(sum('net') + toPaise(invoice.delivery_charge)).toBe(toPaise(invoice.total));
    expect(toPaise(invoice.total)).toBe(toPaise(order.total));
    expect(invoice.total_in_words).toBe(rupeesInWords(toPaise(order.total)));
  });

  it('shares a coupon discount over the lines on the invoice, still to the paisa', async () => {
    const v = await shopper();
    const [a, b, c] = [await freshPack(10_001), await freshPack(10_001), await freshPack(10_001)];
    await add(v, a, 1);
    await add(v, b, 2);
    await add(v, c, 1);
    const order = await placed(v);
    await delivered(order.id);
    // A discount that does not divide evenly over the lines, written on the stored order as checkout stores one.
    const lines = await db().selectFrom('order_lines').select(['id', 'amount_paise']).where('order_id', '=', order.id).orderBy('position').execute();
    const shares = [3334, 3333, 3333];
    for (const [i, l] of lines.entries()) await db().updateTable('order_lines').set({ discount_paise: shares[i]! }).where('id', '=', l.id).execute();
    const row = await db().selectFrom('orders').selectAll().where('id', '=', order.id).executeTakeFirstOrThrow();
    await db().updateTable('orders').set({ discount_paise: 10_000, total_paise: row.amount_paise - 10_000 + row.delivery_charge_paise }).where('id', '=', order.id).execute();
    const invoice = Invoice.parse(await (await v.get(`/orders/${order.id}/invoice`)).json());
    expect(invoice.lines.map((l) => toPaise(l.discount))).toEqual(shares);
    expect(invoice.lines.reduce((s, l) => s + toPaise(l.net), 0) + toPaise(invoice.delivery_charge)).toBe(toPaise(invoice.total));
    expect(toPaise(invoice.total)).toBe(row.amount_paise - 10_000 + row.delivery_charge_paise);
  });
});
