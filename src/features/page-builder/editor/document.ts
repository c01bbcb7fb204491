import { BLOCKS, pageErrors, type BlockType } from '../../../contract/blocks';
import { moveItem, newBlockData } from './form-model';

/**
 * The page document the editor holds (a page as src/contract/blocks.ts's PageDocument takes it), and what the block
 * list does to it: add, duplicate, remove and put back, move, rename. Blocks keep their place in the list: each
 * block's `order` is written as its position, so the list as shown is the page as published.
 */

/** The block types a page may hold, in the palette's order, with the words a marketer knows them by. */
export const BLOCK_TYPES: { type: BlockType; name: string; line: string }[] = [
  { type: 'hero', name: 'Hero slider', line: 'Large pictures across the top of the page, one after another, each with a link.' },
  { type: 'image_banner', name: 'Image banner', line: 'One wide picture, for an offer, with a link.' },
  { type: 'product_carousel', name: 'Product carousel', line: 'A row of products to scroll: chosen ones, or a category\'s or brand\'s.' },
  { type: 'product_grid', name: 'Product grid', line: 'Products in rows and columns: chosen ones, or a category\'s or brand\'s.' },
  { type: 'category_carousel', name: 'Category carousel', line: 'A row of categories with their pictures.' },
  { type: 'brand_carousel', name: 'Brand carousel', line: 'A row of brands.' },
  { type: 'supplier_carousel', name: 'Supplier carousel', line: 'A row of the shop\'s suppliers, with their logos.' },
  { type: 'rich_html', name: 'Rich text', line: 'Headings, paragraphs, lists and links.' },
  { type: 'dynamic_form', name: 'Form', line: 'A form shoppers fill in (a contact or enquiry form); answers go to Forms.' },
];
export const blockTypeName = (type: string) => BLOCK_TYPES.find((b) => b.type === type)?.name ?? type;

