/**
 * The category tree's rules, for the API that enforces them and the screen that offers only what they allow
 * (docs/back-office-catalogue.md#categories): the reading order, levels, and where a category may go. Rows are
 * (id, parent_id, position); siblings are ordered by position, then id.
 */
import { CATALOGUE_LIMITS } from './bos-catalogue';

export interface TreeRow {
  id: number;
  parent_id: number | null;
  position: number;
}

/** The rows in reading order: each parent before its children, siblings in their order. Rows whose parent is missing (or that sit in a loop) come last, at the top level. */
export function treeOrder<Row extends TreeRow>(rows: readonly Row[]): Row[] {
  const children = childrenOf(rows);
  const out: Row[] = [];
  const seen = new Set<number>();
  const walk = (parent: number | null) => {
    for (const row of children.get(parent) ?? []) {
      if (seen.has(row.id)) continue;
      seen.add(row.id);
      out.push(row);
      walk(row.id);
    }
  };
  walk(null);
  for (const row of rows) if (!seen.has(row.id)) (seen.add(row.id), out.push(row));
  return out;
}

/** Each parent's children (null: the top level), in their order. */
export function childrenOf<Row extends TreeRow>(rows: readonly Row[]): Map<number | null, Row[]> {
  const byParent = new Map<number | null, Row[]>();
  for (const row of rows) {
    const list = byParent.get(row.parent_id) ?? [];
    list.push(row);
    byParent.set(row.parent_id, list);
  }
  for (const list of byParent.values()) list.sort((a, b) => a.position - b.position || a.id - b.id);
  return byParent;
}

/** The category and every category below it. */
export function subtreeOf(rows: readonly TreeRow[], id: number): Set<number> {
  const children = childrenOf(rows);
  const found = new Set<number>([id]);
  const stack = [id];
  while (stack.length) for (const child of children.get(stack.pop()!) ?? []) if (!found.has(child.id)) (found.add(child.id), stack.push(child.id));
  return found;
}

/** A category's level: 1 at the top, 2 for its children… (0 for an unknown id). */
export function levelOf(rows: readonly TreeRow[], id: number | null): number {
  const parent = new Map(rows.map((r) => [r.id, r.parent_id]));
  let level = 0;
  for (let at: number | null | undefined = id; at != null && parent.has(at) && level <= rows.length; at = parent.get(at)) level++;
  return level;
}

/** How many levels a category's subtree spans: 1 without children. */
function heightOf(rows: readonly TreeRow[], id: number): number {
  const children = childrenOf(rows);
  const height = (at: number, guard: number): number => (guard > rows.length ? 1 : 1 + Math.max(0, ...(children.get(at) ?? []).map((c) => height(c.id, guard + 1))));
  return height(id, 0);
}

/**
 * Why a category cannot go under `parentId` (null: the top level), or null when it may: not into itself or its own
 * subcategories (a loop), and not so deep that its subtree passes the tree's levels.
 */
export function moveProblem(rows: readonly TreeRow[], id: number, parentId: number | null, maxDepth: number = CATALOGUE_LIMITS.depth): string | null {
  if (parentId !== null && subtreeOf(rows, id).has(parentId)) return parentId === id ? 'A category cannot go inside itself' : 'A category cannot go inside one of its own subcategories';
  if (levelOf(rows, parentId) + heightOf(rows, id) > maxDepth) return `The tree has at most ${maxDepth} levels: there it would have more`;
  return null;
}
