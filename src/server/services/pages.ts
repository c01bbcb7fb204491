import type { Kysely } from 'kysely';
import { BLOCKS, heroSettings, PageDocument, pageErrors, type BlockType, type FormField, type PageData } from '../../contract';
import { flattenCategories } from '../../lib/listing';
import { logger } from '../../lib/log.mjs';
import { validateField, type FieldRule } from '../../contract/validation';
import type { Locale } from '../../lib/i18n/locales';
import type { Db } from '../db';
import { localized } from '../map';
import type { Database } from '../db/schema';
import { ApiError } from '../http/errors';
import { inTransaction } from '../db/transaction';
import { allBrands, categoryTree, listProducts, productsByIds } from './catalogue';
import { auditPage, lastVersion, putLive } from './page-publish';
import type { Shopper } from './shopper';

type DB = Kysely<Database>;

/**
 * Puts a page (already checked against the block schemas) live on a website at its path, replacing what was live
 * there (the publish command and the demo seed). It goes through the page builder's publish (putLive): a version
 * is kept, and `by` (a staff member, or null for the command line) is recorded, with an audit row. A page whose
 * draft had no unpublished changes gets the new page as its draft; a draft with unpublished changes (or of a page
 * never published before) is left as it is (never lost), and now differs from what is live.
 */
export async function publishPage(db: DB, websiteId: number, input: unknown, by: number | null = null): Promise<number> {
  const doc = PageDocument.parse(input);
  return inTransaction(db, async (trx: DB) => {
    const at = new Date().toISOString();
    const existing = await trx.selectFrom('pages').select('id').where('website_id', '=', websiteId).where('url', '=', doc.url).executeTakeFirst();
    const pageId = existing
      ? existing.id
      : (await trx.insertInto('pages').values({ website_id: websiteId, url: doc.url, title: doc.title, updated_at: at, live: 1 }).returning('id').executeTakeFirstOrThrow()).id;
    const before = await lastVersion(trx, pageId);
    const draft = await trx.selectFrom('page_drafts').select(['document_json', 'version']).where('page_id', '=', pageId).executeTakeFirst();
    const version = await putLive(trx, pageId, doc, by, at);
    const json = JSON.stringify(doc);
    if (!draft) await trx.insertInto('page_drafts').values({ page_id: pageId, url: doc.url, title: doc.title, document_json: json, version: 1, saved_at: at, saved_by: by }).execute();
    else if (before && draft.document_json === before.document_json)
      await trx.updateTable('page_drafts').set({ url: doc.url, title: doc.title, document_json: json, version: draft.version + 1, saved_at: at, saved_by: by }).where('page_id', '=', pageId).execute();
    if (by !== null) await auditPage(trx, { websiteId, userId: by, action: 'page.published', pageId, after: { url: doc.url, version } }, at);
    return pageId;
  });
}

/**
 * What a page (already valid against the block schemas) names that this website does not have, by field path,
 * as the API's `errors`: a category, brand, product or supplier by its slug, and a form whose formtype another
 * page of the website already uses (a submission is checked against the fields of the one form with its type).
 * Empty when every reference holds. The catalogue is shared by the websites; forms are each website's own.
 */
