import { atom } from 'nanostores';
import { BosCategoryCreateBody, BosCategoryUpdateBody, type BosCategory, type BosCategoryMoveBody, type BosCategoryTree } from '../../../contract/bos-catalogue';
import { plural } from '../../../contract/plural';
import type { BosCatalogueApi } from '../../../lib/api/bos-catalogue';
import { ApiCallError } from '../../../lib/api/client';
import { errorMessage } from '../../../lib/errors';
import { changesPlace, pathName, placeText } from './tree';

/**
 * The categories screen's state: the whole tree as the API last answered it. Every move, save and removal is a call;
 * the tree shown is the one the API answers after it (a move answers the tree; the rest load it again), so two
 * people editing at once see each other's changes at their next step. One change at a time.
 */
export interface TreeState {
  tree: BosCategoryTree;
  busy: boolean;
  report: { tone: 'success' | 'error'; text: string } | null;
}

export type TreeApi = Pick<BosCatalogueApi, 'bosCategories' | 'bosCreateCategory' | 'bosUpdateCategory' | 'bosMoveCategory' | 'bosRemoveCategory'>;

export const $tree = atom<TreeState | null>(null);
const now = () => $tree.get()!;
const update = (change: Partial<TreeState>) => $tree.set({ ...now(), ...change });

export const seededTree = (tree: BosCategoryTree): TreeState => ({ tree, busy: false, report: null });
export const seedTree = (tree: BosCategoryTree) => $tree.set(seededTree(tree));

const refusal = (failure: unknown) => (failure instanceof ApiCallError ? failure.message : errorMessage(failure));

/** Loads the tree again (after a refusal: someone may have changed it meanwhile), keeping the report. */
async function reload(client: TreeApi) {
  try {
    update({ tree: await client.bosCategories() });
  } catch {
    // The report already says what went wrong; the tree shown stays.
  }
}

/** Moves a category (POST /s/api/bos/categories/move); the report says where it is now, or why it did not move. */
export async function moveCategory(client: TreeApi, move: BosCategoryMoveBody): Promise<boolean> {
  if (now().busy || !changesPlace(now().tree.data, move)) return false;
  update({ busy: true, report: null });
  try {
    const tree = await client.bosMoveCategory(move);
    update({ tree, busy: false, report: { tone: 'success', text: `Moved: ${placeText(tree.data, move.id)}` } });
    return true;
  } catch (failure) {
    update({ busy: false, report: { tone: 'error', text: `Not moved: ${refusal(failure)}` } });
    await reload(client);
    return false;
  }
}

/** The category form as typed: the parent is a category's id, or '' for the top level (new categories only). */
export interface CategoryForm {
  name: string;
  /** Its name in Hindi, shown on /hi/ pages ('' none: the English one). */
  name_hi: string;
  slug: string;
  parent: string;
  avatar: string;
}
export const EMPTY_CATEGORY: CategoryForm = { name: '', name_hi: '', slug: '', parent: '', avatar: '' };
export const categoryFormOf = (c: BosCategory): CategoryForm => ({ name: c.name, name_hi: c.name_hi ?? '', slug: c.slug, parent: c.parent_id === null ? '' : String(c.parent_id), avatar: c.avatar ?? '' });

/** The form's body for a new category or an edited one, or its problems by field in the API's words. */
function categoryBody(form: CategoryForm, editing: boolean): { body: Record<string, unknown> } | { errors: Record<string, string> } {
  const body = editing
    ? { name: form.name.trim(), name_hi: form.name_hi.trim(), slug: form.slug.trim(), avatar: form.avatar.trim() }
    : { name: form.name.trim(), name_hi: form.name_hi.trim(), slug: form.slug.trim(), avatar: form.avatar.trim(), parent_id: form.parent ? Number(form.parent) : null };
  const parsed = (editing ? BosCategoryUpdateBody : BosCategoryCreateBody).safeParse(body);
  return parsed.success ? { body } : { errors: firstByField(parsed.error.issues.map((i) => [String(i.path[0] ?? 'name'), i.message])) };
}

const firstByField = (problems: [string, string][]) => {
  const errors: Record<string, string> = {};
  for (const [field, message] of problems) errors[field === 'parent_id' ? 'parent' : field] ??= message;
  return errors;
};

/**
 * Saves the category form (a new one when `editing` is null). Resolves to its problems by field (nothing sent, or
 * the API's refusal), or null once saved: the tree is loaded again and the report says what was done.
 */
export async function saveCategory(client: TreeApi, editing: BosCategory | null, form: CategoryForm): Promise<Record<string, string> | null> {
  const built = categoryBody(form, editing !== null);
  if ('errors' in built) return built.errors;
  if (now().busy) return { _: 'Wait for the last change to finish' };
  update({ busy: true, report: null });
  try {
    const saved = editing ? await client.bosUpdateCategory(editing.id, built.body as never) : await client.bosCreateCategory(built.body as never);
    const tree = await client.bosCategories();
    const where = saved.parent_id === null ? 'at the top level' : `under ${pathName(tree.data, saved.parent_id)}`;
    update({ tree, busy: false, report: { tone: 'success', text: editing ? `${saved.name} saved.` : `${saved.name} added ${where}.` } });
    return null;
  } catch (failure) {
    update({ busy: false });
    const errors = failure instanceof ApiCallError ? ((failure.body as { errors?: Record<string, string[]> } | null)?.errors ?? {}) : {};
    const fields = firstByField(Object.entries(errors).map(([field, messages]) => [field, messages[0] ?? refusal(failure)]));
    return Object.keys(fields).length ? fields : { _: refusal(failure) };
  }
}

/** What removing a category asks first: refused outright (coupons), where its products and subcategories go, or only a yes. */
export function removeCategoryQuestion(c: BosCategory, list: readonly BosCategory[]): { kind: 'refused' | 'move' | 'confirm'; title: string; text: string } {
  const children = list.filter((x) => x.parent_id === c.id).length;
  if (c.coupons > 0) {
    return { kind: 'refused', title: `${c.name} cannot be removed`, text: `${plural(c.coupons, 'coupon is', 'coupons are')} limited to ${c.name}. Change ${c.coupons === 1 ? 'it' : 'them'} in Coupons first.` };
  }
  const holds = [c.products > 0 && plural(c.products, 'product', 'products'), children > 0 && plural(children, 'subcategory', 'subcategories')].filter(Boolean).join(' and ');
  if (holds) return { kind: 'move', title: `Remove ${c.name}?`, text: `${c.name} holds ${holds}. Choose where ${c.products + children === 1 ? 'it goes' : 'they go'}, then remove it. This cannot be undone.` };
  return { kind: 'confirm', title: `Remove ${c.name}?`, text: `${c.name} is empty: it leaves the shop’s menus and listings at once. This cannot be undone.` };
}

/** Removes a category (after the confirm step), moving what it holds to `moveTo` when given; the report says what was done. */
export async function removeCategory(client: TreeApi, c: BosCategory, moveTo?: number) {
  if (now().busy) return;
  update({ busy: true, report: null });
  let report: TreeState['report'];
  try {
    report = { tone: 'success', text: `${(await client.bosRemoveCategory(c.id, moveTo)).message}.` };
  } catch (failure) {
    report = { tone: 'error', text: `Not removed: ${refusal(failure)}` };
  }
  update({ busy: false, report });
  await reload(client);
}
