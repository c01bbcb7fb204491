import type { SiteLinkItem } from '../../../contract/site-settings';

/**
 * The navigation and footer lists as the screen edits them: a tree of items, each with an id of the screen's own
 * (for React and for keeping the focus on an item as it moves), changed only through these pure functions. An
 * item is found by id; moves never put an item deeper than `maxDepth` levels (children included).
 */

export interface TreeItem {
  id: string;
  name: string;
  link: string;
  icon: string | null;
  children: TreeItem[];
}

let counter = 0;
/** A new id, unique on this page. */
export const newId = (): string => `i${++counter}`;

export const fromDocument = (items: SiteLinkItem[]): TreeItem[] =>
  items.map((item) => ({ id: newId(), name: item.name, link: item.link, icon: item.icon ?? null, children: fromDocument(item.children) }));

export const toDocument = (items: TreeItem[]): SiteLinkItem[] =>
  items.map((item) => ({ name: item.name, link: item.link, icon: item.icon, children: toDocument(item.children) }));

/** One row of the list as it is drawn: the item, its level (1 for the top) and where it sits. */
export interface Row {
  item: TreeItem;
  depth: number;
  /** Its index at each level, from the top: the field path of its errors (navigation.2.children.0). */
  path: number[];
  /** How many siblings it has, itself included. */
  siblings: number;
}

/** The rows in reading order (parents before their children). */
export function flatten(items: TreeItem[], depth = 1, path: number[] = []): Row[] {
  return items.flatMap((item, i) => [{ item, depth, path: [...path, i], siblings: items.length }, ...flatten(item.children, depth + 1, [...path, i])]);
}

/** How many levels an item's own subtree has (1 for an item without children). */
const levels = (item: TreeItem): number => 1 + Math.max(0, ...item.children.map(levels));

interface Place {
  list: TreeItem[];
  index: number;
  parent: TreeItem | null;
  depth: number;
}

/** Where an item is: its list, index, parent and level. */
function find(items: TreeItem[], id: string, parent: TreeItem | null = null, depth = 1): Place | null {
  for (const [index, item] of items.entries()) {
    if (item.id === id) return { list: items, index, parent, depth };
    const inside = find(item.children, id, item, depth + 1);
    if (inside) return inside;
  }
  return null;
}

/** A deep copy, so every change gives a new tree (the store compares by reference). */
const copy = (items: TreeItem[]): TreeItem[] => items.map((item) => ({ ...item, children: copy(item.children) }));

/** Changes a copy of the tree with `change` on the item's place; the same tree when the id is unknown or nothing changes. */
function edit(items: TreeItem[], id: string, change: (place: Place, tree: TreeItem[]) => boolean): TreeItem[] {
  const tree = copy(items);
  const place = find(tree, id);
  if (!place) return items;
  return change(place, tree) ? tree : items;
}

export const rename = (items: TreeItem[], id: string, name: string) => edit(items, id, ({ list, index }) => ((list[index] = { ...list[index]!, name }), true));
export const relink = (items: TreeItem[], id: string, link: string) => edit(items, id, ({ list, index }) => ((list[index] = { ...list[index]!, link }), true));
export const remove = (items: TreeItem[], id: string) => edit(items, id, ({ list, index }) => (list.splice(index, 1), true));

/** Adds an item at the end of the top level, or as the last child of `parentId` (when that stays within maxDepth). */
export function add(items: TreeItem[], item: TreeItem, parentId: string | null = null, maxDepth = Infinity): TreeItem[] {
  if (parentId === null) return [...copy(items), item];
  return edit(items, parentId, ({ list, index, depth }) => {
    if (depth + 1 > maxDepth) return false;
    list[index]!.children.push(item);
    return true;
  });
}

/** Moves an item up or down among its siblings (with its children). */
export const move = (items: TreeItem[], id: string, by: -1 | 1) =>
  edit(items, id, ({ list, index }) => {
    const to = index + by;
    if (to < 0 || to >= list.length) return false;
    [list[index], list[to]] = [list[to]!, list[index]!];
    return true;
  });

/** Makes an item the last child of the sibling above it, if the result stays within maxDepth levels. */
export const indent = (items: TreeItem[], id: string, maxDepth = Infinity) =>
  edit(items, id, ({ list, index, depth }) => {
    const above = list[index - 1];
    if (!above || depth + levels(list[index]!) > maxDepth) return false;
    above.children.push(...list.splice(index, 1));
    return true;
  });

/** Makes an item the sibling just after its parent. */
export const outdent = (items: TreeItem[], id: string) =>
  edit(items, id, ({ list, index, parent }, tree) => {
    if (!parent) return false;
    const up = find(tree, parent.id)!;
    up.list.splice(up.index + 1, 0, ...list.splice(index, 1));
    return true;
  });

/** What the buttons of an item may do now. */
export function moves(items: TreeItem[], id: string, maxDepth: number) {
  const place = find(items, id);
  if (!place) return { up: false, down: false, indent: false, outdent: false, addChild: false };
  return {
    up: place.index > 0,
    down: place.index < place.list.length - 1,
    indent: place.index > 0 && place.depth + levels(place.list[place.index]!) <= maxDepth,
    outdent: place.parent !== null,
    addChild: place.depth < maxDepth,
  };
}