async function pageReferenceErrors(db: DB, websiteId: number, input: unknown, pageId?: number): Promise<Record<string, string[]>> {
  const doc = PageDocument.parse(input);
  const errors: Record<string, string[]> = {};
  const wanted = { categories: new Set<string>(), brands: new Set<string>(), products: new Set<string>(), suppliers: new Set<string>() };
  const refs: { path: string; kind: keyof typeof wanted; slug: string }[] = [];
  const refer = (path: string, kind: keyof typeof wanted, slug: string | undefined) => {
    if (!slug) return;
    wanted[kind].add(slug);
    refs.push({ path, kind, slug });
  };
  const forms: { path: string; formtype: string }[] = [];
  for (const [index, component] of doc.components.entries()) {
    const at = `components.${index}.data`;
    const data = BLOCKS[component.type].parse(component.data) as Record<string, unknown>;
    if (component.type === 'product_carousel' || component.type === 'product_grid') {
      const source = data as { category?: string; brand?: string; products?: string[] };
      refer(`${at}.category`, 'categories', source.category);
      refer(`${at}.brand`, 'brands', source.brand);
      source.products?.forEach((slug, i) => refer(`${at}.products.${i}`, 'products', slug));
    }
    if (component.type === 'category_carousel') (data.categories as string[] | undefined)?.forEach((slug, i) => refer(`${at}.categories.${i}`, 'categories', slug));
    if (component.type === 'brand_carousel') (data.brands as string[] | undefined)?.forEach((slug, i) => refer(`${at}.brands.${i}`, 'brands', slug));
    if (component.type === 'supplier_carousel') (data.suppliers as string[] | undefined)?.forEach((slug, i) => refer(`${at}.suppliers.${i}`, 'suppliers', slug));
    if (component.type === 'dynamic_form') forms.push({ path: `${at}.formtype`, formtype: (data as { formtype: string }).formtype });
  }
  const known = async (table: keyof typeof wanted) =>
    wanted[table].size ? new Set((await db.selectFrom(table).select('slug').where('slug', 'in', [...wanted[table]]).execute()).map((r) => r.slug)) : new Set<string>();
  const found = { categories: await known('categories'), brands: await known('brands'), products: await known('products'), suppliers: await known('suppliers') };
  const noun = { categories: 'category', brands: 'brand', products: 'product', suppliers: 'supplier' } as const;
  for (const { path, kind, slug } of refs) if (!found[kind].has(slug)) (errors[path] ??= []).push(`No ${noun[kind]} "${slug}" on this website`);
  if (forms.length) {
    // Other pages' forms: what they show now, and what their drafts will publish.
    const others = await db
      .selectFrom('page_components')
      .innerJoin('pages', 'pages.id', 'page_components.page_id')
      .select(['pages.url', 'page_components.data_json'])
      .where('pages.website_id', '=', websiteId)
      .where((eb) => (pageId === undefined ? eb('pages.url', '!=', doc.url) : eb('pages.id', '!=', pageId)))
      .where('page_components.type', '=', 'dynamic_form')
      .execute();
    const drafts = await db
      .selectFrom('page_drafts')
      .innerJoin('pages', 'pages.id', 'page_drafts.page_id')
      .select(['page_drafts.url', 'page_drafts.document_json'])
      .where('pages.website_id', '=', websiteId)
      .where((eb) => (pageId === undefined ? eb('pages.url', '!=', doc.url) : eb('pages.id', '!=', pageId)))
      .where('page_drafts.document_json', 'like', '%"dynamic_form"%')
      .execute();
    const taken = new Map<string, string>();
    const note = (data: unknown, url: string) => {
      const form = BLOCKS.dynamic_form.safeParse(data);
      if (form.success && !taken.has(form.data.formtype)) taken.set(form.data.formtype, url);
    };
    for (const row of others) note(JSON.parse(row.data_json), row.url);
    for (const row of drafts) {
      const components = (JSON.parse(row.document_json) as { components?: { type?: unknown; data?: unknown }[] }).components;
      for (const c of Array.isArray(components) ? components : []) if (c?.type === 'dynamic_form') note(c.data, row.url);
    }
    const seen = new Set<string>();
    for (const { path, formtype } of forms) {
      if (taken.has(formtype)) (errors[path] ??= []).push(`The form "${formtype}" is already on the page ${taken.get(formtype)}: give this form its own formtype`);
      else if (seen.has(formtype)) (errors[path] ??= []).push(`The form "${formtype}" is already on this page: give this form its own formtype`);
      seen.add(formtype);
    }
  }
  return errors;
}

/** Every problem of a page for this website, by field path: the block schemas first, then what it names (above). */
export async function pageCheckErrors(db: DB, websiteId: number, input: unknown, pageId?: number): Promise<Record<string, string[]>> {
  const errors = pageErrors(input);
  return Object.keys(errors).length ? errors : pageReferenceErrors(db, websiteId, input, pageId);
}

/**
 * GET /api/page/data{path}: the live page's blocks in order, each with what it shows resolved on the server
 * (products, categories, brands, suppliers). A block whose data no longer fits its schema is left out and
 * logged, so one broken block never breaks the page. A page that is not live (a draft never published, or
 * unpublished) is not there.
 */
