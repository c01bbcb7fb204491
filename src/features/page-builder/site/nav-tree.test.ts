import { describe, expect, it } from 'vitest';
import { add, flatten, fromDocument, indent, moves, move, outdent, relink, remove, rename, toDocument, type TreeItem } from './nav-tree';

const item = (name: string, children: TreeItem[] = []): TreeItem => ({ id: name, name, link: `/${name.toLowerCase()}`, icon: null, children });
const names = (items: TreeItem[]) => flatten(items).map((r) => `${'-'.repeat(r.depth - 1)}${r.item.name}`);
const menu = () => [item('Home'), item('Offers', [item('Diwali'), item('Weekend')]), item('About')];

describe('the navigation tree', () => {
  it('flattens in reading order with each row\'s level and field path', () => {
    expect(flatten(menu()).map((r) => [r.item.name, r.depth, r.path.join('.')])).toEqual([
      ['Home', 1, '0'],
      ['Offers', 1, '1'],
      ['Diwali', 2, '1.0'],
      ['Weekend', 2, '1.1'],
      ['About', 1, '2'],
    ]);
  });

  it('renames, relinks, removes (with children) and adds, each on a copy', () => {
    const tree = menu();
    expect(rename(tree, 'Diwali', 'Diwali Sale')[1]!.children[0]!.name).toBe('Diwali Sale');
    expect(relink(tree, 'About', '/about-us')[2]!.link).toBe('/about-us');
    expect(names(remove(tree, 'Offers'))).toEqual(['Home', 'About']);
    expect(names(add(tree, item('Contact')))).toEqual(['Home', 'Offers', '-Diwali', '-Weekend', 'About', 'Contact']);
    expect(names(add(tree, item('Sweets'), 'Diwali'))).toEqual(['Home', 'Offers', '-Diwali', '--Sweets', '-Weekend', 'About']);
    expect(add(tree, item('Too deep'), 'Diwali', 2)).toBe(tree);
    expect(names(tree)).toEqual(['Home', 'Offers', '-Diwali', '-Weekend', 'About']);
    expect(rename(tree, 'nobody', 'x')).toBe(tree);
  });

  it('moves an item among its siblings only, with its children', () => {
    expect(names(move(menu(), 'Offers', -1))).toEqual(['Offers', '-Diwali', '-Weekend', 'Home', 'About']);
    expect(names(move(menu(), 'Weekend', -1))).toEqual(['Home', 'Offers', '-Weekend', '-Diwali', 'About']);
    const tree = menu();
    expect(move(tree, 'Home', -1)).toBe(tree);
    expect(move(tree, 'Weekend', 1)).toBe(tree);
  });

  it('indents under the sibling above and outdents to just after the parent', () => {
    expect(names(indent(menu(), 'About'))).toEqual(['Home', 'Offers', '-Diwali', '-Weekend', '-About']);
    expect(names(indent(menu(), 'Weekend'))).toEqual(['Home', 'Offers', '-Diwali', '--Weekend', 'About']);
    expect(names(outdent(menu(), 'Diwali'))).toEqual(['Home', 'Offers', '-Weekend', 'Diwali', 'About']);
    const tree = menu();
    expect(indent(tree, 'Home')).toBe(tree);
    expect(outdent(tree, 'Home')).toBe(tree);
  });

  it('never goes deeper than the levels the header draws', () => {
    const tree = menu();
    // Offers has children: under Home it would make three levels, which two do not allow.
    expect(indent(tree, 'Offers', 2)).toBe(tree);
    expect(names(indent(tree, 'Offers', 3))).toEqual(['Home', '-Offers', '--Diwali', '--Weekend', 'About']);
    expect(moves(tree, 'Weekend', 2)).toEqual({ up: true, down: false, indent: false, outdent: true, addChild: false });
    expect(moves(tree, 'Home', 3)).toEqual({ up: false, down: true, indent: false, outdent: false, addChild: true });
  });

  it('goes to and from the document without the screen\'s ids', () => {
    const doc = [{ name: 'Offers', link: '/offers', icon: null, children: [{ name: 'Diwali', link: '/diwali', icon: 'phone', children: [] }] }];
    const tree = fromDocument(doc);
    expect(tree[0]!.id).not.toBe(tree[0]!.children[0]!.id);
    expect(toDocument(tree)).toEqual(doc);
  });
});
