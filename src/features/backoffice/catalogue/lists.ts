/**
 * The Catalogue section's lists (docs/back-office-catalogue.md): brands, suppliers, warehouses and search synonym
 * groups. For each: its address (`?q=…&page=…`), its form (the values typed, the body sent, checked with the
 * contract's own schemas so the form refuses with the API's words), what uses a row, and what a removal asks and
 * did. Plain functions: the store, the island, the pages and the tests share them.
 */
import type { z } from 'zod';
import {
  BosBrandBody, BosSupplierBody, BosSynonymBody, BosWarehouseBody, CATALOGUE_PER_PAGE, type BosBrand, type BosBrandList, type BosSupplier, type BosSupplierList, type BosSynonymGroup,
  type BosSynonymList, type BosWarehouse, type BosWarehouseList,
} from '../../../contract/bos-catalogue';
import { plural } from '../../../contract/plural';
import type { BosCatalogueApi } from '../../../lib/api/bos-catalogue';
import { ApiCallError } from '../../../lib/api/client';

export type ListKind = 'brands' | 'suppliers' | 'warehouses' | 'synonyms';
interface RowOf {
  brands: BosBrand;
  suppliers: BosSupplier;
  warehouses: BosWarehouse;
  synonyms: BosSynonymGroup;
}
export type AnyRow = RowOf[ListKind];
type AnyList = BosBrandList | BosSupplierList | BosWarehouseList | BosSynonymList;

/** How each list is named on the screen. */
export const KINDS: Record<ListKind, { title: string; one: string; many: string; searchHint: string; empty: string }> = {
  brands: { title: 'Brands', one: 'brand', many: 'brands', searchHint: 'A name or slug', empty: 'Add the brands your products carry: each product names one.' },
  suppliers: { title: 'Suppliers', one: 'supplier', many: 'suppliers', searchHint: 'A name, slug or title', empty: 'Add the suppliers your goods come from: the page builder’s supplier carousels show them.' },
  warehouses: { title: 'Warehouses', one: 'warehouse', many: 'warehouses', searchHint: 'A code, name, city or pincode', empty: 'Add the warehouses your packs ship from.' },
  synonyms: { title: 'Search synonyms', one: 'synonym group', many: 'synonym groups', searchHint: 'A term, such as chini', empty: 'Add groups of words shoppers use for the same thing: each finds what the others find.' },
};

export interface ListQuery {
  q: string;
  page: number;
}
const SEARCH_MAX = 80;

/** The view the address asks for (`?q=amul&page=2`); anything it cannot be falls back to no search, page 1. */
export function readListQuery(params: URLSearchParams): ListQuery {
  const page = Number(params.get('page'));
  return { q: (params.get('q') ?? '').trim().slice(0, SEARCH_MAX), page: Number.isSafeInteger(page) && page > 1 && page <= 100_000 ? page : 1 };
}

