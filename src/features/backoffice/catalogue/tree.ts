/**
 * The category tree as the Catalogue screen draws and moves it (docs/back-office-catalogue.md#categories): the rows
 * in reading order with their levels, the moves the buttons and Alt+arrows make (up, down, in under the one above,
 * out a level), where a drag lands (its row and how far it went sideways), the choices of a parent, and what a move
 * did, in words. Every move is a call of POST /s/api/bos/categories/move, judged again by the API (the same rules,
 * contract/category-tree.ts). Plain functions: the store, the island and the tests share them.
 */
import { CATALOGUE_LIMITS, type BosCategory, type BosCategoryMoveBody } from '../../../contract/bos-catalogue';
import { childrenOf, moveProblem, subtreeOf, treeOrder } from '../../../contract/category-tree';

/** One row of the tree as drawn. */
export interface Row {
  category: BosCategory;
  /** 1 at the top level. */
  depth: number;
  /** Its place among its siblings, from 0, and how many they are (itself included). */
  index: number;
  siblings: number;
  /** Categories directly under it. */
  children: number;
}

/** The rows in reading order (parents before their children, siblings in their order), each with its level and place. */
export function flatten(list: readonly BosCategory[]): Row[] {
  const children = childrenOf(list);
  const depth = new Map<number, number>();
  return treeOrder(list).map((category) => {
    const level = category.parent_id === null ? 1 : (depth.get(category.parent_id) ?? 0) + 1;
    depth.set(category.id, level);
    const siblings = children.get(category.parent_id) ?? [category];
    return { category, depth: level, index: siblings.indexOf(category), siblings: siblings.length, children: (children.get(category.id) ?? []).length };
  });
}

export type KeyMove = 'up' | 'down' | 'in' | 'out';

/**
 * The move a button (or Alt+arrow) asks for, or null when it can do nothing there: up or down among its siblings;
 * in: last under the sibling above it (within the tree's levels); out: just after its parent.
 */
export function keyboardMove(list: readonly BosCategory[], id: number, move: KeyMove, maxDepth: number = CATALOGUE_LIMITS.depth): BosCategoryMoveBody | null {
  const category = list.find((c) => c.id === id);
  if (!category) return null;
  const children = childrenOf(list);
  const siblings = children.get(category.parent_id) ?? [];
  const index = siblings.indexOf(category);
  switch (move) {
    case 'up':
      return index > 0 ? { id, parent_id: category.parent_id, position: index - 1 } : null;
    case 'down':
      return index < siblings.length - 1 ? { id, parent_id: category.parent_id, position: index + 1 } : null;
    case 'in': {
      const above = siblings[index - 1];
      if (!above || moveProblem(list, id, above.id, maxDepth)) return null;
      return { id, parent_id: above.id, position: (children.get(above.id) ?? []).length };
    }
    case 'out': {
      const parent = list.find((c) => c.id === category.parent_id);
      if (!parent) return null;
      return { id, parent_id: parent.parent_id, position: (children.get(parent.parent_id) ?? []).indexOf(parent) + 1 };
    }
  }
}

/** Which of the four moves a category's buttons offer now. */
export const possibleMoves = (list: readonly BosCategory[], id: number, maxDepth: number = CATALOGUE_LIMITS.depth): Record<KeyMove, boolean> => ({
  up: keyboardMove(list, id, 'up', maxDepth) !== null,
  down: keyboardMove(list, id, 'down', maxDepth) !== null,
  in: keyboardMove(list, id, 'in', maxDepth) !== null,
  out: keyboardMove(list, id, 'out', maxDepth) !== null,
});

/** The rows a drag moves among: while a category is carried, what is below it travels with it and is not drawn. */
export function draggableRows(rows: readonly Row[], activeId: number | null): Row[] {
  if (activeId === null) return [...rows];
  const carried = subtreeOf(rows.map((r) => r.category), activeId);
  return rows.filter((r) => r.category.id === activeId || !carried.has(r.category.id));
}

/**
 * Where a dragged category lands: over the row `overId` (the drop is where that row was), `levels` to the right
 * (negative: left) of where it started. Its level is kept within what the rows around the drop allow (no deeper
 * than one below the row above it, no shallower than the row below it); its parent is the nearest row above at
 * the level over it; its position counts the siblings above. Null when the tree's rules refuse it there.
 */
export function projectDrop(rows: readonly Row[], activeId: number, overId: number, levels: number, maxDepth: number = CATALOGUE_LIMITS.depth): (BosCategoryMoveBody & { depth: number }) | null {
  const visible = draggableRows(rows, activeId);
  const from = visible.findIndex((r) => r.category.id === activeId);
  const to = visible.findIndex((r) => r.category.id === overId);
  if (from < 0 || to < 0) return null;
  const order = [...visible];
  const [active] = order.splice(from, 1);
  order.splice(to, 0, active!);
  const above = order[to - 1];
  const below = order[to + 1];
  const highest = above ? above.depth + 1 : 1;
  const lowest = below ? below.depth : 1;
  const depth = Math.max(lowest, Math.min(highest, active!.depth + levels));
  const parent = depth > 1 ? order.slice(0, to).findLast((r) => r.depth === depth - 1) : undefined;
  const parentId = parent?.category.id ?? null;
  let position = 0;
  for (let i = to - 1; i >= 0 && order[i]!.depth >= depth; i--) if (order[i]!.depth === depth) position++;
  const list = rows.map((r) => r.category);
  if (moveProblem(list, activeId, parentId, maxDepth)) return null;
  return { id: activeId, parent_id: parentId, position, depth };
}

/** Whether a move changes anything: the same parent and the same place is no move. */
export function changesPlace(list: readonly BosCategory[], move: BosCategoryMoveBody): boolean {
  const category = list.find((c) => c.id === move.id);
  if (!category) return false;
  if (category.parent_id !== move.parent_id) return true;
  return (childrenOf(list).get(category.parent_id) ?? []).indexOf(category) !== move.position;
}

/** A category's name with its ancestors, for choices: "Staples › Rice › Basmati Rice". */
export function pathName(list: readonly BosCategory[], id: number | null): string {
  const byId = new Map(list.map((c) => [c.id, c]));
  const names: string[] = [];
  for (let at = id === null ? undefined : byId.get(id); at && names.length <= list.length; at = at.parent_id === null ? undefined : byId.get(at.parent_id)) names.unshift(at.name);
  return names.join(' › ');
}

/** The categories a category may be put under or its things moved to: in reading order, by their path, without `except`'s subtree. */
export function categoryChoices(list: readonly BosCategory[], except: number | null = null): { value: string; label: string }[] {
  const left = except === null ? new Set<number>() : subtreeOf(list, except);
  return flatten(list)
    .filter((r) => !left.has(r.category.id))
    .map((r) => ({ value: String(r.category.id), label: pathName(list, r.category.id) }));
}

/** Where a category is now, in words, for the live region: "Beta is under Shelf, 2 of 3." or "… at the top level, 1 of 12." */
export function placeText(list: readonly BosCategory[], id: number): string {
  const row = flatten(list).find((r) => r.category.id === id);
  if (!row) return '';
  const where = row.category.parent_id === null ? 'at the top level' : `under ${pathName(list, row.category.parent_id)}`;
  return `${row.category.name} is ${where}, ${row.index + 1} of ${row.siblings}.`;
}
