import { expect, it } from 'vitest';
import { Order } from '../../src/contract';
import { toPaise } from '../../src/lib/to-paise';
import { orderKit, type Pack } from './order-kit';
import { describeApi, signedIn, type Visitor } from './shop';

describeApi('coupons counted by orders', (shop) => {
  const { db, freshPack, shopper, withAddress, add, create: createWith } = orderKit(shop);
  let pack: Pack | undefined;
  /** Puts an item worth over ₹600 in the cart and applies a coupon; answers the apply call's status. */
  async function ready(v: Visitor, code: string) {
    pack ??= await freshPack(60_000, 1000);
    await add(v, pack, 1);
    return (await v.post('/apply/coupon', { code })).status;
  }
  const create = (v: Visitor & { address: { id: number } }) => createWith(v, { address_id: v.address.id, payment: 'cod' });

  it('gives a coupon with one use to the first order; the next shopper is refused until that order is cancelled', async () => {
    const [a, b] = [await shopper(), await shopper()];
    expect(await ready(a, 'LASTONE')).toBe(200);
    expect(await ready(b, 'LASTONE')).toBe(200);
    const first = await create(a);
    expect(first.status).toBe(201);
    const order = Order.parse(await (await a.get(`/orders/${(await first.json()).id}`)).json());
    expect(order).toMatchObject({ offercode: 'LASTONE', discount: 75 });
    expect(order.items.reduce((s, i) => s + toPaise(i.discount), 0)).toBe(7500);
    const second = await create(b);
    expect(second.status).toBe(409);
    expect((await second.json()).message).toBe('LASTONE: This coupon has been fully used');
    expect((await b.post('/apply/coupon', { code: 'LASTONE' })).status).toBe(409);
    expect((await a.post(`/order/cancel/${order.id}`, {})).status).toBe(200);
    expect((await create(b)).status).toBe(201);
  });

  it('lets exactly one of two orders racing for the last use of a coupon have it', async () => {
    await db().updateTable('coupons').set({ usage_limit: 1 }).where('code', '=', 'NAMASTE20').execute();
    const [a, b] = [await shopper(), await shopper()];
    expect(await ready(a, 'NAMASTE20')).toBe(200);
    expect(await ready(b, 'NAMASTE20')).toBe(200);
    const answers = await Promise.all([create(a), create(b)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it('holds a once-per-customer coupon to one order, across websites', async () => {
    const here = await shopper();
    expect(await ready(here, 'SAVE10')).toBe(200);
    const phone = (await db().selectFrom('users').select('phone').where('id', '=', here.userId).executeTakeFirstOrThrow()).phone;
    const there = await withAddress(await signedIn(shop(), phone, 'shop2.localhost'));
    expect(await ready(there, 'SAVE10')).toBe(200);
    expect((await create(here)).status).toBe(201);
    const again = await create(there);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('SAVE10: You have already used this coupon');
  });

  it('gives a first-order coupon only to a shopper with no order yet', async () => {
    const v = await shopper();
    expect(await ready(v, 'WELCOME50')).toBe(200);
    expect((await create(v)).status).toBe(201);
    expect(await ready(v, 'WELCOME50')).toBe(409);
    const r = await createWith(v, { address_id: v.address.id, payment: 'cod', offercode: 'WELCOME50' });
    expect(r.status).toBe(409);
    expect((await r.json()).message).toBe('WELCOME50: This coupon is for your first order only');
  });
});
