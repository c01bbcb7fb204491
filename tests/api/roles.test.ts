import { expect, it } from 'vitest';
import { Init, SignedIn, WebsiteList } from '../../src/contract';
import { describeApi, type TestShop, type Visitor } from './shop';

const USERS = { shopper: '9876500001', agent: '9876500002', admin: '9876500003', super: '9876500004' } as const;

async function signedIn(shop: TestShop, who: keyof typeof USERS, host = 'localhost'): Promise<Visitor> {
  const visitor = await shop.visitor(host).start();
  await visitor.post('/auth/login', { identifier: USERS[who] });
  const { messages } = await (await shop.visitor().get(`/dev/outbox?to=${USERS[who]}`)).json();
  const response = await visitor.post('/auth/verify', { code: /\b(\d{6})\b/.exec(messages[0].text)![1] });
  SignedIn.parse(await response.json());
  return visitor;
}
const siteName = async (visitor: Visitor) => Init.parse(await (await visitor.get('/init')).json()).web.name;

describeApi('roles: each seeded user, and what the API lets them do', (shop) => {
  it('gives each seeded user exactly their flags and permissions', async () => {
    const flags = async (who: keyof typeof USERS) => Init.parse(await (await (await signedIn(shop(), who)).get('/init')).json()).user;
    expect(await flags('shopper')).toMatchObject({ superadmin: false, hasAdminAccess: false, isSalesAgent: false, permissions: [] });
    expect(await flags('agent')).toMatchObject({ isSalesAgent: true, hasAdminAccess: false, superadmin: false });
    expect(await flags('admin')).toMatchObject({ hasAdminAccess: true, superadmin: false, permissions: ['website_setting:view', 'website_setting:edit', 'pos_access:view', 'order:manage', 'catalogue:manage', 'coupon:manage', 'delivery:manage', 'people:manage'] });
    expect(await flags('super')).toMatchObject({ superadmin: true });
  });

  it('answers the website calls 401 to visitors, 403 to everyone but a super administrator', async () => {
    expect((await shop().visitor().get('/bos/websites')).status).toBe(401);
    for (const who of ['shopper', 'agent', 'admin'] as const) {
      const visitor = await signedIn(shop(), who);
      expect((await visitor.get('/bos/websites')).status, who).toBe(403);
      expect((await visitor.post('/bos/switch', { website_id: 2 })).status, who).toBe(403);
      expect((await visitor.post('/bos/websites', { name: 'Sneaky', domain: `sneaky-${who}.localhost` })).status, who).toBe(403);
    }
    expect(await shop().deps.db.kysely.selectFrom('website_domains').select('host').where('host', 'like', 'sneaky%').execute()).toEqual([]);
    const list = WebsiteList.parse(await (await (await signedIn(shop(), 'super')).get('/bos/websites')).json());
    expect(list.websites.map((w) => [w.name, w.current])).toEqual([['Annapurna Fresh', true], ['Kirana Bazaar', false]]);
  });

  it("lets a super administrator switch this session's website, and only this session's", async () => {
    const boss = await signedIn(shop(), 'super');
    const other = await shop().visitor().start();
    expect((await boss.post('/bos/switch', { website_id: 2 })).status).toBe(200);
    expect(await siteName(boss)).toBe('Kirana Bazaar');
    expect(await siteName(other)).toBe('Annapurna Fresh');
    expect((await boss.post('/bos/switch', { website_id: 99999 })).status).toBe(404);
    await boss.post('/bos/switch', { website_id: 1 });
    expect(await siteName(boss)).toBe('Annapurna Fresh');
  });

  it('lets a super administrator create a website on a new domain, with the default theme', async () => {
    const boss = await signedIn(shop(), 'super');
    const created = await boss.post('/bos/websites', { name: 'Chennai Fresh', domain: 'Shop3.LOCALHOST' });
    expect(created.status).toBe(201);
    const init = Init.parse(await (await shop().visitor('shop3.localhost:4321').get('/init')).json());
    expect(init.web.name).toBe('Chennai Fresh');
    expect(init.activetheme.primary).toBe('#15803d');
    expect(init.navs.map((n) => n.name)).toEqual(['Home', 'Categories', 'All Products']);
    expect((await boss.post('/bos/websites', { name: 'Again', domain: 'shop3.localhost' })).status).toBe(409);
    for (const domain of ['https://x.example', 'x.example/path', 'bad domain', '-x.example', '']) {
      expect((await boss.post('/bos/websites', { name: 'X', domain })).status, domain).toBe(400);
    }
  });
});
