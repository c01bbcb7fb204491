/**
 * The category tree as staff edit it (docs/back-office-catalogue.md#categories): create, rename, set its image,
 * move (reorder and re-parent) and remove. Every change takes the tree's lock, checks, writes, recomputes what the
 * change touches (the search text of the products below a renamed or moved category, the search vocabulary) and
 * writes its audit row, in one transaction; the page generation's triggers make the shop show it on the next
 * request.
 */
import type { Selectable } from 'kysely';
import { CATALOGUE_LIMITS, slugFromName, type BosCategory, type BosCategoryCreateBody, type BosCategoryMoveBody, type BosCategoryTree, type BosCategoryUpdateBody } from '../../../contract/bos-catalogue';
import { childrenOf, levelOf, moveProblem, subtreeOf, treeOrder } from '../../../contract/category-tree';
import { safeUrl } from '../../../contract/safe-url';
import type { Db } from '../../db';
import type { CategoryTable } from '../../db/schema';
import { inTransaction } from '../../db/transaction';
import { ApiError } from '../../http/errors';
import { recordAudit } from '../audit';
import { isForeignKeyViolation, isUniqueViolation, lockCategoryTree, productsOf, refreshSearchText, shiftSearchWords, taken, usageWords, type DB, type Staff } from './shared';

type Row = Selectable<CategoryTable>;

const NOT_FOUND = 'No such category';
const slugTaken = (slug: string) => taken('slug', `Another category already has the slug ${slug}`);
/** A stored image: judged again as the shop prints it, none when blank. */
const image = (url: string | undefined) => (url ? safeUrl(url, 'web') : null);

/** The whole tree, flat in reading order, with what each category holds. */
export async function categoryTree(db: DB): Promise<BosCategoryTree> {
  const [rows, products, coupons] = await Promise.all([
    db.selectFrom('categories').selectAll().execute(),
    db.selectFrom('products').select(['category_id as id', (eb) => eb.fn.countAll<number | string>().as('n')]).groupBy('category_id').execute(),
    db.selectFrom('coupons').select(['category_id as id', (eb) => eb.fn.countAll<number | string>().as('n')]).where('category_id', 'is not', null).groupBy('category_id').execute(),
  ]);
  const count = (list: { id: number | null; n: number | string }[]) => new Map(list.map((r) => [r.id, Number(r.n)]));
  const productCount = count(products);
  const couponCount = count(coupons);
  return {
    data: treeOrder(rows).map((row) => toCategory(row, productCount.get(row.id) ?? 0, couponCount.get(row.id) ?? 0)),
    meta: { total: rows.length, max_depth: CATALOGUE_LIMITS.depth, max_categories: CATALOGUE_LIMITS.categories },
  };
}

const toCategory = (row: Row, products: number, coupons: number): BosCategory => ({
  id: row.id,
  parent_id: row.parent_id,
  name: row.name,
  name_hi: row.name_hi ?? '',
  slug: row.slug,
  avatar: row.avatar,
  position: row.position,
  products,
  coupons,
});

/** One category with its counts. */
async function categoryOf(db: DB, id: number): Promise<BosCategory> {
  const row = await db.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw new ApiError(404, NOT_FOUND);
  const usage = await usageOf(db, id);
  return toCategory(row, usage.products, usage.coupons);
}

/** What holds on to a category: its products, its subcategories, the coupons limited to it. */
async function usageOf(db: DB, id: number) {
  const [products, children, coupons] = await Promise.all([
    db.selectFrom('products').select((eb) => eb.fn.countAll<number | string>().as('n')).where('category_id', '=', id).executeTakeFirstOrThrow(),
    db.selectFrom('categories').select((eb) => eb.fn.countAll<number | string>().as('n')).where('parent_id', '=', id).executeTakeFirstOrThrow(),
    db.selectFrom('coupons').select((eb) => eb.fn.countAll<number | string>().as('n')).where('category_id', '=', id).executeTakeFirstOrThrow(),
  ]);
  return { products: Number(products.n), children: Number(children.n), coupons: Number(coupons.n) };
}

const rowsOf = (trx: DB) => trx.selectFrom('categories').select(['id', 'parent_id', 'position', 'name']).execute();

/** Gives the siblings under `parentId` the places 0, 1, 2… in this order (only rows whose place or parent changes are written). */
async function place(trx: DB, parentId: number | null, ordered: readonly { id: number; parent_id: number | null; position: number }[]) {
  for (const [position, row] of ordered.entries()) {
    if (row.position !== position || row.parent_id !== parentId) await trx.updateTable('categories').set({ parent_id: parentId, position }).where('id', '=', row.id).execute();
  }
}

