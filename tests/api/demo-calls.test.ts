import { expect, it } from 'vitest';
import { describeApi, newShopper, signedIn } from './shop';

const AGENT = '9876500002';

describeApi('the demo-only calls', (shop) => {
  it('assigns a customer to an agent only for a signed-in administrator, even in demo mode', async () => {
    const customer = await newShopper(shop());
    const body = { agent_phone: AGENT, customer_phone: (await shop().deps.db.kysely.selectFrom('users').select('phone').where('id', '=', customer.userId).executeTakeFirstOrThrow()).phone };
    const assigned = () => shop().deps.db.kysely.selectFrom('agent_customers').select('agent_id').where('customer_id', '=', customer.userId).execute();

    expect((await (await shop().visitor().start()).post('/dev/assign-customer', body)).status).toBe(401);
    for (const [who, phone] of [['shopper', '9876500001'], ['sales agent', AGENT]] as const) {
      const refused = await (await signedIn(shop(), phone)).post('/dev/assign-customer', body);
      expect(refused.status, who).toBe(403);
      expect((await refused.json()).message, who).toBe('This is for administrators only');
    }
    expect((await customer.post('/dev/assign-customer', body)).status).toBe(403);
    expect(await assigned()).toEqual([]);

    const admin = await signedIn(shop(), '9876500003');
    expect((await admin.post('/dev/assign-customer', body)).status).toBe(200);
    expect(await assigned()).toHaveLength(1);
  });

  it('keeps the outbox of one-time codes open in demo mode: it is how a visitor signs in as a demo account', async () => {
    const answer = await shop().visitor().get('/dev/outbox?to=9876500001');
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ messages: expect.any(Array) });
  });
});
