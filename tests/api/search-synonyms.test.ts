import { expect, it } from 'vitest';
import { ProductList, SynonymGroups } from '../../src/contract';
import { describeApi, signedIn, type TestShop, type Visitor } from './shop';

const put = (v: Visitor, body: unknown) => v.request('/search/synonyms', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
const names = async (shop: TestShop, q: string, host?: string) =>
  ProductList.parse(await (await shop.visitor(host).get(`/products?q=${encodeURIComponent(q)}&perPage=100`)).json()).data.map((p) => p.product_name);

describeApi('GET and PUT /s/api/search/synonyms: a website edits its synonyms', (shop) => {
  it('is for holders of website_setting:view: 401 signed out, 403 for shoppers', async () => {
    const visitor = await shop().visitor().start();
    expect((await visitor.get('/search/synonyms')).status).toBe(401);
    expect((await put(visitor, { groups: [] })).status).toBe(401);
    const shopper = await signedIn(shop(), '9876500001');
    expect((await shopper.get('/search/synonyms')).status).toBe(403);
    expect((await put(shopper, { groups: [['a', 'b']] })).status).toBe(403);
    const agent = await signedIn(shop(), '9876500002');
    expect((await agent.get('/search/synonyms')).status).toBe(403);
    expect((await put(agent, { groups: [['a', 'b']] })).status).toBe(403);
    // Nothing of theirs was kept.
    const admin = await signedIn(shop(), '9876500003');
    const { groups } = SynonymGroups.parse(await (await admin.get('/search/synonyms')).json());
    expect(groups.length).toBeGreaterThan(2);
  });

  it('answers the seeded grocery vocabulary: at least 80 groups of English, Devanagari and Hinglish terms', async () => {
    const admin = await signedIn(shop(), '9876500003');
    const response = await admin.get('/search/synonyms');
    expect(response.status).toBe(200);
    const { groups } = SynonymGroups.parse(await response.json());
    expect(groups.length).toBeGreaterThanOrEqual(80);
    expect(groups).toContainEqual(expect.arrayContaining(['sugar', 'chini', 'चीनी']));
    expect(groups).toContainEqual(expect.arrayContaining(['dahi', 'curd', 'दही']));
  });

  it('refuses malformed lists with 400 and a message, and keeps the old list', async () => {
    const admin = await signedIn(shop(), '9876500003');
    const before = await (await admin.get('/search/synonyms')).json();
    const bad = [
      { groups: [['alone']] },
      { groups: [['a', 'x'.repeat(41)]] },
      { groups: [['a', '!!!']] },
      { groups: [['one two three four five', 'b']] },
      { groups: [Array.from({ length: 21 }, (_, i) => `t${i}`)] },
      { groups: Array.from({ length: 501 }, (_, i) => [`a${i}`, `b${i}`]) },
      { groups: [['sugar', 'chini'], ['CHINI', 'cheeni']] },
      { groups: [['प्याज़', 'onion'], ['प्याज', 'kanda']] },
      { groups: 'sugar=chini' },
      {},
    ];
    for (const body of bad) {
      const response = await put(admin, body);
      expect(response.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect((await response.json()).message).toEqual(expect.any(String));
    }
    const notJson = await admin.request('/search/synonyms', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: '{"groups": [["sugar", "mithas"]' });
    expect(notJson.status).toBe(400);
    expect(await (await admin.get('/search/synonyms')).json()).toEqual(before);
  });

  it('an edit changes what search finds at once, on this website only', async () => {
    const admin = await signedIn(shop(), '9876500003');
    expect(await names(shop(), 'khichdi')).toEqual([]);
    const { groups } = await (await admin.get('/search/synonyms')).json();
    const response = await put(admin, { groups: [...groups.filter((g: string[]) => !g.includes('chini')), ['khichdi', 'moong dal'], ['  sugar ', 'mithas']] });
    expect(response.status).toBe(200);
    expect((await response.json()).groups).toContainEqual(['sugar', 'mithas']);
    const khichdi = await names(shop(), 'khichdi');
    expect(khichdi.length).toBeGreaterThan(0);
    for (const name of khichdi) expect(name).toMatch(/Moong Dal/);
    expect(await names(shop(), 'mithas')).toContain('Shakti Foods Refined Sugar');
    // chini's group is gone: it is now just a word (and close to no vocabulary word).
    expect(await names(shop(), 'chini')).not.toContain('Shakti Foods Refined Sugar');
    // (शक्कर: the seed names the sugar चीनी in Hindi, which search finds by the name itself.)
    expect(await names(shop(), 'शक्कर')).not.toContain('Shakti Foods Refined Sugar');
    // The other website keeps its own list.
    expect(await names(shop(), 'शक्कर', 'shop2.localhost')).toContain('Shakti Foods Refined Sugar');
    expect(await names(shop(), 'khichdi', 'shop2.localhost')).toEqual([]);
    expect((await put(admin, { groups })).status).toBe(200);
    expect(await names(shop(), 'chini')).toContain('Shakti Foods Refined Sugar');
    // Each change is one audit row with the groups before and after; a save that changes nothing writes none.
    expect((await put(admin, { groups })).status).toBe(200);
    const audit = await shop().deps.db.kysely.selectFrom('staff_audit').select(['action', 'subject_kind', 'subject_id', 'before_json', 'after_json']).where('action', '=', 'synonyms.replaced').orderBy('id').execute();
    expect(audit.map((a) => [a.subject_kind, a.subject_id])).toEqual([['synonyms', 1], ['synonyms', 1]]);
    expect(JSON.parse(audit[0]!.after_json!).groups).toContainEqual(['khichdi', 'moong dal']);
    expect(JSON.parse(audit[1]!.before_json!).groups).toContainEqual(['khichdi', 'moong dal']);
    expect(JSON.parse(audit[1]!.after_json!).groups).toEqual(groups);
  });

  it('is in the OpenAPI document, with its body schema', async () => {
    const doc = await (await shop().visitor().get('/openapi.json')).json();
    const path = doc.paths['/s/api/search/synonyms'];
    expect(Object.keys(path).sort()).toEqual(['get', 'put']);
    expect(JSON.stringify(path.put.requestBody)).toContain('#/components/schemas/SynonymGroups');
    expect(doc.components.schemas.ProductList.properties.meta.properties).toHaveProperty('did_you_mean');
    expect(doc.components.schemas.Product.properties).toHaveProperty('matched_pack_id');
  });
});