export async function pageData(db: Db, websiteId: number, url: string, userId?: number, locale?: Locale): Promise<PageData> {
  const page = await db.kysely.selectFrom('pages').selectAll().where('website_id', '=', websiteId).where('url', '=', url).where('live', '=', 1).executeTakeFirst();
  if (!page) throw new ApiError(404, `No page at ${url}`);
  const rows = await db.kysely.selectFrom('page_components').selectAll().where('page_id', '=', page.id).orderBy('position').orderBy('id').execute();
  const blocks = rows.map((row) => ({ name: row.name, type: row.type, data: JSON.parse(row.data_json) as unknown, settings: row.settings_json ? (JSON.parse(row.settings_json) as unknown) : undefined, order: Math.floor(row.position / 1000) }));
  const fields = {
    ...page,
    // The page's SEO words in the request's language (Hindi where given), as its blocks' names below.
    seo_title: page.seo_title === null ? null : localized(locale, page.seo_title, page.seo_title_hi),
    seo_description: page.seo_description === null ? null : localized(locale, page.seo_description, page.seo_description_hi),
    show_footer: page.show_footer === 1,
    show_sub_navbar: page.show_sub_navbar === 1,
    show_navbar: page.show_navbar === 1,
  };
  return resolvePage(db, fields, blocks, userId === undefined ? undefined : { userId, websiteId }, locale);
}

/**
 * A page document as GET /api/page/data would answer it once published: the page builder's preview of a draft
 * (which may have problems: a field that breaks its rule takes its default, a broken block is left out) or of a
 * kept version, resolved exactly as the live page is.
 */
export async function documentPageData(db: Db, input: unknown): Promise<PageData> {
  const doc = (input && typeof input === 'object' ? input : {}) as Record<string, unknown>;
  const shape = PageDocument.shape;
  const field = <K extends keyof typeof shape>(key: K) => {
    const parsed = shape[key].safeParse(doc[key]);
    return (parsed.success ? parsed.data : shape[key].safeParse(undefined).data) as PageDocument[K];
  };
  const listed = Array.isArray(doc.components) ? (doc.components as Record<string, unknown>[]) : [];
  const blocks = listed
    .map((c, index) => ({ c: c ?? {}, index }))
    .map(({ c, index }) => ({ name: String(c.name ?? ''), type: String(c.type ?? ''), data: c.data, settings: c.settings, order: Number.isInteger(c.order) ? (c.order as number) : 0, index }))
    .sort((a, b) => a.order - b.order || a.index - b.index);
  const url = typeof doc.url === 'string' ? doc.url : '/';
  const fields = {
    url, css: field('css') ?? '', show_footer: field('show_footer') ?? true, show_sub_navbar: field('show_sub_navbar') ?? true, show_navbar: field('show_navbar') ?? true,
    seo_title: field('seo_title') ?? null, seo_description: field('seo_description') ?? null, seo_keyword: field('seo_keyword') ?? null, schema_script: field('schema_script') ?? null,
  };
  return resolvePage(db, fields, blocks);
}

type PageFields = Pick<PageData, 'url' | 'css' | 'show_footer' | 'show_sub_navbar' | 'show_navbar' | 'seo_title' | 'seo_description' | 'seo_keyword' | 'schema_script'>;

/** A page's blocks, each checked against its schema and resolved (blockResponse), in the order given. */
async function resolvePage(db: Db, page: PageFields, blocks: { name: string; type: string; data: unknown; settings: unknown; order: number }[], shopper?: Shopper, locale?: Locale): Promise<PageData> {
  const components = [];
  for (const block of blocks) {
    const schema = BLOCKS[block.type as BlockType] as (typeof BLOCKS)[BlockType] | undefined;
    const parsed = schema?.safeParse(block.data);
    const settings = block.type === 'hero' ? heroSettings(block.settings ?? {}) : { success: true as const, data: undefined };
    if (!parsed?.success || !settings.success) {
      logger('pages').warn(`${page.url}: skipped block "${block.name}" (${block.type}): ${parsed?.success === false ? parsed.error.issues[0]?.message : 'unknown type or bad settings'}`);
      continue;
    }
    components.push({
      name: block.name,
      type: block.type,
      data: parsed.data,
      settings: settings.data,
      order: block.order,
      response: await blockResponse(db, block.type as BlockType, parsed.data as Record<string, unknown>, shopper, locale),
    });
  }
  return {
    url: page.url,
    css: page.css,
    data: components,
    show_footer: page.show_footer,
    show_sub_navbar: page.show_sub_navbar,
    show_navbar: page.show_navbar,
    seo_title: page.seo_title,
    seo_description: page.seo_description,
    seo_keyword: page.seo_keyword,
    schema_script: page.schema_script,
  };
}

