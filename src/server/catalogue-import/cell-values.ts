import { barcodeProblem } from '../../contract/bos-products';

/**
 * Cells as a spreadsheet writes them, read into values (cells.ts reads a row with them): amounts of rupees into
 * paise exactly, whole numbers, yes and no, a barcode. Pure.
 */

/** Digits as a spreadsheet may group them: 1,249 or 1,00,000 (Indian grouping), or none. */
const GROUPED = String.raw`(?:\d{1,3}(?:,\d{3})+|\d{1,2}(?:,\d{2})*,\d{3}|\d+)`;
const RUPEES = new RegExp(String.raw`^${GROUPED}(?:\.\d{1,2})?$`);
const WHOLE = new RegExp(String.raw`^(-?)(${GROUPED})(?:\.0+)?$`);

/**
 * Rupees as a spreadsheet holds them ("49.50", "49.5", "1,249", "₹ 49") to integer paise, exactly (no floating
 * point: the digits are read as text); null when it is not an amount with at most two decimals.
 */
export function rupeesToPaise(text: string): number | null {
  const plain = text.replace(/^(?:₹|rs\.?|inr)\s*/i, '');
  if (!RUPEES.test(plain)) return null;
  const [whole = '0', fraction = ''] = plain.replace(/,/g, '').split('.');
  if (whole.length > 12) return null;
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** A whole number as a spreadsheet writes it ("12", "1,200", "12.0"); null otherwise (a fraction, a word). */
export function wholeNumber(text: string): number | null {
  const match = WHOLE.exec(text);
  if (!match || match[2]!.replace(/,/g, '').length > 12) return null;
  const n = Number(match[2]!.replace(/,/g, ''));
  return match[1] ? -n : n;
}

const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0']);

/** yes / no (also y, n, true, false, 1, 0; any case); null otherwise. */
export function yesNo(text: string): boolean | null {
  const word = text.toLowerCase();
  return YES.has(word) ? true : NO.has(word) ? false : null;
}

/** A spreadsheet shows a long number such as a barcode in scientific notation (8.90106E+12) and saves it so. */
const SCIENTIFIC = /^\d(?:\.\d+)?e\+?\d+$/i;

/** Why a barcode cell is refused, or null. */
export function barcodeCellProblem(text: string): string | null {
  if (SCIENTIFIC.test(text)) return `Barcode ${text} was turned into a number by the spreadsheet: format the column as text and type it again`;
  return barcodeProblem(text);
}

