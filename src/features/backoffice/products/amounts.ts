/**
 * What staff type into the product and stock screens, read as the API takes it: rupees (typed as people write
 * them: "45", "45.5", "₹1,499.00") to integer paise, and counts of units. Each answers the number or the words of
 * what is wrong with it, said under the field. Plain functions: the forms, the list's quick edit and the tests
 * share them.
 */
import { formatRupees } from '../../../lib/money';
import { toPaise } from '../../../lib/to-paise';

export type Read<T> = { ok: true; value: T } | { ok: false; problem: string };

const ok = <T>(value: T): Read<T> => ({ ok: true, value });
const wrong = <T>(problem: string): Read<T> => ({ ok: false, problem });

/**
 * Rupees as typed to paise: "45", "45.5", "45.50", "1,499", "₹ 1,49,999.00" (grouping commas and the rupee sign
 * are dropped). Refused: nothing typed (`label` is required), words, a minus, more than two decimals, more than
 * `max` paise (the contract's limit), and ₹0 when it must be `positive`. `label` is the field's name as said
 * mid-sentence ('price', 'MRP').
 */
export function readRupees(typed: string, label: string, { max, positive = false }: { max: number; positive?: boolean }): Read<number> {
  const text = typed.replace(/[₹\s]/g, '').replace(/^Rs\.?/i, '');
  if (text === '') return wrong(`Enter the ${label} in rupees`);
  if (text.startsWith('-')) return wrong(`The ${label} cannot be less than ₹0`);
  // Commas only where people group digits: "1,499" and "1,49,999", never "1,4,9".
  if (!/^(\d{1,3}(,\d{2})*,\d{3}|\d+)(\.\d*)?$/.test(text) && !/^\.\d+$/.test(text)) return wrong(`Write the ${label} as rupees, like 45 or 45.50`);
  const plain = text.replace(/,/g, '').replace(/\.$/, '');
  const [, decimals = ''] = plain.split('.');
  if (decimals.length > 2) return wrong(`The ${label} has at most two decimals (paise)`);
  const paise = toPaise(plain.startsWith('.') ? `0${plain}` : plain);
  if (paise > max) return wrong(`The ${label} cannot be more than ${formatRupees(max / 100)}`);
  if (positive && paise === 0) return wrong(`The ${label} must be more than ₹0`);
  return ok(paise);
}

/** Paise as a rupee field shows them to be edited: "45" for whole rupees, "45.50" otherwise (no sign, no grouping). */
export const rupeesField = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));

/** The most units a count or a change may be: past it a typo. */
const MAX_UNITS = 1_000_000;

/** A count of units on the shelf: a whole number, 0 or more. */
export function readCount(typed: string, label = 'stock'): Read<number> {
  const text = typed.trim().replace(/,/g, '');
  if (text === '') return wrong(`Enter the ${label}, 0 or more`);
  if (/^-/.test(text)) return wrong(`The ${label} cannot be less than 0`);
  if (!/^\d+$/.test(text)) return wrong(`The ${label} is a whole number of units`);
  const units = Number(text);
  if (units > MAX_UNITS) return wrong(`The ${label} cannot be more than ${MAX_UNITS.toLocaleString('en-IN')}`);
  return ok(units);
}

/** A change of stock: a whole number of units, added ("12", "+12") or taken ("-3"), never 0. */
export function readChange(typed: string): Read<number> {
  const text = typed.trim().replace(/,/g, '').replace(/^\u2212/, '-');
  if (text === '') return wrong('Enter how many units come in (12) or go out (-3)');
  if (!/^[+-]?\d+$/.test(text)) return wrong('The change is a whole number of units, like 12 or -3');
  const units = Number(text);
  if (units === 0) return wrong('A change of 0 changes nothing');
  if (Math.abs(units) > MAX_UNITS) return wrong(`The change cannot be more than ${MAX_UNITS.toLocaleString('en-IN')} units`);
  return ok(units);
}

/** A change as said in the ledger: "+12", "−3" (a true minus sign), "0". */
export const signedUnits = (change: number) => (change > 0 ? `+${change.toLocaleString('en-IN')}` : change < 0 ? `\u2212${Math.abs(change).toLocaleString('en-IN')}` : '0');