async function blockResponse(db: Db, type: BlockType, data: Record<string, unknown>, shopper?: Shopper, locale?: Locale): Promise<unknown> {
  if (type === 'product_carousel' || type === 'product_grid') {
    const source = data as { category?: string; brand?: string; products?: string[]; sort?: 'popularity'; limit: number };
    if (source.products?.length) {
      const rows = await db.kysely.selectFrom('products').select(['id', 'slug']).where('slug', 'in', source.products).where('is_active', '=', 1).execute();
      const bySlug = new Map(rows.map((r) => [r.slug, r.id]));
      // A product whose slug the back office changed stays on the page (docs/back-office-products.md#slugs).
      const missing = source.products.filter((slug) => !bySlug.has(slug));
      if (missing.length) {
        const moved = await db.kysely
          .selectFrom('product_slug_redirects as r')
          .innerJoin('products as p', 'p.id', 'r.product_id')
          .select(['r.old_slug', 'p.id'])
          .where('r.old_slug', 'in', missing)
          .where('p.is_active', '=', 1)
          .execute();
        for (const row of moved) bySlug.set(row.old_slug, row.id);
      }
      return productsByIds(db, source.products.flatMap((slug) => bySlug.get(slug) ?? []), shopper, undefined, locale);
    }
    const c = source.category ? (await db.kysely.selectFrom('categories').select('id').where('slug', '=', source.category).executeTakeFirst())?.id : undefined;
    const b = source.brand ? (await db.kysely.selectFrom('brands').select('id').where('slug', '=', source.brand).executeTakeFirst())?.id : undefined;
    if ((source.category && !c) || (source.brand && !b)) return [];
    return (await listProducts(db, { page: 1, perPage: source.limit, s: source.sort, ...(c ? { c: String(c) } : {}), ...(b ? { b: String(b) } : {}) }, shopper, undefined, undefined, locale)).data;
  }
  if (type === 'category_carousel') {
    const tree = await categoryTree(db, locale);
    const wanted = (data as { categories?: string[] }).categories;
    const flat = flattenCategories(tree);
    return (wanted?.length ? wanted.flatMap((slug) => flat.filter((c) => c.slug === slug)) : tree).map(({ id, name, slug, avatar, link }) => ({ id, name, slug, avatar, link }));
  }
  if (type === 'brand_carousel') {
    const wanted = (data as { brands?: string[] }).brands;
    const brands = await allBrands(db, locale);
    return wanted?.length ? wanted.flatMap((slug) => brands.filter((b) => b.slug === slug)) : brands;
  }
  if (type === 'supplier_carousel') {
    const wanted = (data as { suppliers?: string[] }).suppliers;
    const suppliers = await db.kysely.selectFrom('suppliers').select(['name', 'slug', 'image', 'title', 'link']).orderBy('id').execute();
    return wanted?.length ? wanted.flatMap((slug) => suppliers.filter((s) => s.slug === slug)) : suppliers;
  }
  return undefined;
}

/** The rules of a form's fields, as the storefront's validation runs them (docs/product.md#validation). */
const fieldRule = (field: FormField): FieldRule => ({
  label: field.label,
  required: field.required,
  type: field.type === 'email' ? 'email' : undefined,
  pattern: field.pattern === 'email' ? undefined : field.pattern,
});

/**
 * POST /api/webui/create: a dynamic form's submission, checked against the form's own fields on this website
 * with the shared rules, then kept. Only a form on a live page takes answers (never one only in a draft).
 */
export async function submitForm(db: DB, websiteId: number, body: { formtype: string; formdata: Record<string, unknown>; emailactivation?: 1 }) {
  const blocks = await db
    .selectFrom('page_components')
    .innerJoin('pages', 'pages.id', 'page_components.page_id')
    .select('page_components.data_json')
    .where('pages.website_id', '=', websiteId)
    .where('pages.live', '=', 1)
    .where('page_components.type', '=', 'dynamic_form')
    .execute();
  const form = blocks.map((b) => BLOCKS.dynamic_form.safeParse(JSON.parse(b.data_json))).find((p) => p.success && p.data.formtype === body.formtype);
  if (!form?.success) throw new ApiError(404, 'This form is not on this website');
  const errors: Record<string, string[]> = {};
  const values: Record<string, unknown> = {};
  for (const field of form.data.fields) {
    const value = body.formdata[field.name];
    const message = validateField(value, fieldRule(field));
    if (message) errors[field.name] = [message];
    else if (value !== undefined) values[field.name] = value;
  }
  if (Object.keys(errors).length) throw new ApiError(400, Object.values(errors)[0]![0]!, errors);
  await db
    .insertInto('webui_submissions')
    .values({ website_id: websiteId, formtype: body.formtype, formdata_json: JSON.stringify(values), emailactivation: body.emailactivation === 1 ? 1 : 0, created_at: new Date().toISOString() })
    .execute();
  return { message: form.data.thanks };
}