/** POST /bos/categories: a new category, last under its parent (or at the top level). */
export async function createCategory(db: Db, staff: Staff, body: BosCategoryCreateBody): Promise<BosCategory> {
  const slug = body.slug || slugFromName(body.name);
  if (!slug) throw new ApiError(400, 'Give a slug: the name has no letters or digits a web address can use', { slug: ['Give a slug: the name has no letters or digits a web address can use'] });
  const parentId = body.parent_id ?? null;
  try {
    const id = await inTransaction(db.kysely, async (trx: DB) => {
      await lockCategoryTree(trx);
      const rows = await rowsOf(trx);
      if (rows.length >= CATALOGUE_LIMITS.categories) throw new ApiError(409, `The shop has ${CATALOGUE_LIMITS.categories.toLocaleString('en-IN')} categories, the most it may keep: remove one first`);
      if (parentId !== null && !rows.some((r) => r.id === parentId)) throw new ApiError(422, 'No such parent category', { parent_id: ['No such parent category'] });
      if (parentId !== null && levelOf(rows, parentId) + 1 > CATALOGUE_LIMITS.depth) {
        throw new ApiError(422, `The tree has at most ${CATALOGUE_LIMITS.depth} levels: a category under this one would pass them`, { parent_id: [`The tree has at most ${CATALOGUE_LIMITS.depth} levels`] });
      }
      if (await trx.selectFrom('categories').select('id').where('slug', '=', slug).executeTakeFirst()) throw slugTaken(slug);
      const siblings = childrenOf(rows).get(parentId) ?? [];
      const values = { parent_id: parentId, name: body.name, name_hi: hindi(body.name_hi) ?? null, slug, avatar: image(body.avatar), position: siblings.length };
      await place(trx, parentId, siblings);
      const { id } = await trx.insertInto('categories').values(values).returning('id').executeTakeFirstOrThrow();
      await shiftSearchWords(trx, null, body.name);
      await recordAudit(trx, { ...audit(staff, 'category.created', id), before: null, after: values });
      return id;
    });
    return await categoryOf(db.kysely, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(slug);
    throw error;
  }
}

const audit = (staff: Staff, action: string, id: number) => ({ websiteId: staff.websiteId, userId: staff.userId, action, subject: { kind: 'category' as const, id }, orderId: null });
const own = ({ name, name_hi, slug, avatar }: Pick<Row, 'name' | 'name_hi' | 'slug' | 'avatar'>) => ({ name, name_hi, slug, avatar });
/** A name in Hindi as given: undefined (left out) keeps it, blank is none. */
const hindi = (value: string | undefined) => (value === undefined ? undefined : value.trim() || null);

/** PUT /bos/categories/{id}: its name, slug and image; a new name is in its products' search text at once. */
export async function updateCategory(db: Db, staff: Staff, id: number, body: BosCategoryUpdateBody): Promise<BosCategory> {
  try {
    await inTransaction(db.kysely, async (trx: DB) => {
      await lockCategoryTree(trx);
      const before = await trx.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
      if (!before) throw new ApiError(404, NOT_FOUND);
      if (await trx.selectFrom('categories').select('id').where('slug', '=', body.slug).where('id', '!=', id).executeTakeFirst()) throw slugTaken(body.slug);
      const after = { name: body.name, name_hi: hindi(body.name_hi) === undefined ? before.name_hi : hindi(body.name_hi)!, slug: body.slug, avatar: image(body.avatar) };
      await trx.updateTable('categories').set(after).where('id', '=', id).execute();
      if (before.name !== body.name || before.name_hi !== after.name_hi) {
        await refreshSearchText(trx, await productsOf(trx, { categories: subtreeOf(await rowsOf(trx), id) }));
        await shiftSearchWords(trx, before.name, body.name);
      }
      await recordAudit(trx, { ...audit(staff, 'category.updated', id), before: own(before), after });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(body.slug);
    throw error;
  }
  return categoryOf(db.kysely, id);
}

/**
 * POST /bos/categories/move: puts a category (with everything below it) under another one, or at the top level, at
 * a place among its new siblings; both sibling lists are numbered 0, 1, 2… again. Refused (422) into itself or
 * its own subcategories, or deeper than the tree's levels. The search text of the products below it follows its
 * new ancestors. Answers the whole tree.
 */
export async function moveCategory(db: Db, staff: Staff, body: BosCategoryMoveBody): Promise<BosCategoryTree> {
  await inTransaction(db.kysely, async (trx: DB) => {
    await lockCategoryTree(trx);
    const rows = await rowsOf(trx);
    const row = rows.find((r) => r.id === body.id);
    if (!row) throw new ApiError(404, NOT_FOUND);
    if (body.parent_id !== null && !rows.some((r) => r.id === body.parent_id)) throw new ApiError(422, 'No such parent category', { parent_id: ['No such parent category'] });
    const problem = moveProblem(rows, body.id, body.parent_id);
    if (problem) throw new ApiError(422, problem, { parent_id: [problem] });
    const children = childrenOf(rows);
    const from = (children.get(row.parent_id) ?? []).filter((r) => r.id !== row.id);
    const to = row.parent_id === body.parent_id ? from : (children.get(body.parent_id) ?? []).filter((r) => r.id !== row.id);
    const at = Math.min(body.position, to.length);
    const placed = [...to.slice(0, at), row, ...to.slice(at)];
    const before = { parent_id: row.parent_id, position: (children.get(row.parent_id) ?? []).indexOf(row) };
    if (before.parent_id === body.parent_id && before.position === at) return;
    if (row.parent_id !== body.parent_id) await place(trx, row.parent_id, from);
    await place(trx, body.parent_id, placed);
    if (row.parent_id !== body.parent_id) await refreshSearchText(trx, await productsOf(trx, { categories: subtreeOf(rows, body.id) }));
    await recordAudit(trx, { ...audit(staff, 'category.moved', body.id), before, after: { parent_id: body.parent_id, position: at } });
  });
  return categoryTree(db.kysely);
}

/**
 * DELETE /bos/categories/{id}[?move_to=]: removes a category. One that holds products or subcategories is refused
 * (409, saying how many) unless `move_to` names where they go first: its products are filed there and its
 * subcategories go under it, last. One that coupons are limited to is refused until the coupons change.
 */
export async function removeCategory(db: Db, staff: Staff, id: number, moveTo: number | undefined): Promise<string> {
  try {
    return await inTransaction(db.kysely, async (trx: DB) => {
      await lockCategoryTree(trx);
      const row = await trx.selectFrom('categories').selectAll().where('id', '=', id).executeTakeFirst();
      if (!row) throw new ApiError(404, NOT_FOUND);
      const usage = await usageOf(trx, id);
      if (usage.coupons > 0) {
        const words = usageWords({ coupons: usage.coupons }, { coupons: ['coupon is', 'coupons are'] });
        throw new ApiError(409, `${words} limited to ${row.name}: change ${usage.coupons === 1 ? 'it' : 'them'} in Coupons first`, undefined, { in_use: usage });
      }
      const holds = usage.products + usage.children > 0;
      if (holds && moveTo === undefined) {
        const words = usageWords({ products: usage.products, children: usage.children }, { products: ['product', 'products'], children: ['subcategory', 'subcategories'] });
        throw new ApiError(409, `${row.name} holds ${words}: choose a category to move ${usage.products + usage.children === 1 ? 'it' : 'them'} to first`, undefined, { in_use: usage });
      }
      const rows = await rowsOf(trx);
      let target: { id: number; name: string } | null = null;
      let moved: number[] = [];
      let below: number[] = [];
      if (holds && moveTo !== undefined) {
        const found = rows.find((r) => r.id === moveTo);
        if (!found) throw new ApiError(422, 'No such category to move them to', { move_to: ['No such category to move them to'] });
        if (subtreeOf(rows, id).has(moveTo)) throw new ApiError(422, `They cannot move to ${found.name}: it is ${moveTo === id ? 'the category removed' : `inside ${row.name}`}`, { move_to: ['Choose a category outside the one removed'] });
        const kids = (childrenOf(rows).get(id) ?? []).map((kid) => kid.id);
        const without = rows.filter((r) => r.id !== id);
        const deep = kids.find((kid) => moveProblem(without, kid, moveTo));
        if (deep !== undefined) throw new ApiError(422, `Under ${found.name} its subcategories would pass the tree's ${CATALOGUE_LIMITS.depth} levels`, { move_to: [`The tree has at most ${CATALOGUE_LIMITS.depth} levels`] });
        target = found;
        moved = (await trx.selectFrom('products').select('id').where('category_id', '=', id).execute()).map((p) => p.id);
        await trx.updateTable('products').set({ category_id: moveTo }).where('category_id', '=', id).execute();
        const end = (childrenOf(rows).get(moveTo) ?? []).length;
        for (const [i, kid] of kids.entries()) await trx.updateTable('categories').set({ parent_id: moveTo, position: end + i }).where('id', '=', kid).execute();
        below = kids.flatMap((kid) => [...subtreeOf(rows, kid)]);
      }
      await trx.deleteFrom('categories').where('id', '=', id).execute();
      await place(trx, row.parent_id, (childrenOf(rows).get(row.parent_id) ?? []).filter((r) => r.id !== id));
      // The products moved, and those below its subcategories, have new ancestors.
      await refreshSearchText(trx, [...moved, ...(await productsOf(trx, { categories: below }))]);
      await shiftSearchWords(trx, row.name, null);
      const after = target ? { moved_to: target.id, products: usage.products, subcategories: usage.children } : null;
      await recordAudit(trx, { ...audit(staff, 'category.removed', id), before: { ...own(row), parent_id: row.parent_id }, after });
      return target ? `${row.name} removed; ${usageWords({ products: usage.products, children: usage.children }, { products: ['product', 'products'], children: ['subcategory', 'subcategories'] })} moved to ${target.name}` : `${row.name} removed`;
    });
  } catch (error) {
    // Something filed under it meanwhile by a writer that does not take the tree's lock: nothing was removed.
    if (isForeignKeyViolation(error)) throw new ApiError(409, 'Something was filed under this category meanwhile: look again and choose where it goes');
    throw error;
  }
}
