/**
 * Pincodes pasted into a delivery zone (docs/back-office-delivery.md#pincodes): one rule for the screen, which
 * says what it read as the text is typed, and the API, which refuses the same things. Plain functions, no zod.
 */
import { patterns } from './validation';

/** The most pincodes one paste may add (a state has about 1,500 at most; a city a few hundred). */
export const MAX_PASTED_PINCODES = 2000;

export interface PastedPincodes {
  /** The pincodes read, each once, in the order first pasted. */
  pincodes: string[];
  /** What was pasted that is not a pincode (6 digits, not starting with 0), each once, in order. */
  invalid: string[];
  /** How many pincodes were pasted more than once (kept once). */
  repeats: number;
}

/**
 * Reads pasted text: pincodes separated by commas, semicolons, spaces, tabs or new lines (a spreadsheet's column or
 * row, a list typed by hand). A pincode written with a space in the Indian way, '560 001', is one pincode.
 */
export function parsePincodes(text: string): PastedPincodes {
  const joined = text.replace(/(^|[^\d])([1-9]\d{2}) (\d{3})(?!\d)/g, '$1$2$3');
  const seen = new Set<string>();
  const invalid = new Set<string>();
  let repeats = 0;
  for (const token of joined.split(/[\s,;]+/)) {
    if (!token) continue;
    if (!patterns.pincode.test(token)) invalid.add(token);
    else if (seen.has(token)) repeats += 1;
    else seen.add(token);
  }
  return { pincodes: [...seen], invalid: [...invalid], repeats };
}

/** What is wrong with a paste as a whole, in words for the field, or null when it can be sent. */
export function pastedPincodesProblem(pasted: PastedPincodes): string | null {
  if (pasted.invalid.length) {
    const shown = pasted.invalid.slice(0, 5).map((t) => (t.length > 12 ? `${t.slice(0, 12)}…` : t));
    const more = pasted.invalid.length > shown.length ? ` and ${pasted.invalid.length - shown.length} more` : '';
    return `${pasted.invalid.length === 1 ? 'This is not a pincode' : 'These are not pincodes'} (6 digits, not starting with 0): ${shown.join(', ')}${more}`;
  }
  if (!pasted.pincodes.length) return 'Paste at least one pincode';
  if (pasted.pincodes.length > MAX_PASTED_PINCODES) return `Paste at most ${MAX_PASTED_PINCODES.toLocaleString('en-IN')} pincodes at a time (${pasted.pincodes.length.toLocaleString('en-IN')} pasted)`;
  return null;
}
