import type { z } from 'zod';
import { BLOCKS, type BlockType } from '../../../contract/blocks';

/**
 * A block's form, read from its zod schema (src/contract/blocks.ts), so a field added to a block's schema shows in
 * the editor without a line here: objects become groups of fields, strings text boxes, numbers number boxes,
 * booleans check boxes, enums lists, arrays lists with add, remove and reorder. Optional, nullable and default
 * say whether a field may be left empty and what it starts with; length and range checks become the input's own
 * limits. A few fields are chosen rather than typed: a product, category, brand or supplier with a search picker
 * (the schema keeps its slug), an image with its path and the media library, a rich-text block's HTML with an editor.
 */

/** How a string field is edited. */
type Widget = 'text' | 'textarea' | 'image' | 'link' | 'richtext' | 'product' | 'category' | 'brand' | 'supplier';
/** The pickers: a field naming one of these by its slug. */
export type PickerKind = 'product' | 'category' | 'brand' | 'supplier';

interface Common {
  key: string;
  label: string;
  /** The schema's own description (an alt text's rule), shown under the field. */
  description?: string;
  /** Must hold a value: not optional, nullable or defaulted, and (for text) at least one character. */
  required: boolean;
  nullable: boolean;
  /** What the schema fills in when it is left out. */
  defaultValue?: unknown;
}
export type FieldModel =
  | (Common & { kind: 'string'; widget: Widget; min?: number; max?: number })
  | (Common & { kind: 'number'; integer: boolean; min?: number; max?: number })
  | (Common & { kind: 'boolean' })
  | (Common & { kind: 'enum'; options: string[] })
  | (Common & { kind: 'object'; fields: FieldModel[] })
  | (Common & { kind: 'list'; item: FieldModel; min?: number; max?: number })
  | (Common & { kind: 'unknown' });

/** Words for the schemas' keys; any other key is said from its name ("image_sm" → "Image sm"). */
const LABELS: Record<string, string> = {
  image: 'Image',
  image_sm: 'Phone image (optional)',
  alt: 'Alt text',
  link: 'Link',
  slides: 'Slides',
  products: 'Products',
  categories: 'Categories',
  category: 'Category',
  brand: 'Brand',
  brands: 'Brands',
  suppliers: 'Suppliers',
  html: 'Text',
  formtype: 'Form name (formtype)',
  fields: 'Fields',
  submit: 'Submit button',
  thanks: 'Thank-you message',
  limit: 'How many products',
  sort: 'Order',
  border: 'Show a border',
  required: 'Required',
  pattern: 'Pattern',
  options: 'Options',
};

/** Which keys are chosen, not typed (the schema holds slugs, paths or HTML). */
const WIDGETS: Record<string, Widget> = {
  image: 'image',
  image_sm: 'image',
  link: 'link',
  html: 'richtext',
  product: 'product',
  products: 'product',
  category: 'category',
  categories: 'category',
  brand: 'brand',
  brands: 'brand',
  supplier: 'supplier',
  suppliers: 'supplier',
  thanks: 'textarea',
};

/** Words for the enums' values. */
export const OPTION_LABELS: Record<string, string> = {
  popularity: 'Most popular',
  price_asc: 'Price, low to high',
  price_desc: 'Price, high to low',
  newest: 'Newest',
  discount: 'Biggest discount',
  text: 'Text',
  email: 'E-mail',
  tel: 'Phone',
  textarea: 'Long text',
  number: 'Number',
  checkbox: 'Check box',
  select: 'List',
  phone: 'Indian mobile number',
  pincode: 'Pincode',
};

export const labelOf = (key: string) => LABELS[key] ?? (key.charAt(0).toUpperCase() + key.slice(1)).replace(/_/g, ' ');

type Def = { type: string; innerType?: z.ZodType; defaultValue?: unknown; element?: z.ZodType; checks?: { _zod: { def: { check: string; minimum?: number; maximum?: number; value?: number } } }[] };
const defOf = (schema: z.ZodType) => (schema as unknown as { def: Def }).def;
const descriptionOf = (schema: z.ZodType) => (schema as unknown as { meta?: () => { description?: string } | undefined }).meta?.()?.description;

/** The min and max length (or size) of a schema's checks. */
function limits(def: Def): { min?: number; max?: number } {
  const out: { min?: number; max?: number } = {};
  for (const check of def.checks ?? []) {
    const c = check._zod.def;
    if (c.check === 'min_length') out.min = c.minimum;
    if (c.check === 'max_length') out.max = c.maximum;
  }
  return out;
}

