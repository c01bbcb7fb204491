import { expect, it } from 'vitest';
import { SUGGEST_LIMITS, Suggestions } from '../../src/contract';
import { refreshProductWords } from '../../src/server/db/product-words';
import { describeApi, signedIn, type TestShop } from './shop';

const suggest = async (shop: TestShop, q: string) => {
  const response = await shop.visitor().get(`/search/suggest?q=${encodeURIComponent(q)}`);
  expect(response.status, q).toBe(200);
  return Suggestions.parse(await response.json());
};

/** The parts' marked texts, and a check that the parts give the name back. */
const marked = (s: { name: string; parts: { text: string; match: boolean }[] }) => {
  expect(s.parts.map((p) => p.text).join('')).toBe(s.name);
  return s.parts.filter((p) => p.match).map((p) => p.text);
};

describeApi('GET /s/api/search/suggest', (shop) => {
  it('suggests the most popular active products whose names have a word starting with the text, the match marked', async () => {
    const answer = await suggest(shop(), 'bas');
    expect(answer.q).toBe('bas');
    expect(answer.products.length).toBe(8);
    for (const product of answer.products) {
      expect(product.name).toMatch(/\bBas/);
      expect(marked(product)).toEqual(['Bas']);
    }
    const popularity = await shop()
      .deps.db.kysely.selectFrom('products')
      .select(['slug', 'popularity'])
      .where('slug', 'in', answer.products.map((p) => p.slug))
      .execute();
    const bySlug = new Map(popularity.map((p) => [p.slug, p.popularity]));
    const order = answer.products.map((p) => bySlug.get(p.slug)!);
    expect(order).toEqual([...order].sort((a, b) => b - a));
    // The most popular of all the names that match.
    const all = await shop().deps.db.kysely.selectFrom('products').select(['name', 'popularity']).where('is_active', '=', 1).execute();
    const best = Math.max(...all.filter((p) => /(^|[^\p{L}\p{M}\p{N}])bas/iu.test(p.name)).map((p) => p.popularity));
    expect(order[0]).toBe(best);
    expect(answer.categories.map((c) => c.name)).toContain('Basmati Rice');
    expect(answer.brands).toEqual([]);
  });

  it('matches case-insensitively, at the start of words only, every typed word', async () => {
    const upper = await suggest(shop(), 'BASMATI');
    expect(upper.products.map((p) => p.slug)).toEqual((await suggest(shop(), 'basmati')).products.map((p) => p.slug));
    // Inside a word is no match ("asmati", one letter from basmati, is a typo, corrected: search-corrections.test.ts).
    expect((await suggest(shop(), 'smati')).products).toEqual([]);
    const two = await suggest(shop(), 'brown basm');
    expect(two.products.length).toBeGreaterThan(0);
    for (const product of two.products) {
      expect(product.name).toMatch(/\bBrown\b/);
      expect(marked(product)).toEqual(['Brown', 'Basm']);
    }
    // Word order does not matter.
    expect((await suggest(shop(), 'basm brown')).products.map((p) => p.slug)).toEqual(two.products.map((p) => p.slug));
  });

  it('suggests brands and categories with their slugs and the matched parts', async () => {
    const answer = await suggest(shop(), 'kav');
    expect(answer.brands).toEqual([{ name: 'Kaveri Mills', slug: 'kaveri-mills', parts: [{ text: 'Kav', match: true }, { text: 'eri Mills', match: false }] }]);
    const dals = await suggest(shop(), 'dal');
    // "pulses" is a synonym of "dal" (the seeded vocabulary): both words are why it matched, both are marked.
    expect(dals.categories).toContainEqual({
      name: 'Dals & Pulses',
      slug: expect.any(String),
      parts: [{ text: 'Dal', match: true }, { text: 's & ', match: false }, { text: 'Pulses', match: true }],
    });
    expect(dals.products.length).toBe(8);
  });

  it('finds names in Devanagari by the start of a word, and never suggests an inactive product', async () => {
    const k = shop().deps.db.kysely;
    const base = await k.selectFrom('products').select(['brand_id', 'category_id']).executeTakeFirstOrThrow();
    const at = new Date().toISOString();
    const [hindi, hidden] = await Promise.all(
      [
        // A word no seeded name has (the demo names its catalogue in Hindi too: तूर, देसी are taken).
        { name: 'देसी झुमरी दाल', slug: 'desi-toor-dal-hindi', popularity: 5000, is_active: 1 },
        { name: 'देसी झुमरी दाल पुरानी', slug: 'desi-toor-dal-old', popularity: 6000, is_active: 0 },
      ].map((p) => k.insertInto('products').values({ ...p, ...base, description: null, info_json: null, supplier_id: null, created_at: at }).returning('id').executeTakeFirstOrThrow()),
    );
    await refreshProductWords(k, [hindi!.id, hidden!.id]);
    const answer = await suggest(shop(), 'झु');
    expect(answer.products.map((p) => p.slug)).toEqual(['desi-toor-dal-hindi']);
    expect(answer.products[0]!.parts).toEqual([{ text: 'देसी ', match: false }, { text: 'झु', match: true }, { text: 'मरी दाल', match: false }]);
    expect((await suggest(shop(), 'दाल झु')).products.map((p) => p.slug)).toEqual(['desi-toor-dal-hindi']);
  });

  it("applies the website's synonyms: Hinglish and Devanagari names suggest the English ones, marked", async () => {
    const sugar = await suggest(shop(), 'sugar');
    expect(sugar.products.map((p) => p.name)).toContain('Shakti Foods Refined Sugar');
    for (const q of ['chini', 'CHEENI', 'चीनी', 'शक्कर']) {
      const answer = await suggest(shop(), q);
      expect(answer.products.map((p) => p.slug), q).toEqual(sugar.products.map((p) => p.slug));
      for (const product of answer.products) expect(marked(product), q).toEqual(['Sugar']);
      expect(answer.categories.map((c) => [c.name, marked(c)]), q).toContainEqual(['Salt, Sugar & Jaggery', ['Sugar']]);
    }
    // A synonym narrows like any other word: "refined chini" is the refined sugar, both words marked.
    const refined = await suggest(shop(), 'refined chini');
    expect(refined.products.map((p) => p.name)).toContain('Shakti Foods Refined Sugar');
    expect(refined.products.map((p) => p.slug)).toEqual((await suggest(shop(), 'refined sugar')).products.map((p) => p.slug));
    for (const product of refined.products) expect(marked(product)).toEqual(['Refined', 'Sugar']);
    // Only a whole term of a group is a synonym: "chin" is still being typed and suggests no sugar.
    expect((await suggest(shop(), 'chin')).products.map((p) => p.name)).not.toContain('Shakti Foods Refined Sugar');
  });

  it("matches the typed word as a prefix, a synonym's terms only as whole words: toor suggests toor dal, never turmeric", async () => {
    // The seeded group toor/tur/arhar…: "tur" starts "Turmeric" but is a whole term of the group, not what was typed.
    for (const q of ['toor', 'arhar', 'अरहर']) {
      const answer = await suggest(shop(), q);
      expect(answer.products.length, q).toBeGreaterThan(0);
      for (const product of answer.products) {
        // Toor Dal, or a name in Devanagari (the earlier test's "देसी तूर दाल"): a whole term of the group.
        expect(product.name, q).not.toMatch(/Turmeric/);
        expect(marked(product), q).toEqual([product.name.includes('तूर') ? 'तूर' : 'Toor']);
      }
      expect(answer.products.map((p) => p.name).filter((name) => /\bToor Dal\b/.test(name)).length, q).toBeGreaterThan(0);
      expect(answer.categories.map((c) => c.name), q).not.toContain('Masalas & Spices');
    }
    // What the shopper types is still a word being typed: "tur" starts Turmeric, and finds toor dal as its synonym.
    const tur = (await suggest(shop(), 'tur')).products.map((p) => p.name);
    expect(tur.some((name) => /\bTurmeric\b/.test(name))).toBe(true);
    expect(tur.some((name) => /\bToor Dal\b/.test(name))).toBe(true);
    expect((await suggest(shop(), 'too')).products.map((p) => p.name).some((name) => /\bToor\b/.test(name))).toBe(true);
  });

  it('follows an edit of the synonyms on this website only', async () => {
    const admin = await signedIn(shop(), '9876500003');
    const { groups } = await (await admin.get('/search/synonyms')).json();
    const put = (body: unknown) => admin.request('/search/synonyms', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await suggest(shop(), 'mithas')).products).toEqual([]);
    expect((await put({ groups: [...groups.filter((g: string[]) => !g.includes('chini')), ['sugar', 'mithas']] })).status).toBe(200);
    try {
      expect((await suggest(shop(), 'mithas')).products.map((p) => p.name)).toContain('Shakti Foods Refined Sugar');
      expect((await suggest(shop(), 'chini')).products.map((p) => p.name)).not.toContain('Shakti Foods Refined Sugar');
      const other = await shop().visitor('shop2.localhost').get('/search/suggest?q=chini');
      expect(Suggestions.parse(await other.json()).products.map((p) => p.name)).toContain('Shakti Foods Refined Sugar');
    } finally {
      expect((await put({ groups })).status).toBe(200);
    }
  });

  it('answers empty lists for empty text, and refuses text longer than 100 characters', async () => {
    for (const q of ['', '   ', '&&', '%_*']) expect(await suggest(shop(), q), q).toEqual({ q: q.trim(), products: [], categories: [], brands: [] });
    expect((await shop().visitor().get('/search/suggest')).status).toBe(200);
    expect((await suggest(shop(), 'a'.repeat(100))).products).toEqual([]);
    const long = await shop().visitor().get(`/search/suggest?q=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(Object.keys((await long.json()).errors)).toEqual(['q']);
    // Length counts characters, Devanagari too; q given twice is not a text.
    expect((await shop().visitor().get(`/search/suggest?q=${encodeURIComponent('द'.repeat(101))}`)).status).toBe(400);
    const twice = await shop().visitor().get('/search/suggest?q=bas&q=kav');
    expect(twice.status).toBe(400);
    expect(Object.keys((await twice.json()).errors)).toEqual(['q']);
  });

  it('answers at most 8 products, 4 categories and 4 brands however many match', async () => {
    const k = shop().deps.db.kysely;
    const startsWithS = (names: { name: string }[]) => names.filter((n) => /(^|[^\p{L}\p{M}\p{N}])s/iu.test(n.name)).length;
    expect(startsWithS(await k.selectFrom('categories').select('name').execute())).toBeGreaterThan(SUGGEST_LIMITS.categories);
    expect(startsWithS(await k.selectFrom('brands').select('name').execute())).toBeGreaterThan(SUGGEST_LIMITS.brands);
    // The most popular of all, with four words that start with "s": suggested once, first.
    const base = await k.selectFrom('products').select(['brand_id', 'category_id']).executeTakeFirstOrThrow();
    const { id } = await k
      .insertInto('products')
      .values({ ...base, name: 'Super Saver Sooji Special', slug: 'super-saver-sooji-special', popularity: 10_000_000, is_active: 1, description: null, info_json: null, supplier_id: null, created_at: new Date().toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await refreshProductWords(k, [id]);
    const answer = await suggest(shop(), 's');
    expect([answer.products.length, answer.categories.length, answer.brands.length]).toEqual([8, 4, 4]);
    expect(answer.products[0]!.slug).toBe('super-saver-sooji-special');
    expect(new Set(answer.products.map((p) => p.slug)).size).toBe(8);
    expect(SUGGEST_LIMITS).toEqual({ products: 8, categories: 4, brands: 4 });
  });

  it('takes text that looks like SQL or full-text syntax as plain words', async () => {
    for (const q of [`bas' or 1=1 --`, '"bas"*', 'bas OR kav', 'bas%', 'NEAR(bas kav)']) {
      const answer = await suggest(shop(), q);
      for (const product of answer.products) expect(product.name, q).toMatch(/\bBas/i);
    }
  });

  it('is public and briefly cacheable: no session, no cookie', async () => {
    const response = await shop().visitor().get('/search/suggest?q=atta');
    expect(response.headers.get('cache-control')).toBe('public, max-age=60, s-maxage=300, stale-while-revalidate=600');
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('is in the OpenAPI document', async () => {
    const doc = await (await shop().visitor().get('/openapi.json')).json();
    expect(doc.paths['/s/api/search/suggest'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['q']);
  });
});
