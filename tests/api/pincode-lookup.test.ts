/**
 * The pincode dialog's call, GET /check/pincode/{pincode}, also tells the city and state of a pincode the shop
 * knows; with ?choose=false it only looks the pincode up (the address form's use): a pincode the shop knows but
 * does not deliver to answers 200 with serviceable false, and the session keeps the pincode it browses with.
 */
import { expect, it } from 'vitest';
import { Init, PincodeCheck } from '../../src/contract';
import { describeApi, type Visitor } from './shop';

describeApi('looking a pincode up', (shop) => {
  const sessionPincode = async (v: Visitor) => Init.parse(await (await v.get('/init')).json()).pincode;

  it('chooses a delivered pincode as before, and now says its city and state', async () => {
    const v = await shop().visitor().start();
    const r = await v.get('/check/pincode/560034');
    expect(r.status).toBe(200);
    expect(PincodeCheck.parse(await r.json())).toEqual({ pincode: '560034', serviceable: true, city: 'Bengaluru', state: 'Karnataka', message: 'Delivering to 560034, Bengaluru' });
    expect(await sessionPincode(v)).toBe('560034');
    const refused = await v.get('/check/pincode/799001');
    expect([refused.status, (await refused.json()).message]).toEqual([422, 'Sorry, we do not deliver to 799001 (Agartala) yet']);
    expect(await sessionPincode(v)).toBe('560034');
  });

  it('with choose=false: the city and state of any pincode the shop knows, delivered or not, and the session keeps its pincode', async () => {
    const v = await shop().visitor().start();
    expect((await v.get('/check/pincode/560001')).status).toBe(200);
    const agartala = await v.get('/check/pincode/799001?choose=false');
    expect(agartala.status).toBe(200);
    expect(PincodeCheck.parse(await agartala.json())).toEqual({ pincode: '799001', serviceable: false, city: 'Agartala', state: 'Tripura', message: 'Sorry, we do not deliver to 799001 (Agartala) yet' });
    const delivered = PincodeCheck.parse(await (await v.get('/check/pincode/560034?choose=false')).json());
    expect(delivered).toMatchObject({ serviceable: true, city: 'Bengaluru', state: 'Karnataka' });
    expect(await sessionPincode(v)).toBe('560001');

    const unknown = await v.get('/check/pincode/123456?choose=false');
    expect([unknown.status, (await unknown.json()).message]).toEqual([404, 'We do not deliver to 123456 yet']);
    expect((await v.get('/check/pincode/560034?choose=maybe')).status).toBe(400);
    expect(await sessionPincode(v)).toBe('560001');
  });
});
