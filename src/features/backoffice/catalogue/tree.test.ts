import { describe, expect, it } from 'vitest';
import type { BosCategory } from '../../../contract/bos-catalogue';
import { moveProblem } from '../../../contract/category-tree';
import { categoryChoices, changesPlace, flatten, keyboardMove, placeText, possibleMoves, projectDrop } from './tree';

/** A category as the API lists it. */
const c = (id: number, name: string, parent_id: number | null, position: number): BosCategory => ({ id, name, parent_id, position, slug: name.toLowerCase(), avatar: null, products: 0, coupons: 0 });

/**
 * Staples (1)            Dairy (5)
 *   Rice (2)               Milk (6)
 *     Basmati (3)        Snacks (7)
 *   Dals (4)
 * Listed out of order, with positions that are not 0, 1, 2 (the demo seed numbers them across the tree).
 */
const LIST = [c(4, 'Dals', 1, 9), c(6, 'Milk', 5, 2), c(1, 'Staples', null, 0), c(3, 'Basmati', 2, 3), c(7, 'Snacks', null, 8), c(2, 'Rice', 1, 1), c(5, 'Dairy', null, 4)];

describe('the category tree on the screen', () => {
  it('flattens the rows in reading order with each one’s level, place among its siblings and children', () => {
    expect(flatten(LIST).map((r) => [r.category.name, r.depth, r.index, r.siblings, r.children])).toEqual([
      ['Staples', 1, 0, 3, 2],
      ['Rice', 2, 0, 2, 1],
      ['Basmati', 3, 0, 1, 0],
      ['Dals', 2, 1, 2, 0],
      ['Dairy', 1, 1, 3, 1],
      ['Milk', 2, 0, 1, 0],
      ['Snacks', 1, 2, 3, 0],
    ]);
  });

  it('moves by keyboard: up and down among siblings, in under the one above (last), out to just after its parent', () => {
    expect(keyboardMove(LIST, 5, 'up')).toEqual({ id: 5, parent_id: null, position: 0 });
    expect(keyboardMove(LIST, 5, 'down')).toEqual({ id: 5, parent_id: null, position: 2 });
    expect(keyboardMove(LIST, 5, 'in')).toEqual({ id: 5, parent_id: 1, position: 2 });
    expect(keyboardMove(LIST, 4, 'in')).toEqual({ id: 4, parent_id: 2, position: 1 });
    expect(keyboardMove(LIST, 3, 'out')).toEqual({ id: 3, parent_id: 1, position: 1 });
    expect(keyboardMove(LIST, 2, 'out')).toEqual({ id: 2, parent_id: null, position: 1 });
    // Nothing to do at an edge: the first goes no higher, the last no lower, the first sibling has none above to go in under, the top level no further out.
    expect([keyboardMove(LIST, 1, 'up'), keyboardMove(LIST, 7, 'down'), keyboardMove(LIST, 2, 'in'), keyboardMove(LIST, 1, 'out'), keyboardMove(LIST, 99, 'up')]).toEqual([null, null, null, null, null]);
    expect(possibleMoves(LIST, 4)).toEqual({ up: true, down: false, in: true, out: true });
  });

  it('offers no move in that would pass the tree’s levels', () => {
    expect(keyboardMove(LIST, 4, 'in', 3)).toEqual({ id: 4, parent_id: 2, position: 1 });
    // Dairy (two levels) in under Staples makes Milk a third level: too deep for a tree of 2.
    expect(keyboardMove(LIST, 5, 'in', 2)).toBeNull();
    expect(possibleMoves(LIST, 5, 2)).toEqual({ up: true, down: true, in: false, out: false });
  });

  it('judges a move as the API does: never into itself or below itself, never past the levels', () => {
    expect(moveProblem(LIST, 1, 1)).toBe('A category cannot go inside itself');
    expect(moveProblem(LIST, 1, 3)).toBe('A category cannot go inside one of its own subcategories');
    expect(moveProblem(LIST, 3, 5)).toBeNull();
    expect(moveProblem(LIST, 1, 6, 4)).toBe('The tree has at most 4 levels: there it would have more');
    expect(moveProblem(LIST, 1, 6, 5)).toBeNull();
    expect(moveProblem(LIST, 2, null)).toBeNull();
  });

  it('projects a drop: it takes the place of the row it is over, at a level set by how far it went sideways, within what the rows around allow', () => {
    const rows = flatten(LIST);
    // Snacks over Milk: between Dairy and Milk, so no shallower than Milk: Dairy's first.
    expect(projectDrop(rows, 7, 6, 0)).toEqual({ id: 7, parent_id: 5, position: 0, depth: 2 });
    // Dals over Snacks (so after it, at the end): kept at its level it goes under Snacks; pulled a level left, the top level, last.
    expect(projectDrop(rows, 4, 7, 0)).toEqual({ id: 4, parent_id: 7, position: 0, depth: 2 });
    expect(projectDrop(rows, 4, 7, -1)).toEqual({ id: 4, parent_id: null, position: 3, depth: 1 });
    // Pushed right as far as you like: at most one level below the row above it.
    expect(projectDrop(rows, 4, 7, 9)).toEqual({ id: 4, parent_id: 7, position: 0, depth: 2 });
    // Dals up over Rice: Staples' first.
    expect(projectDrop(rows, 4, 2, 0)).toEqual({ id: 4, parent_id: 1, position: 0, depth: 2 });
    // Basmati over Dals: under Dals at its own level, or a level left, Staples' third.
    expect(projectDrop(rows, 3, 4, 0)).toEqual({ id: 3, parent_id: 4, position: 0, depth: 3 });
    expect(projectDrop(rows, 3, 4, -1)).toEqual({ id: 3, parent_id: 1, position: 2, depth: 2 });
  });

  it('carries what is below the dragged category with it, and refuses a drop that would pass the levels', () => {
    const rows = flatten(LIST);
    // Staples (three levels: Rice, Basmati) over Snacks, a level right: under Snacks, four levels in all.
    expect(projectDrop(rows, 1, 7, 1, 5)).toEqual({ id: 1, parent_id: 7, position: 0, depth: 2 });
    expect(projectDrop(rows, 1, 7, 1, 3)).toBeNull();
    // Over Milk: under Dairy after Milk fits four levels; under Milk it would make five.
    expect(projectDrop(rows, 1, 6, 1, 4)).toEqual({ id: 1, parent_id: 5, position: 1, depth: 2 });
    expect(projectDrop(rows, 1, 6, 2, 4)).toBeNull();
  });

  it('says whether a move changes anything, what a category may go under, and where it is now', () => {
    expect(changesPlace(LIST, { id: 4, parent_id: 1, position: 1 })).toBe(false);
    expect(changesPlace(LIST, { id: 4, parent_id: 1, position: 0 })).toBe(true);
    expect(changesPlace(LIST, { id: 4, parent_id: null, position: 1 })).toBe(true);
    expect(categoryChoices(LIST, 2).map((o) => o.label)).toEqual(['Staples', 'Staples › Dals', 'Dairy', 'Dairy › Milk', 'Snacks']);
    expect(placeText(LIST, 3)).toBe('Basmati is under Staples › Rice, 1 of 1.');
    expect(placeText(LIST, 7)).toBe('Snacks is at the top level, 3 of 3.');
  });
});
