import type { Category, Product } from '../../../contract/catalogue';
import { formatRupees } from '../../../lib/money';
import type { Choice } from './context';
import type { PickerKind } from './form-model';

/** The category tree as choices, each with its parents as its hint ("Staples › Rice"), in the tree's order. */
export function categoryChoices(tree: Category[], parents: string[] = []): Choice[] {
  return tree.flatMap((c) => [{ slug: c.slug, name: c.name, ...(parents.length ? { hint: parents.join(' › ') } : {}), image: c.avatar }, ...categoryChoices(c.children ?? [], [...parents, c.name])]);
}

/** A product as a choice: its name, brand and first pack's price, and its picture. */
export const productChoice = (p: Product): Choice => ({
  slug: p.slug,
  name: p.product_name,
  hint: [p.brand_name, p.packs[0] && `${p.packs[0].pack_name} · ${formatRupees(p.packs[0].price)}`].filter(Boolean).join(' · '),
  image: p.image || p.medias[0]?.src || null,
});

/** Choices whose name, hint or slug hold every word typed, best first (a name that starts with the words), at most `most`. */
export function searchChoices(choices: Choice[], q: string, most = 8): Choice[] {
  const words = q.trim().toLocaleLowerCase('en-IN').split(/\s+/).filter(Boolean);
  if (!words.length) return choices.slice(0, most);
  const found = choices.filter((c) => {
    const text = `${c.name} ${c.hint ?? ''} ${c.slug}`.toLocaleLowerCase('en-IN');
    return words.every((w) => text.includes(w));
  });
  const starts = (c: Choice) => (c.name.toLocaleLowerCase('en-IN').startsWith(words[0]!) ? 0 : 1);
  return found.sort((a, b) => starts(a) - starts(b)).slice(0, most);
}

export const PICKER_WORDS: Record<PickerKind, { one: string; search: string }> = {
  product: { one: 'product', search: 'Search products by name' },
  category: { one: 'category', search: 'Search categories' },
  brand: { one: 'brand', search: 'Search brands' },
  supplier: { one: 'supplier', search: 'Search suppliers' },
};
