/**
 * The website's search synonym groups, one group at a time (docs/back-office-catalogue.md#search-synonyms): a page
 * of them found by a term, add, edit and remove. A group keeps the rules of the synonyms API (contract/search.ts:
 * 2 to 20 terms of at most 40 characters and 4 words, a term in one group only, at most 500 groups), checked
 * against the other groups under the website's synonyms lock, so two people adding the same term at once cannot
 * both succeed. Each change writes its audit row in its transaction, and this instance's search forgets its copy.
 */
import { CATALOGUE_PER_PAGE, type BosSynonymGroup, type BosSynonymList, type CatalogueListQuery } from '../../../contract/bos-catalogue';
import { SYNONYM_LIMITS, synonymKey, SynonymGroups } from '../../../contract/search';
import type { Db } from '../../db';
import { ApiError } from '../../http/errors';
import { forgetSynonyms, lockSynonyms, synonymRows } from '../search-synonyms';
import { recordAudit } from '../audit';
import type { DB, Staff } from './shared';

const MAX_GROUPS = SYNONYM_LIMITS.groups;

/** A website's groups by number, in their order. */
async function groupsOf(db: DB, websiteId: number): Promise<BosSynonymGroup[]> {
  const rows = await db.selectFrom('search_synonyms').select(['group_no', 'term']).where('website_id', '=', websiteId).orderBy('group_no').orderBy('position').execute();
  const groups: BosSynonymGroup[] = [];
  for (const row of rows) {
    if (groups.at(-1)?.no !== row.group_no) groups.push({ no: row.group_no, terms: [] });
    groups.at(-1)!.terms.push(row.term);
  }
  return groups;
}

/** GET /bos/synonyms: a page of the groups, those with a term holding `q` (compared as search compares) when given. */
export async function listSynonyms(db: DB, websiteId: number, query: CatalogueListQuery): Promise<BosSynonymList> {
  const all = await groupsOf(db, websiteId);
  const wanted = query.q ? synonymKey(query.q) : '';
  const found = wanted ? all.filter((g) => g.terms.some((term) => synonymKey(term).includes(wanted))) : all;
  const perPage = query.perPage ?? CATALOGUE_PER_PAGE;
  return { data: found.slice((query.page - 1) * perPage, query.page * perPage), meta: { total: found.length, groups: all.length, max_groups: MAX_GROUPS } };
}

/**
 * A group's terms checked against the website's other groups: each term in no other group (said with that group's
 * first term), and the whole list as the synonyms API would take it. 400 with the terms' errors, nothing written.
 */
function check(others: BosSynonymGroup[], terms: string[]): void {
  const owner = new Map<string, BosSynonymGroup>();
  for (const group of others) for (const term of group.terms) owner.set(synonymKey(term), group);
  const errors: Record<string, string[]> = {};
  terms.forEach((term, i) => {
    const group = owner.get(synonymKey(term));
    if (group) errors[`terms.${i}`] = [`“${term.trim()}” is already in the group of “${group.terms[0]}”`];
  });
  const first = Object.values(errors)[0]?.[0];
  if (first) throw new ApiError(400, first, errors);
  const whole = SynonymGroups.safeParse({ groups: [...others.map((g) => g.terms), terms] });
  if (!whole.success) throw new ApiError(400, whole.error.issues[0]!.message, { terms: whole.error.issues.map((issue) => issue.message) });
}

const audit = (staff: Staff, action: string, no: number) => ({ websiteId: staff.websiteId, userId: staff.userId, action: `synonyms.${action}`, subject: { kind: 'synonyms' as const, id: no }, orderId: null });
const tidy = (terms: string[]) => terms.map((term) => term.trim().normalize('NFC'));

/** POST /bos/synonyms: a new group, after the others (409 once the website has 500). */
export async function addSynonymGroup(db: Db, staff: Staff, terms: string[]): Promise<BosSynonymGroup> {
  const group = await db.kysely.transaction().execute(async (trx) => {
    await lockSynonyms(trx, staff.websiteId);
    const others = await groupsOf(trx, staff.websiteId);
    if (others.length >= MAX_GROUPS) throw new ApiError(409, `The website has ${MAX_GROUPS} synonym groups, the most it may keep: remove one first`);
    check(others, terms);
    const no = others.reduce((max, g) => Math.max(max, g.no + 1), 0);
    const added = { no, terms: tidy(terms) };
    await write(trx, staff.websiteId, added);
    await recordAudit(trx, { ...audit(staff, 'created', no), before: null, after: added.terms });
    return added;
  });
  forgetSynonyms(db, staff.websiteId);
  return group;
}

/** PUT /bos/synonyms/{no}: a group's terms, replaced. */
export async function updateSynonymGroup(db: Db, staff: Staff, no: number, terms: string[]): Promise<BosSynonymGroup> {
  const group = await db.kysely.transaction().execute(async (trx) => {
    await lockSynonyms(trx, staff.websiteId);
    const all = await groupsOf(trx, staff.websiteId);
    const before = all.find((g) => g.no === no);
    if (!before) throw new ApiError(404, 'No such synonym group');
    check(all.filter((g) => g !== before), terms);
    const after = { no, terms: tidy(terms) };
    await trx.deleteFrom('search_synonyms').where('website_id', '=', staff.websiteId).where('group_no', '=', no).execute();
    await write(trx, staff.websiteId, after);
    await recordAudit(trx, { ...audit(staff, 'updated', no), before: before.terms, after: after.terms });
    return after;
  });
  forgetSynonyms(db, staff.websiteId);
  return group;
}

/** DELETE /bos/synonyms/{no}. */
export async function removeSynonymGroup(db: Db, staff: Staff, no: number): Promise<string> {
  const message = await db.kysely.transaction().execute(async (trx) => {
    await lockSynonyms(trx, staff.websiteId);
    const before = (await groupsOf(trx, staff.websiteId)).find((g) => g.no === no);
    if (!before) throw new ApiError(404, 'No such synonym group');
    await trx.deleteFrom('search_synonyms').where('website_id', '=', staff.websiteId).where('group_no', '=', no).execute();
    await recordAudit(trx, { ...audit(staff, 'removed', no), before: before.terms, after: null });
    return `The group of “${before.terms[0]}” removed`;
  });
  forgetSynonyms(db, staff.websiteId);
  return message;
}

/** A group's rows, numbered as given. */
async function write(trx: DB, websiteId: number, group: BosSynonymGroup) {
  const rows = synonymRows(websiteId, [group.terms]).map((row) => ({ ...row, group_no: group.no }));
  await trx.insertInto('search_synonyms').values(rows).execute();
}
