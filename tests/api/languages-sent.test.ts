/**
 * What the shop sends and prints in the shopper's language (docs/languages.md), on both backends: the one-time
 * code in the language of the request that asked for it, an order's language kept from the request that placed
 * it and its messages written in it, and the invoice's words in the language it is asked in. English unchanged.
 */
import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { Invoice, OrderCreated } from '../../src/contract';
import { advanceOrder } from '../../src/server/orders/lifecycle';
import { orderKit, type Shopper } from './order-kit';
import { describeApi, signedIn, type TestShop } from './shop';

const HINDI = { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' };
const ENGLISH = { 'accept-language': 'en-IN,en;q=0.9' };

/** The newest message the demo outbox holds for an address. */
async function newestTo(shop: TestShop, to: string): Promise<string> {
  const { messages } = (await (await shop.visitor().get(`/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as { messages: { text: string }[] };
  return messages[0]!.text;
}

describeApi('what is sent and printed, in the shopper’s language', (shop) => {
  const { db, freshPack, shopper, add } = orderKit(shop);
  let admin: Promise<Awaited<ReturnType<typeof signedIn>>> | undefined;
  const staff = () => (admin ??= signedIn(shop(), '9876500003'));
  const phoneOf = async (v: Shopper) => (await db().selectFrom('users').select('phone').where('id', '=', v.userId).executeTakeFirstOrThrow()).phone;
  const forgetCodesSentTo = (to: string) => db().deleteFrom('rate_limits').where('key', '=', `otp-to:${to}`).execute();

  /** An order of one pack, placed by cash on delivery from a page in a language (its Accept-Language). */
  async function placedIn(language: Record<string, string>) {
    const v = await shopper();
    await add(v, await freshPack(10_000), 1);
    const r = await v.post('/order/create', { address_id: v.address.id, payment: 'cod' }, { headers: { 'Idempotency-Key': randomUUID(), ...language } });
    expect(r.status, await r.clone().text()).toBe(201);
    return { v, order: OrderCreated.parse(await r.json()) };
  }
  const localeOf = async (id: number) => (await db().selectFrom('orders').select('locale').where('id', '=', id).executeTakeFirstOrThrow()).locale;

  it('sends the sign-in code in Hindi when a Hindi page asks for it, and in English otherwise, the code first in both', async () => {
    const v = await shopper();
    const phone = await phoneOf(v);
    const client = { 'x-client-ip': '10.9.0.1' };
    const asked = await (await shop().visitor().start()).post('/auth/login', { identifier: phone }, { headers: { ...client, ...HINDI } });
    expect(asked.status).toBe(200);
    const hindi = await newestTo(shop(), phone);
    expect(hindi).toMatch(/^\d{6} आपका Annapurna Fresh साइन-इन OTP है। यह 10 मिनट तक मान्य है। इसे किसी के साथ साझा न करें।$/);
    expect(hindi).not.toMatch(/sign-in code/);
    // The Hindi code signs in as any other.
    const visitor = await shop().visitor().start();
    await forgetCodesSentTo(phone);
    await visitor.post('/auth/login', { identifier: phone }, { headers: { ...client, ...HINDI } });
    const verified = await visitor.post('/auth/verify', { code: /^(\d{6}) /.exec(await newestTo(shop(), phone))![1] }, { headers: client });
    expect(verified.status).toBe(200);

    await forgetCodesSentTo(phone);
    await (await shop().visitor().start()).post('/auth/login', { identifier: phone }, { headers: { ...client, ...ENGLISH } });
    expect(await newestTo(shop(), phone)).toMatch(/^\d{6} is your Annapurna Fresh sign-in code\. It is valid for 10 minutes\. Do not share it with anyone\.$/);
    await forgetCodesSentTo(phone);
    await (await shop().visitor().start()).post('/auth/login', { identifier: phone }, { headers: client });
    expect(await newestTo(shop(), phone)).toMatch(/^\d{6} is your Annapurna Fresh sign-in code\./);
  });

  it('sends the code that proves a new mobile number in the language of the request', async () => {
    const v = await shopper();
    const to = `6${String(Date.now()).slice(-9)}`;
    const r = await v.post('/profile/contact', { kind: 'phone', value: to }, { headers: { 'x-client-ip': '10.9.0.2', ...HINDI } });
    expect(r.status, await r.clone().text()).toBe(200);
    expect(await newestTo(shop(), to)).toMatch(/^\d{6} आपका Annapurna Fresh वेरिफ़िकेशन OTP है।/);
  });

  it('keeps the language an order was placed in, and tells the shopper about it in that language', async () => {
    const { v, order } = await placedIn(HINDI);
    expect(await localeOf(order.id)).toBe('hi');
    const phone = await phoneOf(v);
    const admin = await staff();
    // Staff move it from the English back office: the shopper is still told in Hindi.
    expect((await admin.post(`/bos/orders/${order.id}/status`, { to: 'confirmed' })).status).toBe(200);
    const confirmed = await newestTo(shop(), phone);
    expect(confirmed).toMatch(new RegExp(`^नमस्ते Shopper \\d+, Annapurna Fresh ने आपका ऑर्डर ${order.ordernumber} कन्फ़र्म कर दिया है। इसकी डिलीवरी \\d{1,2} \\S+ \\d{4} को, (सुबह|दोपहर|शाम|रात) \\d{1,2}:\\d{2} – (सुबह|दोपहर|शाम|रात) \\d{1,2}:\\d{2} के बीच होगी।$`));
    expect(confirmed).not.toMatch(/[AP]M|Hello|confirmed/);
    expect((await admin.post(`/bos/orders/${order.id}/status`, { to: 'packed' })).status).toBe(200);
    expect((await admin.post(`/bos/orders/${order.id}/status`, { to: 'out_for_delivery', rider_name: 'Suresh', rider_phone: '9000000001' })).status).toBe(200);
    expect(await newestTo(shop(), phone)).toMatch(new RegExp(`ऑर्डर ${order.ordernumber} डिलीवरी के लिए निकल चुका है। इसे Suresh \\(9000000001\\) ला रहे हैं। कृपया ₹[\\d,.]+ तैयार रखें।$`));
    // The e-mail's subject too (the webhook carries it): the rendered row's language is the order's.
    const payload = JSON.parse((await db().selectFrom('notifications').select('payload_json').where('order_id', '=', order.id).orderBy('id', 'desc').executeTakeFirstOrThrow()).payload_json);
    expect(payload).toMatchObject({ locale: 'hi' });

    const cancelled = await placedIn(HINDI);
    expect((await admin.post(`/bos/orders/${cancelled.order.id}/status`, { to: 'cancelled', reason: 'Out of stock' })).status).toBe(200);
    expect(await newestTo(shop(), await phoneOf(cancelled.v))).toMatch(new RegExp(`Annapurna Fresh ने आपका ऑर्डर ${cancelled.order.ordernumber} रद्द कर दिया है। कारण: Out of stock।$`));
  });

  it('keeps English orders and their messages as they were', async () => {
    for (const language of [ENGLISH, {}]) {
      const { v, order } = await placedIn(language);
      expect(await localeOf(order.id)).toBe('en');
      expect((await (await staff()).post(`/bos/orders/${order.id}/status`, { to: 'confirmed' })).status).toBe(200);
      expect(await newestTo(shop(), await phoneOf(v))).toMatch(
        new RegExp(`^Hello Shopper \\d+, Annapurna Fresh has confirmed your order ${order.ordernumber}\\. It will be delivered on [A-Z][a-z]{2} \\d{1,2}, \\d{4}, \\d{1,2}:\\d{2} [AP]M – \\d{1,2}:\\d{2} [AP]M\\.$`),
      );
    }
  });

  it('writes the invoice’s words in the language it is asked in; the amounts, lines and kind stay', async () => {
    const { v, order } = await placedIn(ENGLISH);
    for (const to of ['confirmed', 'packed', 'out_for_delivery', 'delivered'] as const) expect(await advanceOrder(shop().deps, order.id, to)).toBe(true);
    const invoiceIn = async (language: Record<string, string>) => {
      const r = await v.request(`/orders/${order.id}/invoice`, { headers: language });
      expect(r.status).toBe(200);
      return Invoice.parse(await r.json());
    };
    const hindi = await invoiceIn(HINDI);
    const english = await invoiceIn(ENGLISH);
    expect(hindi).toMatchObject({ title: 'Invoice', payment: 'कैश ऑन डिलीवरी, डिलीवरी पर भुगतान किया गया', tax_note: 'कीमतों में GST शामिल है' });
    expect(hindi.total_in_words).toMatch(/^[\u0900-\u097F ]+ रुपये (और [\u0900-\u097F]+ पैसे )?मात्र$/);
    expect(english).toMatchObject({ title: 'Invoice', payment: 'Cash on Delivery, paid on delivery', tax_note: 'Prices include GST' });
    expect(english.total_in_words).toMatch(/^Rupees [A-Z][A-Za-z -]+ Only$/);
    const { payment: _p, tax_note: _t, total_in_words: _w, ...figures } = hindi;
    const { payment: _pe, tax_note: _te, total_in_words: _we, ...englishFigures } = english;
    expect(figures).toEqual(englishFigures);
  });
});
