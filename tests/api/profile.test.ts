import { expect, it } from 'vitest';
import { CodeSent, Profile } from '../../src/contract';
import { describeApi, newShopper, type TestShop } from './shop';

let clients = 0;
/** A client address of its own per call site, so the hourly per-client count is the test's own. */
const client = () => ({ headers: { 'x-client-ip': `10.77.${Math.floor(++clients / 250)}.${clients % 250}` } });
async function latestCode(shop: TestShop, to: string): Promise<string> {
  const { messages } = await (await shop.visitor().get(`/dev/outbox?to=${encodeURIComponent(to)}`)).json();
  return /\b(\d{6})\b/.exec(messages[0].text)![1]!;
}
const messageOf = async (r: Response) => [r.status, (await r.json()).message];
let numbers = 0;
/** A phone number no account has. */
const freshPhone = () => `6${String(process.pid % 1000).padStart(3, '0')}${String(++numbers).padStart(6, '0')}`;

describeApi('profile: details, and a phone or email changed only by its code', (shop) => {
  const db = () => shop().deps.db.kysely;
  const profileOf = async (v: { get(path: string): Promise<Response> }) => Profile.parse(await (await v.get('/profile')).json());

  it('publishes the account calls in the OpenAPI document with their contract schemas', async () => {
    const doc = await (await shop().visitor().get('/openapi.json')).json();
    const body = (path: string, verb: string) => doc.paths[`/s/api${path}`][verb].requestBody.content['application/json'].schema;
    const answer = (path: string, verb: string) => doc.paths[`/s/api${path}`][verb].responses['200'].content['application/json'].schema;
    expect(answer('/profile', 'get')).toEqual({ $ref: '#/components/schemas/Profile' });
    expect(body('/profile', 'put')).toEqual({ $ref: '#/components/schemas/ProfileBody' });
    expect(body('/profile/contact', 'post')).toEqual({ $ref: '#/components/schemas/ContactBody' });
    expect(answer('/profile/contact', 'post')).toEqual({ $ref: '#/components/schemas/CodeSent' });
    expect(body('/profile/contact/verify', 'post')).toEqual({ $ref: '#/components/schemas/ContactVerifyBody' });
    expect(answer('/orders/{id}/reorder', 'post')).toEqual({ $ref: '#/components/schemas/Reordered' });
    expect(answer('/orders/{id}/invoice', 'get')).toEqual({ $ref: '#/components/schemas/Invoice' });
  });

  it('answers 401 signed out, and the profile signed in, with the phone proven at sign-in', async () => {
    const guest = await shop().visitor().start();
    expect((await guest.get('/profile')).status).toBe(401);
    expect((await guest.request('/profile', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"name":"X"}' })).status).toBe(401);
    expect((await guest.post('/profile/contact', { kind: 'phone', value: freshPhone() })).status).toBe(401);
    const v = await newShopper(shop());
    const profile = await profileOf(v);
    const user = await db().selectFrom('users').selectAll().where('id', '=', v.userId).executeTakeFirstOrThrow();
    expect(profile).toEqual({ name: user.name, email: user.email, phone: user.phone, email_verified: false, phone_verified: true });
  });

  it('changes the name directly, with the form rule words', async () => {
    const v = await newShopper(shop());
    const put = (body: unknown) => v.request('/profile', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const blank = await put({ name: '  ' });
    expect(blank.status).toBe(400);
    expect((await blank.json()).errors).toEqual({ name: ['Name is required'] });
    expect((await (await put({ name: 'x'.repeat(81) })).json()).errors).toEqual({ name: ['Name is too long'] });
    const renamed = await put({ name: '  Meera Nair ' });
    expect(renamed.status).toBe(200);
    expect(Profile.parse(await renamed.json()).name).toBe('Meera Nair');
    expect((await profileOf(v)).name).toBe('Meera Nair');
  });

  it('refuses a badly formed phone or email, or an unknown kind, with the form words', async () => {
    const v = await newShopper(shop());
    const errors = async (body: unknown) => {
      const r = await v.post('/profile/contact', body, client());
      expect(r.status).toBe(400);
      return (await r.json()).errors;
    };
    expect(await errors({ kind: 'phone', value: '5123456789' })).toEqual({ value: ['Phone is not in valid format'] });
    expect(await errors({ kind: 'phone', value: '98765' })).toEqual({ value: ['Phone is not in valid format'] });
    expect(await errors({ kind: 'phone', value: '' })).toEqual({ value: ['Phone is required'] });
    expect(await errors({ kind: 'email', value: 'asha@' })).toEqual({ value: ['Email is not a valid email address'] });
    expect(await errors({ kind: 'email', value: '.asha@example.com' })).toEqual({ value: ['Email is not a valid email address'] });
    expect(await errors({ kind: 'fax', value: '1' })).toEqual({ kind: ['kind must be one of phone, email'] });
    expect(await errors({ kind: 'email', value: 42 })).toEqual({ value: ['Email is not a valid email address'] });
  });

  it('changes the phone only after the code sent to the new number is entered, counting wrong codes', async () => {
    const v = await newShopper(shop());
    const before = await profileOf(v);
    const phone = freshPhone();
    const sent = await v.post('/profile/contact', { kind: 'phone', value: phone }, client());
    expect(sent.status).toBe(200);
    expect(CodeSent.parse(await sent.json())).toEqual({ to: `${phone.slice(0, 2)}******${phone.slice(-2)}`, expires_in: 600 });
    const code = await latestCode(shop(), phone);
    expect((await latestCode(shop(), before.phone)) === code).toBe(false);
    // Nothing changed yet.
    expect(await profileOf(v)).toEqual(before);
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await messageOf(await v.post('/profile/contact/verify', { kind: 'phone', code: wrong }))).toEqual([400, 'That code is not right. 4 tries left.']);
    expect(await messageOf(await v.post('/profile/contact/verify', { kind: 'email', code }))).toEqual([400, 'Please request a new code.']);
    expect((await v.post('/profile/contact/verify', { kind: 'phone', code: '12' })).status).toBe(400);
    expect(await profileOf(v)).toEqual(before);
    const verified = await v.post('/profile/contact/verify', { kind: 'phone', code });
    expect(verified.status).toBe(200);
    expect(Profile.parse(await verified.json())).toEqual({ ...before, phone, phone_verified: true });
    // The code is used up, and the new number signs in.
    expect(await messageOf(await v.post('/profile/contact/verify', { kind: 'phone', code }))).toEqual([400, 'Please request a new code.']);
    const again = await shop().visitor().start();
    expect((await again.post('/auth/login', { identifier: phone }, client())).status).toBe(200);
    expect((await again.post('/auth/login', { identifier: before.phone }, client())).status).toBe(404);
  });

  it('stops after five wrong codes; a sign-in code cannot verify a change', async () => {
    const v = await newShopper(shop());
    const before = await profileOf(v);
    const phone = freshPhone();
    expect((await v.post('/profile/contact', { kind: 'phone', value: phone }, client())).status).toBe(200);
    const code = await latestCode(shop(), phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await v.post('/profile/contact/verify', { kind: 'phone', code: wrong })).status).toBe(400);
    expect(await messageOf(await v.post('/profile/contact/verify', { kind: 'phone', code }))).toEqual([429, 'Too many wrong tries. Please request a new code.']);
    expect(await profileOf(v)).toEqual(before);
    // A sign-in code on the session is no contact code.
    expect((await v.post('/auth/login', { identifier: before.phone }, client())).status).toBe(200);
    expect(await messageOf(await v.post('/profile/contact/verify', { kind: 'phone', code: await latestCode(shop(), before.phone) }))).toEqual([400, 'Please request a new code.']);
  });

  it('refuses a phone or email another account has (409), and its own verified phone', async () => {
    const v = await newShopper(shop());
    const other = await newShopper(shop());
    const theirs = await profileOf(other);
    const mine = await profileOf(v);
    expect(await messageOf(await v.post('/profile/contact', { kind: 'phone', value: theirs.phone }, client()))).toEqual([409, 'This mobile number belongs to another account']);
    expect(await messageOf(await v.post('/profile/contact', { kind: 'email', value: theirs.email.toUpperCase() }, client()))).toEqual([409, 'This email belongs to another account']);
    expect(await messageOf(await v.post('/profile/contact', { kind: 'phone', value: mine.phone }, client()))).toEqual([400, 'This is already your verified mobile number']);
    // Taken while the code was on its way: still refused at verify, and nothing changes.
    const phone = freshPhone();
    expect((await v.post('/profile/contact', { kind: 'phone', value: phone }, client())).status).toBe(200);
    await db().updateTable('users').set({ phone }).where('id', '=', other.userId).execute();
    expect(await messageOf(await v.post('/profile/contact/verify', { kind: 'phone', code: await latestCode(shop(), phone) }))).toEqual([409, 'This mobile number belongs to another account']);
    expect(await profileOf(v)).toEqual(mine);
  });

  it('verifies the registration email by a code, and changes the email the same way', async () => {
    const v = await newShopper(shop());
    const before = await profileOf(v);
    expect(before.email_verified).toBe(false);
    expect((await v.post('/profile/contact', { kind: 'email', value: before.email }, client())).status).toBe(200);
    const verified = await v.post('/profile/contact/verify', { kind: 'email', code: await latestCode(shop(), before.email) });
    expect(verified.status).toBe(200);
    expect(Profile.parse(await verified.json())).toEqual({ ...before, email_verified: true });
    expect(await messageOf(await v.post('/profile/contact', { kind: 'email', value: before.email }, client()))).toEqual([400, 'This is already your verified email']);

    const email = `new.${v.userId}@Example.com`;
    expect((await v.post('/profile/contact', { kind: 'email', value: email }, client())).status).toBe(200);
    expect((await profileOf(v)).email).toBe(before.email);
    const changed = await v.post('/profile/contact/verify', { kind: 'email', code: await latestCode(shop(), email.toLowerCase()) });
    expect(Profile.parse(await changed.json())).toEqual({ ...before, email: email.toLowerCase(), email_verified: true });
  });

  it('limits codes as sign-in does: per new address and per client each hour', async () => {
    const v = await newShopper(shop());
    const phone = freshPhone();
    const one = client();
    for (let i = 0; i < 5; i++) expect((await v.post('/profile/contact', { kind: 'phone', value: phone }, one)).status).toBe(200);
    expect(await messageOf(await v.post('/profile/contact', { kind: 'phone', value: phone }, one))).toEqual([429, 'Too many codes requested for this number or email. Please try again in an hour.']);
    const other = client();
    for (let i = 0; i < 20; i++) await v.post('/profile/contact', { kind: 'phone', value: freshPhone() }, other);
    const refused = await v.post('/profile/contact', { kind: 'phone', value: freshPhone() }, other);
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toMatch(/^Too many codes requested\. Please try again in \d+ minutes\.$/);
    expect((await profileOf(v)).phone).not.toBe(phone);
  });
});