export interface Block {
  name: string;
  type: BlockType;
  data: unknown;
  settings?: unknown;
  order?: number;
}
export interface EditorDoc {
  url: string;
  title: string;
  css: string;
  show_navbar: boolean;
  show_sub_navbar: boolean;
  show_footer: boolean;
  seo_title: string | null;
  seo_description: string | null;
  seo_keyword: string | null;
  schema_script: string | null;
  components: Block[];
  [other: string]: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** A draft as the API gives it (any JSON), as a document the editor can show: the page's own fields filled in, blocks in their order. */
export function toEditorDoc(draft: unknown, page: { url: string; title: string }): EditorDoc {
  const d = isObject(draft) ? draft : {};
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  const flag = (v: unknown) => (typeof v === 'boolean' ? v : true);
  const components = (Array.isArray(d.components) ? d.components : [])
    .filter(isObject)
    .map((c, i) => ({ c, i, order: typeof c.order === 'number' ? c.order : 0 }))
    .sort((a, b) => a.order - b.order || a.i - b.i)
    .map(({ c }) => ({ ...c, name: typeof c.name === 'string' ? c.name : '', type: c.type as BlockType, data: c.data }) as Block);
  return {
    ...d,
    url: typeof d.url === 'string' ? d.url : page.url,
    title: typeof d.title === 'string' ? d.title : page.title,
    css: typeof d.css === 'string' ? d.css : '',
    show_navbar: flag(d.show_navbar),
    show_sub_navbar: flag(d.show_sub_navbar),
    show_footer: flag(d.show_footer),
    seo_title: text(d.seo_title),
    seo_description: text(d.seo_description),
    seo_keyword: text(d.seo_keyword),
    schema_script: text(d.schema_script),
    components: withOrder(components),
  };
}

const withOrder = (blocks: Block[]): Block[] => blocks.map((b, i) => (b.order === i ? b : { ...b, order: i }));

/** The blocks and their keys (what the list and drag and drop know each block by), kept in step. */
export interface BlockList {
  doc: EditorDoc;
  keys: string[];
}

let nextKey = 0;
const newKey = () => `b${++nextKey}`;
export const keysFor = (doc: EditorDoc) => doc.components.map(() => newKey());

const withBlocks = (list: BlockList, components: Block[], keys: string[]): BlockList => ({ doc: { ...list.doc, components: withOrder(components) }, keys });

/** A name not used yet on the page: "Hero slider", then "Hero slider 2". */
function freeName(blocks: Block[], base: string): string {
  const names = new Set(blocks.map((b) => b.name));
  if (!names.has(base)) return base;
  for (let n = 2; ; n++) if (!names.has(`${base} ${n}`)) return `${base} ${n}`;
}

/** Adds a new block of a type (its schema's smallest value) at the end, or at `at`. */
export function addBlock(list: BlockList, type: BlockType, at = list.doc.components.length): BlockList {
  if (!(type in BLOCKS)) return list;
  const block: Block = { name: freeName(list.doc.components, blockTypeName(type)), type, data: newBlockData(type) };
  const components = [...list.doc.components];
  components.splice(at, 0, block);
  const keys = [...list.keys];
  keys.splice(at, 0, newKey());
  return withBlocks(list, components, keys);
}

/** A copy of a block just below it, named as a copy. */
export function duplicateBlock(list: BlockList, index: number): BlockList {
  const block = list.doc.components[index];
  if (!block) return list;
  const copy: Block = { ...structuredClone(block), name: freeName(list.doc.components, `${block.name} (copy)`.slice(0, 80)) };
  const components = [...list.doc.components];
  components.splice(index + 1, 0, copy);
  const keys = [...list.keys];
  keys.splice(index + 1, 0, newKey());
  return withBlocks(list, components, keys);
}

/** A removed block, with where it was, to put it back (Undo). */
export interface Removed {
  block: Block;
  key: string;
  index: number;
}
export function removeBlock(list: BlockList, index: number): { list: BlockList; removed: Removed | null } {
  const block = list.doc.components[index];
  if (!block) return { list, removed: null };
  return {
    list: withBlocks(list, list.doc.components.filter((_, i) => i !== index), list.keys.filter((_, i) => i !== index)),
    removed: { block, key: list.keys[index]!, index },
  };
}
export function putBack(list: BlockList, removed: Removed): BlockList {
  const at = Math.min(removed.index, list.doc.components.length);
  const components = [...list.doc.components];
  components.splice(at, 0, removed.block);
  const keys = [...list.keys];
  keys.splice(at, 0, removed.key);
  return withBlocks(list, components, keys);
}

export const moveBlock = (list: BlockList, from: number, to: number): BlockList => withBlocks(list, moveItem(list.doc.components, from, to), moveItem(list.keys, from, to));

export const renameBlock = (list: BlockList, index: number, name: string): BlockList =>
  withBlocks(list, list.doc.components.map((b, i) => (i === index ? { ...b, name } : b)), list.keys);

/** The problems of a document by field path: the contract's own check, as the API runs it. */
export const documentErrors = (doc: EditorDoc) => pageErrors(doc);

/** zod's own words for a length or shape ("Too small: expected string to have >=1 characters"), said better by the contract's rule beside it. */
const GENERIC = /^(Too small|Too big|Invalid input)\b/;

/**
 * Problems merged by path (the contract's, then what only the server knows: a product no longer on the website),
 * each said once; where a field has the contract's own words, zod's generic ones are left out.
 */
export function mergeErrors(...all: Record<string, string[]>[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const errors of all) for (const [path, messages] of Object.entries(errors)) for (const m of messages) if (!(out[path] ??= []).includes(m)) out[path]!.push(m);
  for (const [path, messages] of Object.entries(out)) {
    const clear = messages.filter((m) => !GENERIC.test(m));
    if (clear.length) out[path] = clear;
  }
  return out;
}

/** A problem's path in words: "Block 3 “Summer sale” · Slides 1 · Image". */
export function pathWords(doc: EditorDoc, path: string, label: (key: string) => string): string {
  const steps = path.split('.');
  if (steps[0] !== 'components') return steps.map((s) => (/^\d+$/.test(s) ? String(Number(s) + 1) : label(s))).join(' · ');
  const index = Number(steps[1]);
  const block = doc.components[index];
  const head = `Block ${index + 1}${block?.name ? ` “${block.name}”` : ''}`;
  const rest = steps.slice(2).filter((s, i) => !(i === 0 && s === 'data'));
  return [head, ...rest.map((s) => (/^\d+$/.test(s) ? `#${Number(s) + 1}` : label(s)))].join(' · ');
}
