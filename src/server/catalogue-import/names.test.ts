import { describe, expect, it } from 'vitest';
import { categoryFinder, categoryPaths, exportLabels, finder } from './names';

const categories = [
  { id: 1, parent_id: null, name: 'Staples', slug: 'staples' },
  { id: 2, parent_id: 1, name: 'Rice', slug: 'rice' },
  { id: 3, parent_id: null, name: 'Snacks', slug: 'snacks' },
  { id: 4, parent_id: 3, name: 'Others', slug: 'snack-others' },
  { id: 5, parent_id: 1, name: 'Others', slug: 'staple-others' },
];
const brands = [
  { id: 1, name: 'Amul', slug: 'amul' },
  { id: 2, name: 'Tata Sampann', slug: 'tata-sampann' },
  { id: 3, name: 'Fresh', slug: 'fresh-1' },
  { id: 4, name: 'fresh', slug: 'fresh-2' },
  { id: 5, name: 'amul', slug: 'amul-dairy' },
];

describe('naming a category, brand or supplier in a row', () => {
  it('finds by slug, then by a name in any case and spacing', () => {
    const find = finder(brands, 'brand');
    expect(find('tata-sampann')).toEqual({ id: 2 });
    expect(find('  TATA   sampann ')).toEqual({ id: 2 });
    expect(find('amul')).toEqual({ id: 1 });
  });

  it('refuses a name two share, and one nobody has, saying what to write instead', () => {
    const find = finder(brands, 'brand');
    expect(find('FRESH')).toEqual({ problem: '2 brands are named “FRESH”: use the slug of the one you mean' });
    expect(find('Nestle')).toEqual({ problem: 'No brand “Nestle”: use the slug or the name of one the shop has (add new ones under Catalogue first)' });
  });

  it('finds a category by slug, by its path of names (> or /), or by a name only one has', () => {
    const find = categoryFinder(categories);
    expect(find('rice')).toEqual({ id: 2 });
    expect(find('Staples > Rice')).toEqual({ id: 2 });
    expect(find('staples/others')).toEqual({ id: 5 });
    expect(find('Snacks > Others')).toEqual({ id: 4 });
    expect(find('Others')).toEqual({ problem: '2 categories are named “Others”: use its slug or its path, such as Staples > Rice' });
    expect(find('Staples > Dal')).toEqual({ problem: 'No category at “Staples > Dal”: write the path as its names from the top, such as Staples > Rice, or use its slug' });
  });

  it('writes paths from the top', () => {
    expect(categoryPaths(categories).get(4)).toBe('Snacks > Others');
  });

  it('exports a name only when it reads back to the same one, else the slug', () => {
    const labels = exportLabels(brands);
    expect(labels.get(2)).toBe('Tata Sampann');
    // "amul" is brand 1's slug, so brand 5 (named amul) goes by its slug; two brands named Fresh go by theirs.
    expect([labels.get(1), labels.get(5), labels.get(3), labels.get(4)]).toEqual(['Amul', 'amul-dairy', 'fresh-1', 'fresh-2']);
    const find = finder(brands, 'brand');
    for (const brand of brands) expect(find(labels.get(brand.id)!)).toEqual({ id: brand.id });
  });
});
