import { expect, it } from 'vitest';
import { SupplierChoiceList } from '../../src/contract/page-builder';
import { describeApi, signedIn } from './shop';

describeApi('GET /s/api/pages/choices/suppliers: the page builder\'s supplier picker', (shop) => {
  it('is for holders of website_setting:view: 401 signed out, 403 for a shopper and a sales agent', async () => {
    const visitor = await shop().visitor().start();
    expect((await visitor.get('/pages/choices/suppliers')).status).toBe(401);
    for (const phone of ['9876500001', '9876500002']) {
      const response = await (await signedIn(shop(), phone)).get('/pages/choices/suppliers?q=dairy');
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual({ message: 'You do not have permission to do this' });
    }
  });

  it('answers every supplier by name without a search, and those whose name has every word searched', async () => {
    const admin = await signedIn(shop(), '9876500003');
    const all = await admin.get('/pages/choices/suppliers');
    expect(all.status).toBe(200);
    expect(all.headers.get('cache-control')).toBe('no-store');
    const { data } = SupplierChoiceList.parse(await all.json());
    expect(data.map((s) => s.name)).toEqual(['Deccan Agro Traders', 'Konkan Coast Distributors', 'Nilgiri Dairy Co-op', 'Shree Balaji Wholesale']);
    expect(data[2]).toEqual({ name: 'Nilgiri Dairy Co-op', slug: 'nilgiri-dairy-co-op', image: '/demo/suppliers/nilgiri-dairy-co-op.svg' });
    const found = SupplierChoiceList.parse(await (await admin.get('/pages/choices/suppliers?q=%20DAIRY%20nilg')).json());
    expect(found.data.map((s) => s.slug)).toEqual(['nilgiri-dairy-co-op']);
    expect(SupplierChoiceList.parse(await (await admin.get('/pages/choices/suppliers?q=%25')).json()).data).toEqual([]);
  });

  it('refuses a search that breaks the text rule or is too long with 400 and the field', async () => {
    const admin = await signedIn(shop(), '9876500003');
    for (const q of ['x'.repeat(81), 'a\u0000b']) {
      const response = await admin.get(`/pages/choices/suppliers?q=${encodeURIComponent(q)}`);
      expect(response.status).toBe(400);
      expect((await response.json()).errors).toHaveProperty('q');
    }
  });
});