/** The address of a view; no search and page 1 are left out. */
export function listHref(kind: ListKind, { q, page }: ListQuery): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/bos/admin/catalogue/${kind}${query ? `?${query}` : ''}`;
}

/** A view of a list: what the address asks for and the API's answer. */
export interface ListView {
  kind: ListKind;
  query: ListQuery;
  list: AnyList;
}

export type ListApi = Pick<BosCatalogueApi, 'bosBrands' | 'bosSuppliers' | 'bosWarehouses' | 'bosSynonyms'>;

/** Loads a view of one list. */
export async function loadList(client: ListApi, kind: ListKind, query: ListQuery): Promise<ListView> {
  const asked = { ...(query.q ? { q: query.q } : {}), page: query.page, perPage: CATALOGUE_PER_PAGE };
  const read = { brands: client.bosBrands, suppliers: client.bosSuppliers, warehouses: client.bosWarehouses, synonyms: client.bosSynonyms }[kind];
  return { kind, query, list: await read(asked) };
}

// Forms

/** What a form holds: each field as typed. */
export type FormValues = Record<string, string>;

/** Each list's fields, in the form's order, with their labels and hints. */
export const FIELDS: Record<ListKind, { name: string; label: string; required?: boolean; hint?: string; image?: boolean; inputMode?: 'numeric' }[]> = {
  brands: [
    { name: 'name', label: 'Name', required: true },
    { name: 'name_hi', label: 'Name in Hindi', hint: 'Shown on the shop’s Hindi pages, such as टाटा; left blank, they show the English name.' },
    { name: 'slug', label: 'Slug', hint: 'Its web address: lower-case letters and digits joined by hyphens. Left blank, it is made from the name.' },
    { name: 'logo', label: 'Logo', hint: 'An image from the media library, a path of this shop (/…) or an https address.', image: true },
  ],
  suppliers: [
    { name: 'name', label: 'Name', required: true },
    { name: 'slug', label: 'Slug', hint: 'Its web address: lower-case letters and digits joined by hyphens. Left blank, it is made from the name.' },
    { name: 'title', label: 'Title', hint: 'A line under the name on its card (optional).' },
    { name: 'link', label: 'Link', hint: 'Where its card leads: a path of this shop (/products?q=tea) or an https address (optional).' },
    { name: 'image', label: 'Image', hint: 'An image from the media library, a path of this shop (/…) or an https address.', image: true },
  ],
  warehouses: [
    { name: 'code', label: 'Code', required: true, hint: 'Exactly 3 letters or digits, such as BLR; kept in capitals.' },
    { name: 'name', label: 'Name', required: true },
    { name: 'city', label: 'City', required: true },
    { name: 'pincode', label: 'Pincode', required: true, inputMode: 'numeric', hint: '6 digits.' },
  ],
  synonyms: [{ name: 'terms', label: 'Terms', required: true, hint: 'Separate the terms with commas, such as: sugar, chini, cheeni, चीनी. Each finds what the others find. 2 to 20 terms.' }],
};

/** A new row's empty form. */
export const emptyForm = (kind: ListKind): FormValues => Object.fromEntries(FIELDS[kind].map((f) => [f.name, '']));

/** An existing row's form. */
export function formOf(kind: ListKind, row: AnyRow): FormValues {
  if (kind === 'synonyms') return { terms: (row as BosSynonymGroup).terms.join(', ') };
  const record = row as unknown as Record<string, string | number | null>;
  return Object.fromEntries(FIELDS[kind].map((f) => [f.name, String(record[f.name] ?? '')]));
}

/** Whether a form differs from what it started as (so leaving it would lose work). */
export const isDirty = (start: FormValues, now: FormValues) => Object.keys({ ...start, ...now }).some((k) => (start[k] ?? '').trim() !== (now[k] ?? '').trim());

/** The terms typed in a synonym group's field: separated by commas (or new lines), blanks left out. */
export const splitTerms = (text: string) =>
  text
    .split(/[,\n،]/)
    .map((t) => t.trim())
    .filter(Boolean);

const SCHEMAS: Record<ListKind, z.ZodType> = { brands: BosBrandBody, suppliers: BosSupplierBody, warehouses: BosWarehouseBody, synonyms: BosSynonymBody };

/** The call's body for a form, or what is wrong with it by field, in the API's words (the same schema judges it). */
export function formBody(kind: ListKind, values: FormValues): { body: Record<string, unknown> } | { errors: Record<string, string> } {
  const raw = kind === 'synonyms' ? { terms: splitTerms(values.terms ?? '') } : Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v.trim()]));
  const parsed = SCHEMAS[kind].safeParse(raw);
  if (parsed.success) return { body: raw };
  return { errors: fieldErrors(kind, parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message] as [string, string]), raw) };
}

/** Problems by field path (`slug`, `terms.2`), as the form shows them: one message per field; a term's problem names the term. */
function fieldErrors(kind: ListKind, problems: [string, string][], raw: Record<string, unknown>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of problems) {
    const [field, index] = path.split('.');
    const name = field || (kind === 'synonyms' ? 'terms' : 'name');
    if (errors[name]) continue;
    const term = kind === 'synonyms' && index !== undefined ? (raw.terms as string[] | undefined)?.[Number(index)] : undefined;
    errors[name] = term !== undefined && !message.includes(term.trim()) ? `“${term}”: ${message}` : message;
  }
  return errors;
}

/** A refusal's field errors, as the API sent them (`errors`), for the form; empty when it had none. */
export function apiFieldErrors(kind: ListKind, failure: unknown, sent: Record<string, unknown> = {}): Record<string, string> {
  if (!(failure instanceof ApiCallError)) return {};
  const errors = (failure.body as { errors?: Record<string, string[]> } | null)?.errors ?? {};
  return fieldErrors(
    kind,
    Object.entries(errors).flatMap(([path, messages]) => messages.map((m) => [path, m] as [string, string])),
    sent,
  );
}

// What uses a row, and removing it

/** What uses a row, in words ("12 products and 1 coupon"), or null when nothing does (then it may be removed). */
export function usageText(kind: ListKind, row: AnyRow): string | null {
  const counts: [number, string, string][] =
    kind === 'brands'
      ? [[(row as BosBrand).products, 'product', 'products'], [(row as BosBrand).coupons, 'coupon', 'coupons']]
      : kind === 'suppliers'
        ? [[(row as BosSupplier).products, 'product', 'products']]
        : kind === 'warehouses'
          ? [[(row as BosWarehouse).packs, 'pack', 'packs'], [(row as BosWarehouse).order_lines, 'order line', 'order lines'], [(row as BosWarehouse).zones, 'delivery zone', 'delivery zones']]
          : [];
  const parts = counts.filter(([count]) => count > 0).map(([count, one, many]) => plural(count, one, many));
  if (!parts.length) return null;
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

/** How a row is named in sentences: a brand by its name, a warehouse by its code and name, a group by its first terms. */
export function rowName(kind: ListKind, row: AnyRow): string {
  if (kind === 'synonyms') {
    const terms = (row as BosSynonymGroup).terms;
    return `the group “${terms.slice(0, 3).join(', ')}${terms.length > 3 ? ', …' : ''}”`;
  }
  if (kind === 'warehouses') return `${(row as BosWarehouse).code} (${(row as BosWarehouse).name})`;
  return (row as BosBrand | BosSupplier).name;
}

/** What the Remove button will do, said before it is done: why it cannot, or what removing does. */
export function removeQuestion(kind: ListKind, row: AnyRow): { can: boolean; title: string; text: string } {
  const name = rowName(kind, row);
  const used = usageText(kind, row);
  if (used) {
    const fix = { brands: 'Give them another brand first.', suppliers: 'Give them another supplier (or none) first.', warehouses: 'A warehouse that ships or shipped goods stays.', synonyms: '' }[kind];
    return { can: false, title: `${capital(name)} is in use`, text: `${capital(name)} is used by ${used}, so it cannot be removed. ${fix}`.trim() };
  }
  const after = kind === 'synonyms' ? 'Its terms stop finding each other’s products in search at once.' : `Nothing uses it; it is gone from the shop at once.`;
  return { can: true, title: `Remove ${name}?`, text: `${capital(name)} will be removed. ${after} This cannot be undone.` };
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The table's caption: "12 brands matching “gold”, by name". */
export function listCaption(kind: ListKind, total: number, q: string): string {
  const order = kind === 'warehouses' ? 'by code' : kind === 'synonyms' ? 'in their order' : 'by name';
  return `${plural(total, KINDS[kind].one, KINDS[kind].many)}${q ? ` matching “${q}”` : ''}, ${order}`;
}