/** One field's model from its schema, unwrapping optional, nullable and default. */
export function fieldModel(key: string, schema: z.ZodType): FieldModel {
  let current = schema;
  let optional = false;
  let nullable = false;
  let defaultValue: unknown;
  let description = descriptionOf(current);
  for (;;) {
    const def = defOf(current);
    if (def.type === 'optional') optional = true;
    else if (def.type === 'nullable') nullable = true;
    else if (def.type === 'default') defaultValue = typeof def.defaultValue === 'function' ? (def.defaultValue as () => unknown)() : def.defaultValue;
    else break;
    current = def.innerType!;
    description ??= descriptionOf(current);
  }
  const def = defOf(current);
  const loose = optional || nullable || defaultValue !== undefined;
  const common = { key, label: labelOf(key), ...(description ? { description } : {}), nullable, ...(defaultValue !== undefined ? { defaultValue } : {}) };
  switch (def.type) {
    case 'string': {
      const { min, max } = limits(def);
      const widget = WIDGETS[key] ?? (max !== undefined && max > 300 ? 'textarea' : 'text');
      return { ...common, kind: 'string', widget, required: !loose, ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
    }
    case 'number': {
      const n = current as unknown as { minValue: number | null; maxValue: number | null; isInt: boolean };
      return { ...common, kind: 'number', integer: n.isInt, required: !loose, ...(Number.isFinite(n.minValue) ? { min: n.minValue! } : {}), ...(Number.isFinite(n.maxValue) ? { max: n.maxValue! } : {}) };
    }
    case 'boolean':
      return { ...common, kind: 'boolean', required: false };
    case 'enum':
      return { ...common, kind: 'enum', options: (current as unknown as { options: string[] }).options, required: !loose };
    case 'object':
      return { ...common, kind: 'object', required: !loose, fields: Object.entries((current as z.ZodObject).shape).map(([k, s]) => fieldModel(k, s as z.ZodType)) };
    case 'array': {
      const item = fieldModel(key, def.element!);
      const { min, max } = limits(def);
      return { ...common, kind: 'list', required: !loose && (min ?? 0) > 0, item, ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
    }
    default:
      return { ...common, kind: 'unknown', required: false };
  }
}

/** Every block type's form. */
export const blockForm = (type: BlockType): FieldModel[] => {
  const model = fieldModel('data', BLOCKS[type]);
  return model.kind === 'object' ? model.fields : [];
};

/**
 * What a new field (or list item) starts with: its default, else what a marketer fills in (an empty text, the
 * first of a list, each required field of an object; as many items as the list needs). Optional fields are left
 * out, so a new block is its schema's smallest value.
 */
export function initialValue(model: FieldModel): unknown {
  if (model.defaultValue !== undefined) return structuredClone(model.defaultValue);
  if (!model.required && model.kind !== 'object') return undefined;
  switch (model.kind) {
    case 'string':
      return '';
    case 'number':
      return model.min ?? 0;
    case 'boolean':
      return false;
    case 'enum':
      return model.options[0];
    case 'object':
      return objectValue(model.fields);
    case 'list':
      return Array.from({ length: model.min ?? 0 }, () => itemValue(model.item));
    default:
      return undefined;
  }
}

/** A new item of a list: an object with its required fields, or an empty text. */
export const itemValue = (item: FieldModel): unknown =>
  item.kind === 'object' ? objectValue(item.fields) : item.kind === 'string' ? '' : initialValue({ ...item, required: true } as FieldModel);

function objectValue(fields: FieldModel[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const field of fields) {
    const value = initialValue(field);
    if (value !== undefined) out[field.key] = value;
  }
  return out;
}

/** A new block's data. */
export const newBlockData = (type: BlockType): Record<string, unknown> => objectValue(blockForm(type));

/** What a field holds once edited: an emptied optional text is left out (null where the schema takes null), so "" never fails an optional image's rules. */
export function fieldValue(model: FieldModel, raw: unknown): unknown {
  if (model.kind === 'string') {
    const text = String(raw ?? '');
    if (text === '' && !model.required && model.defaultValue === undefined) return model.nullable ? null : undefined;
    return text;
  }
  if (model.kind === 'number') {
    if (raw === '' || raw === null || raw === undefined) return model.required ? raw : undefined;
    const n = Number(raw);
    return Number.isFinite(n) ? n : raw;
  }
  if (model.kind === 'enum') return raw === '' ? (model.required ? raw : undefined) : raw;
  return raw;
}

export type Path = (string | number)[];
const pathKey = (path: Path) => path.map(String).join('.');

/** The value at a path of a JSON value. */
export function getAt(value: unknown, path: Path): unknown {
  let at = value;
  for (const step of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<string | number, unknown>)[step];
  }
  return at;
}

/** A copy of a JSON value with the value at `path` set (left out when undefined), copying only what it passes through. */
export function setAt<T>(value: T, path: Path, next: unknown): T {
  if (path.length === 0) return next as T;
  const [step, ...rest] = path;
  const container: Record<string | number, unknown> | unknown[] = Array.isArray(value) ? [...value] : value && typeof value === 'object' ? { ...(value as object) } : typeof step === 'number' ? [] : {};
  const child = setAt((container as Record<string | number, unknown>)[step!], rest, next);
  if (child === undefined && !Array.isArray(container)) delete (container as Record<string, unknown>)[step as string];
  else (container as Record<string | number, unknown>)[step!] = child;
  return container as T;
}

/** A list with one item moved from `from` to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const out = [...list];
  if (from < 0 || from >= out.length || to < 0 || to >= out.length) return out;
  const [item] = out.splice(from, 1);
  out.splice(to, 0, item!);
  return out;
}

/**
 * The problems of one field: those at its path. An object's own (a refine's) problem is kept by its path too
 * ("Choose one of category, brand or products" on the block's data).
 */
export const errorsAt = (errors: Record<string, string[]>, path: Path): string[] => errors[pathKey(path)] ?? [];

/** Problems at or below a path (to mark a collapsed block or a list item that holds them). */
export const errorsUnder = (errors: Record<string, string[]>, path: Path): number => {
  const prefix = pathKey(path);
  return Object.entries(errors).reduce((n, [key, list]) => (key === prefix || key.startsWith(`${prefix}.`) ? n + list.length : n), 0);
};
