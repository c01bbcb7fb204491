import { describe, expect, it } from 'vitest';
import { addBlock, duplicateBlock, keysFor, mergeErrors, moveBlock, pathWords, putBack, removeBlock, renameBlock, toEditorDoc, type BlockList } from './document';
import { labelOf } from './form-model';

const list = (): BlockList => {
  const doc = toEditorDoc({ url: '/sale', title: 'Sale', components: [
    { name: 'Second', type: 'rich_html', data: { html: '<p>2</p>' }, order: 2 },
    { name: 'First', type: 'rich_html', data: { html: '<p>1</p>' }, order: 1 },
  ] }, { url: '/sale', title: 'Sale' });
  return { doc, keys: keysFor(doc) };
};
const names = (l: BlockList) => l.doc.components.map((c) => c.name);

describe('the block list', () => {
  it('reads a draft in its blocks\' order, fills the page\'s own fields, and writes each block\'s order as its place', () => {
    const l = list();
    expect(names(l)).toEqual(['First', 'Second']);
    expect(l.doc.components.map((c) => c.order)).toEqual([0, 1]);
    expect(l.doc).toMatchObject({ css: '', show_navbar: true, show_sub_navbar: true, show_footer: true, seo_title: null });
    expect(toEditorDoc(null, { url: '/x', title: 'X' })).toMatchObject({ url: '/x', title: 'X', components: [] });
  });

  it('adds a block of a type with a name not used yet, at the end or where asked', () => {
    let l = addBlock(list(), 'hero');
    l = addBlock(l, 'hero', 0);
    expect(names(l)).toEqual(['Hero slider 2', 'First', 'Second', 'Hero slider']);
    expect(l.keys).toHaveLength(4);
    expect(new Set(l.keys).size).toBe(4);
    expect(l.doc.components[0]).toMatchObject({ type: 'hero', data: { slides: [{ image: '' }] }, order: 0 });
  });

  it('duplicates a block below it as a copy, deep, with its own key', () => {
    const before = list();
    const l = duplicateBlock(before, 0);
    expect(names(l)).toEqual(['First', 'First (copy)', 'Second']);
    expect(l.doc.components[1]!.data).toEqual(before.doc.components[0]!.data);
    expect(l.doc.components[1]!.data).not.toBe(before.doc.components[0]!.data);
    expect(l.keys[1]).not.toBe(l.keys[0]);
    expect(names(duplicateBlock(l, 0))).toEqual(['First', 'First (copy) 2', 'First (copy)', 'Second']);
  });

  it('moves blocks with their keys, renames, removes and puts back at the same place', () => {
    const l = list();
    const moved = moveBlock(l, 0, 1);
    expect(names(moved)).toEqual(['Second', 'First']);
    expect(moved.keys).toEqual([l.keys[1], l.keys[0]]);
    expect(moved.doc.components.map((c) => c.order)).toEqual([0, 1]);
    expect(names(renameBlock(l, 1, 'Offers'))).toEqual(['First', 'Offers']);
    const { list: without, removed } = removeBlock(l, 0);
    expect(names(without)).toEqual(['Second']);
    const back = putBack(without, removed!);
    expect(names(back)).toEqual(['First', 'Second']);
    expect(back.keys).toEqual(l.keys);
  });

  it('merges problems by path and says a path in words', () => {
    expect(mergeErrors({ a: ['x'] }, { a: ['x', 'y'], b: ['z'] })).toEqual({ a: ['x', 'y'], b: ['z'] });
    expect(mergeErrors({ image: ['Too small: expected string to have >=1 characters', 'Image is required'], n: ['Too big: expected number to be <=48'] })).toEqual({ image: ['Image is required'], n: ['Too big: expected number to be <=48'] });
    const l = list();
    expect(pathWords(l.doc, 'components.1.data.slides.0.image', labelOf)).toBe('Block 2 “Second” · Slides · #1 · Image');
    expect(pathWords(l.doc, 'seo_title', labelOf)).toBe('Seo title');
  });
});
