/**
 * The shopper's order answer carries the order's timeline and refunds, as a shopper may see them
 * (docs/orders.md#the-timeline): every step with its time, the rider, the cash paid, the reasons the shopper was
 * told; never a staff member's name or the shop's own notes. The invoice lists the refunds too. Both backends.
 */
import { expect, it } from 'vitest';
import { BosOrderDetail } from '../../src/contract/bos-orders';
import { AgentOrder, Invoice } from '../../src/contract';
import { assignCustomer } from '../../src/server/services/agent-customers';
import { PaymentStarted } from '../../src/contract/payment';
import { orderKit } from './order-kit';
import { press } from './payment-kit';
import { describeApi, signedIn, type Visitor } from './shop';

const ADMIN = '9876500003';
const AGENT = '9876500002';

describeApi('the shopper\'s order: timeline and refunds', (shop) => {
  const { db, freshPack, shopper, add, placed, detail } = orderKit(shop);
  let admin: Promise<Visitor> | undefined;
  const staff = () => (admin ??= signedIn(shop(), ADMIN));
  const move = async (id: number, body: Record<string, unknown>) => expect((await (await staff()).post(`/bos/orders/${id}/status`, body)).status).toBe(200);

  it('shows each step staff made, with the rider and the cash paid, without their names or notes', async () => {
    const v = await shopper();
    await add(v, await freshPack(10_000), 2);
    const { id } = await placed(v, 'cod');
    const { total_paise } = BosOrderDetail.parse(await (await (await staff()).get(`/bos/orders/${id}`)).json());
    await move(id, { to: 'confirmed' });
    await move(id, { to: 'packed' });
    await move(id, { to: 'out_for_delivery', rider_name: 'Suresh', rider_phone: '9876512345' });
    await move(id, { to: 'delivered', collected_paise: total_paise - 100, note: 'Short by a rupee, will collect next time' });

    const answer = await (await v.get(`/orders/${id}`)).text();
    const order = JSON.parse(answer);
    expect(order.timeline.map((e: { actor: { kind: string }; from: string | null; to: string }) => [e.actor.kind, e.from, e.to])).toEqual([
      ['shopper', null, 'placed'],
      ['staff', 'placed', 'confirmed'],
      ['staff', 'confirmed', 'packed'],
      ['staff', 'packed', 'out_for_delivery'],
      ['staff', 'out_for_delivery', 'delivered'],
    ]);
    expect(order.timeline[3].details).toEqual({ rider_name: 'Suresh', rider_phone: '9876512345' });
    expect(order.timeline[4]).toMatchObject({ note: null, details: { collected_paise: total_paise - 100 } });
    for (const event of order.timeline) {
      expect(event.actor.name).toBeNull();
      expect(Date.parse(event.at)).not.toBeNaN();
    }
    // Nothing of the staff member or the shop's note anywhere in the answer.
    expect(answer).not.toContain('Meera');
    expect(answer).not.toContain('Short by a rupee');
    expect(answer).not.toContain('due_paise');
    expect(order.refunds).toEqual([]);
    // The contract's own schema passes it.
    expect((await detail(v, id)).timeline).toHaveLength(5);
  });

  it('shows the customer\'s sales agent who made each step, by name, with the shop\'s notes', async () => {
    const v = await shopper();
    const agentId = (await db().selectFrom('users').select('id').where('phone', '=', AGENT).executeTakeFirstOrThrow()).id;
    const websiteId = (await db().selectFrom('website_domains').select('website_id').where('host', '=', 'localhost').executeTakeFirstOrThrow()).website_id;
    await assignCustomer(db(), websiteId, agentId, v.userId);
    await add(v, await freshPack(10_000), 1);
    const { id } = await placed(v, 'cod');
    await move(id, { to: 'confirmed', note: 'Checked the address by phone' });
    const agent = await signedIn(shop(), AGENT);
    const seen = AgentOrder.parse(await (await agent.get(`/agent/orders/${id}`)).json());
    const name = (await db().selectFrom('users').select('name').where('id', '=', v.userId).executeTakeFirstOrThrow()).name;
    expect(seen.timeline.map((e) => [e.actor.kind, e.actor.name, e.to, e.note])).toEqual([
      ['shopper', name, 'placed', null],
      ['staff', 'Meera Iyer', 'confirmed', 'Checked the address by phone'],
    ]);
    // The shopper reads the same steps without the name or the note.
    expect((await detail(v, id)).timeline.map((e) => [e.actor.kind, e.actor.name, e.to, e.note])).toEqual([
      ['shopper', null, 'placed', null],
      ['staff', null, 'confirmed', null],
    ]);
  });

  it('lists each refund with its lines and state, the refund and the cancel on the timeline with their reasons; the invoice too', async () => {
    const v = await shopper();
    const pack = await freshPack(12_345);
    await add(v, pack, 3);
    const created = await placed(v, 'razorpay');
    const started = PaymentStarted.parse(await (await v.post('/payments/razorpay/start', { order_id: created.id })).json());
    await press(shop(), started.hosted_url!, 'succeed');
    const id = created.id;
    const staffView = BosOrderDetail.parse(await (await (await staff()).get(`/bos/orders/${id}`)).json());
    const line = staffView.lines[0]!;
    const part = await (await staff()).post(`/bos/orders/${id}/refunds`, { lines: [{ line_id: line.id, quantity: 1 }], reason: 'One packet torn', restock: true });
    expect(part.status).toBe(201);
    // The order's refund note is not told the items' reason as if the payment had been refused.
    const unitPaise = Math.round((line.amount_paise - line.discount_paise) / 3);
    expect((await detail(v, id)).refund).toMatchObject({ amount: unitPaise / 100, reason: null });
    await move(id, { to: 'cancelled', reason: 'Could not deliver to the address' });

    const order = await detail(v, id);
    const unit = Math.round((line.amount_paise - line.discount_paise) / 3);
    expect(order.refunds.map((r) => [r.kind, r.amount, r.reason, r.reference, r.lines])).toEqual([
      ['part', unit / 100, 'One packet torn', null, [{ name: line.name, pack: line.pack, quantity: 1, amount: unit / 100 }]],
      ['whole', (staffView.total_paise - unit) / 100, null, null, []],
    ]);
    expect(order.refunds.every((r) => ['pending', 'processed'].includes(r.status))).toBe(true);
    expect(order.refunded).toBe(staffView.total_paise / 100);
    expect(order.refund).toMatchObject({ amount: (staffView.total_paise - unit) / 100, reason: null });
    expect(order.timeline.map((e) => [e.actor.kind, e.kind, e.to, e.note])).toEqual([
      ['shopper', 'status', 'pending_payment', null],
      ['provider', 'status', 'placed', null],
      ['staff', 'refund', null, 'One packet torn'],
      ['staff', 'status', 'cancelled', 'Could not deliver to the address'],
    ]);
    expect(order.timeline[2]!.details).toEqual({ refund_id: expect.any(Number), amount_paise: unit, lines: [{ order_line_id: line.id, quantity: 1, amount_paise: unit }] });
    // The provider's payment reference is the shop's business.
    expect(order.timeline[1]!.details).toBeNull();

    const invoice = Invoice.parse(await (await v.get(`/orders/${id}/invoice`)).json());
    expect(invoice.refunds.map((r) => [r.kind, r.amount])).toEqual(order.refunds.map((r) => [r.kind, r.amount]));
    expect(invoice.net_paid).toBe(0);
  });
});
