import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { BosCategory } from '../../../contract/bos-catalogue';
import CategoriesScreen from './CategoriesScreen';
import ListScreen from './ListScreen';

const c = (id: number, name: string, parent_id: number | null, position: number, change: Partial<BosCategory> = {}): BosCategory => ({ id, name, parent_id, position, slug: name.toLowerCase(), avatar: null, products: 0, coupons: 0, ...change });

describe('the Catalogue screens as the server renders them', () => {
  it('draw the tree with each category at its level, its counts and its named buttons', () => {
    const data = [c(1, 'Staples', null, 0), c(2, 'Rice', 1, 0, { products: 12, avatar: 'javascript:alert(1)' }), c(3, 'Dairy', null, 1, { coupons: 1 })];
    const html = renderToString(<CategoriesScreen tree={{ data, meta: { total: 3, max_depth: 5, max_categories: 1000 } }} canChooseMedia />);
    expect([...html.matchAll(/data-category="([^"]+)" data-depth="(\d)"/g)].map((m) => [m[1], m[2]])).toEqual([['Staples', '1'], ['Rice', '2'], ['Dairy', '1']]);
    expect(html).toContain('12 products');
    expect(html).toContain('1 coupon');
    expect(html).toContain('aria-label="Move Rice out a level"');
    expect(html).toContain('aria-label="Remove Dairy"');
    // An image address that is not safe is never drawn.
    expect(html).not.toContain('javascript:');
  });

  it('draw a list with its search, rows, what uses them, and a link for each page before the island wakes', () => {
    const brands = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `Brand ${i + 1}`, slug: `brand-${i + 1}`, logo: null, products: i, coupons: 0 }));
    const html = renderToString(<ListScreen kind="brands" query={{ q: 'brand', page: 1 }} list={{ data: brands, meta: { total: 45 } }} canChooseMedia={false} />);
    expect(html).toContain('Search brands');
    expect(html).toContain('value="brand"');
    expect(html).toContain('45 brands matching “brand”, by name');
    expect(html).toContain('aria-label="Edit Brand 3"');
    expect(html).toContain('href="/bos/admin/catalogue/brands?q=brand&amp;page=2"');
    const empty = renderToString(<ListScreen kind="synonyms" query={{ q: 'zzz', page: 1 }} list={{ data: [], meta: { total: 0, groups: 108, max_groups: 500 } }} canChooseMedia={false} />);
    expect(empty).toContain('No synonym groups match “zzz”');
  });
});
