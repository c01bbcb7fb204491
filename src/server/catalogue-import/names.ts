/**
 * How a row names a category, brand or supplier (docs/back-office-import.md#the-columns): by its slug, or as a
 * person writes it, by its name (a category also by its path, "Staples > Rice"). Pure; the export writes what reads
 * back to the same one (exportLabels).
 */

export interface Named {
  id: number;
  name: string;
  slug: string;
}
export interface CategoryNamed extends Named {
  parent_id: number | null;
}

export type Found = { id: number } | { problem: string };

const fold = (text: string) => text.normalize('NFKC').trim().toLowerCase().replace(/\s+/g, ' ');

/** Finds by slug, else by name (any case); a name two share is refused, the slug then names it. */
export function finder(list: Named[], label: string, labels = `${label}s`): (text: string) => Found {
  const bySlug = new Map(list.map((item) => [item.slug, item.id]));
  const byName = new Map<string, number[]>();
  for (const item of list) byName.set(fold(item.name), [...(byName.get(fold(item.name)) ?? []), item.id]);
  return (text) => {
    const id = bySlug.get(text) ?? bySlug.get(text.toLowerCase());
    if (id !== undefined) return { id };
    const named = byName.get(fold(text)) ?? [];
    if (named.length === 1) return { id: named[0]! };
    if (named.length > 1) return { problem: `${named.length} ${labels} are named “${text}”: use the slug of the one you mean` };
    return { problem: `No ${label} “${text}”: use the slug or the name of one the shop has (add new ones under Catalogue first)` };
  };
}

/** Each category's path of names from the top, joined by " > " ("Staples > Atta & Flours > Atta"). */
export function categoryPaths(categories: CategoryNamed[]): Map<number, string> {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const paths = new Map<number, string>();
  for (const category of categories) {
    const names: string[] = [];
    for (let c: CategoryNamed | undefined = category; c && names.length <= categories.length; c = c.parent_id === null ? undefined : byId.get(c.parent_id)) names.unshift(c.name);
    paths.set(category.id, names.join(' > '));
  }
  return paths;
}

/** Finds a category by slug, by its path of names ("Staples > Rice", or with "/"), or by a name only one has. */
export function categoryFinder(categories: CategoryNamed[]): (text: string) => Found {
  const byPath = new Map<string, number>();
  for (const [id, path] of categoryPaths(categories)) byPath.set(fold(path), id);
  const plain = finder(categories, 'category', 'categories');
  return (text) => {
    if (/[>/]/.test(text)) {
      const id = byPath.get(text.split(/\s*[>/]\s*/).map(fold).join(' > '));
      return id === undefined ? { problem: `No category at “${text}”: write the path as its names from the top, such as Staples > Rice, or use its slug` } : { id };
    }
    const found = plain(text);
    return 'problem' in found && found.problem.includes('are named') ? { problem: `${found.problem.replace(/: use the slug.*/, '')}: use its slug or its path, such as Staples > Rice` } : found;
  };
}

/**
 * What the export writes for each brand or supplier: its name when that reads back to it (no other has that name,
 * and no other's slug is it), else its slug.
 */
export function exportLabels(list: Named[]): Map<number, string> {
  const find = finder(list, 'item');
  return new Map(list.map((item) => {
    const found = find(item.name);
    return [item.id, 'id' in found && found.id === item.id ? item.name : item.slug];
  }));
}
