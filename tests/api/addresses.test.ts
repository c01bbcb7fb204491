import { expect, it } from 'vitest';
import { Address, AddressList, MAX_ADDRESSES } from '../../src/contract';
import { describeApi, HOME, newShopper, type Visitor } from './shop';


const list = async (v: Visitor) => AddressList.parse(await (await v.get('/addresses')).json()).data;
const put = (v: Visitor, id: number, body: unknown) =>
  v.request(`/addresses/${id}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const del = (v: Visitor, id: number) => v.request(`/addresses/${id}`, { method: 'DELETE' });

describeApi('addresses of the signed-in user', (shop) => {
  it('saves, lists, changes and deletes addresses; the first is the default and there is only ever one', async () => {
    const v = await newShopper(shop());
    const first = await v.post('/addresses', HOME);
    expect(first.status).toBe(201);
    const home = Address.parse(await first.json());
    expect(home).toMatchObject({ ...HOME, is_default: true });
    const work = Address.parse(await (await v.post('/addresses', { ...HOME, type: 'work', line1: '1, Tech Park', line2: '', landmark: null })).json());
    expect(work).toMatchObject({ type: 'work', line2: null, landmark: null, is_default: false });
    expect((await list(v)).map((a) => [a.id, a.is_default])).toEqual([[home.id, true], [work.id, false]]);

    const changed = await put(v, work.id, { ...HOME, type: 'work', line1: '2, Tech Park', is_default: true });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ id: work.id, line1: '2, Tech Park', is_default: true });
    expect((await list(v)).filter((a) => a.is_default).map((a) => a.id)).toEqual([work.id]);

    expect((await del(v, work.id)).status).toBe(200);
    // The default went with it: the other address takes over.
    expect((await list(v)).map((a) => [a.id, a.is_default])).toEqual([[home.id, true]]);
  });

  it('takes an address whose optional lines are left out altogether, as a form may send it', async () => {
    const v = await newShopper(shop());
    const { line2: _line2, landmark: _landmark, ...required } = { ...HOME, line2: 'x', landmark: 'y' };
    const saved = await v.post('/addresses', required);
    expect(saved.status).toBe(201);
    expect(Address.parse(await saved.json())).toMatchObject({ line2: null, landmark: null });
  });

  it('keeps one default when many requests race to set it', async () => {
    const v = await newShopper(shop());
    const ids: number[] = [];
    for (let i = 0; i < 4; i++) ids.push(Address.parse(await (await v.post('/addresses', { ...HOME, line1: `House ${i}` })).json()).id);
    const answers = await Promise.all(ids.map((id) => put(v, id, { ...HOME, line1: `House ${id}`, is_default: true })));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await list(v)).filter((a) => a.is_default)).toHaveLength(1);
  });

  it('refuses bad fields with the form’s words, and changes nothing', async () => {
    const v = await newShopper(shop());
    const cases: [Record<string, unknown>, string][] = [
      [{ ...HOME, name: '' }, 'Name is required'],
      [{ ...HOME, phone: '5876500001' }, 'Phone is not in valid format'],
      [{ ...HOME, phone: '98765' }, 'Phone is not in valid format'],
      [{ ...HOME, pincode: '060001' }, 'Pincode is not in valid format'],
      [{ ...HOME, pincode: undefined }, 'Pincode is required'],
      [{ ...HOME, line1: '   ' }, 'Address line 1 is required'],
      [{ ...HOME, city: '' }, 'City is required'],
      [{ ...HOME, state: null }, 'State is required'],
      [{ ...HOME, type: 'castle' }, 'Type must be one of home, work, other'],
      [{ ...HOME, name: 'x'.repeat(81) }, 'Name is too long'],
      [{ ...HOME, is_default: 'yes' }, 'Default address must be true or false'],
      [{ ...HOME, is_default: 1 }, 'Default address must be true or false'],
    ];
    for (const [body, message] of cases) {
      const r = await v.post('/addresses', body);
      expect(r.status, message).toBe(400);
      expect((await r.json()).message, message).toBe(message);
    }
    expect(await list(v)).toEqual([]);
  });

  it('reads is_default "true" and "false" as the booleans they name', async () => {
    const v = await newShopper(shop());
    const first = await (await v.post('/addresses', HOME)).json();
    const second = await (await v.post('/addresses', { ...HOME, line1: '2, Tech Park', is_default: 'false' })).json();
    const defaults = async () => Object.fromEntries((await list(v)).map((a) => [a.id, a.is_default]));
    expect(await defaults()).toEqual({ [first.id]: true, [second.id]: false });
    expect((await put(v, second.id, { ...HOME, is_default: 'true' })).status).toBe(200);
    expect(await defaults()).toEqual({ [first.id]: false, [second.id]: true });
  });

  it('answers 404 for another user’s address, 401 when signed out', async () => {
    const owner = await newShopper(shop());
    const other = await newShopper(shop());
    const mine = Address.parse(await (await owner.post('/addresses', HOME)).json());
    expect((await put(other, mine.id, HOME)).status).toBe(404);
    expect((await del(other, mine.id)).status).toBe(404);
    expect((await del(other, 99_999_999)).status).toBe(404);
    expect(await list(other)).toEqual([]);
    expect(await list(owner)).toEqual([mine]);
    const guest = await shop().visitor().start();
    expect((await guest.get('/addresses')).status).toBe(401);
    expect((await guest.post('/addresses', HOME)).status).toBe(401);
  });

  it(`keeps at most ${MAX_ADDRESSES} addresses a user, even when requests race`, async () => {
    const v = await newShopper(shop());
    const answers = await Promise.all(Array.from({ length: MAX_ADDRESSES + 5 }, (_, i) => v.post('/addresses', { ...HOME, line1: `House ${i}` })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(MAX_ADDRESSES);
    const refused = answers.filter((r) => r.status !== 201);
    expect(refused.map((r) => r.status)).toEqual([409, 409, 409, 409, 409]);
    expect((await refused[0]!.json()).message).toBe(`You can save at most ${MAX_ADDRESSES} addresses; please delete one first`);
    expect(await list(v)).toHaveLength(MAX_ADDRESSES);
    expect((await list(v)).filter((a) => a.is_default)).toHaveLength(1);
  });
});
