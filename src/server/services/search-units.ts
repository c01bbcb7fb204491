/**
 * Pack sizes in a shopper's search text ("1kg", "500 g", "1 ltr", "2 x 500ml", "6 pcs"): parsed out of the
 * words, turned into the spellings a pack name can have, so the listing narrows to products with such a pack.
 */

export interface PackSize {
  /** Grams, millilitres or pieces of one unit of the pack. */
  amount: number;
  dimension: 'mass' | 'volume' | 'count';
  /** "2 x 500ml": two of them (1 when not said). */
  multiple: number;
}

const UNITS: Record<string, [PackSize['dimension'], number]> = {
  kg: ['mass', 1000], kgs: ['mass', 1000], kilo: ['mass', 1000], kilos: ['mass', 1000], kilogram: ['mass', 1000], kilograms: ['mass', 1000],
  g: ['mass', 1], gm: ['mass', 1], gms: ['mass', 1], gr: ['mass', 1], gram: ['mass', 1], grams: ['mass', 1], gramme: ['mass', 1],
  l: ['volume', 1000], lt: ['volume', 1000], ltr: ['volume', 1000], ltrs: ['volume', 1000], litre: ['volume', 1000], litres: ['volume', 1000], liter: ['volume', 1000], liters: ['volume', 1000],
  ml: ['volume', 1], mls: ['volume', 1],
  pc: ['count', 1], pcs: ['count', 1], piece: ['count', 1], pieces: ['count', 1],
};
const UNIT = Object.keys(UNITS).sort((a, b) => b.length - a.length).join('|');
const NUMBER = String.raw`(\d{1,5}(?:\.\d{1,3})?)`;
/** "2 x 500 ml" or "500ml", standing as words of their own. */
const SIZE = new RegExp(String.raw`(?<![\p{L}\p{N}])(?:(\d{1,2})\s*[x×*]\s*)?${NUMBER}\s*(${UNIT})(?![\p{L}\p{N}])`, 'iu');

/** The first pack size in the text and the text without it; sizes too large or zero are left as words. */
export function parsePackSize(text: string): { size: PackSize | null; rest: string; said?: string } {
  const normal = text.normalize('NFKC');
  const match = SIZE.exec(normal);
  if (!match) return { size: null, rest: text };
  const [whole, times, number, unit] = match;
  const [dimension, factor] = UNITS[unit!.toLowerCase()]!;
  const amount = Math.round(Number(number) * factor * 1000) / 1000;
  const multiple = times ? Number(times) : 1;
  if (!(amount > 0) || amount > 100_000 || !(multiple > 0)) return { size: null, rest: text };
  return { size: { amount, dimension, multiple }, said: whole, rest: `${normal.slice(0, match.index)} ${normal.slice(match.index + whole.length)}` };
}

/** A pack name as compared: lower case, no spaces ("1 kg" → "1kg", "Pack of 3" → "packof3"). */
export const packKey = (name: string) => name.normalize('NFKC').toLowerCase().replace(/\s+/g, '');

const decimal = (n: number) => String(Math.round(n * 1000) / 1000);

/** Every spelling of one unit of the size as a pack key: 1000 g is "1kg", "1000g", "1000gm", … */
function unitKeys(amount: number, dimension: PackSize['dimension']): string[] {
  if (dimension === 'count') return ['pc', 'pcs', 'piece', 'pieces'].map((u) => `${amount}${u}`).concat(`packof${amount}`);
  const small = dimension === 'mass' ? ['g', 'gm', 'gms', 'gram', 'grams'] : ['ml', 'mls'];
  const large = dimension === 'mass' ? ['kg', 'kgs'] : ['l', 'lt', 'ltr', 'litre', 'liter'];
  const keys = small.map((u) => `${decimal(amount)}${u}`);
  if (amount >= 100) keys.push(...large.map((u) => `${decimal(amount / 1000)}${u}`));
  return keys;
}

/**
 * The pack keys that match a size: a single pack of that size, and the multipack spelled as asked
 * ("2 x 500ml" matches a "500 ml" pack, of which the shopper takes two, and a "2 x 500 ml" pack).
 */
export function packKeys(size: PackSize): string[] {
  const one = unitKeys(size.amount, size.dimension);
  if (size.multiple === 1) return one;
  return [...one, ...one.flatMap((key) => [`${size.multiple}x${key}`, `${size.multiple}×${key}`])];
}

/** The first pack whose name matches the size, or null. */
export function matchingPackId(packs: { pack_id: number; pack_name: string }[], keys: Set<string>): number | null {
  return packs.find((p) => keys.has(packKey(p.pack_name)))?.pack_id ?? null;
}
