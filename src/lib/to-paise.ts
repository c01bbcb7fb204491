/**
 * Rupees to integer paise, for what arrives as rupees: the API's JSON and an amount staff type. A module of its
 * own, apart from lib/money.ts, so that the shopper's islands, which only show money, do not carry it.
 */

/** Rupees (as typed or sent) to integer paise, rounding half away from zero once, via the string form. */
export function toPaise(rupees: number | string): number {
  const text = typeof rupees === 'number' ? rupees.toFixed(2) : rupees.trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`not an amount of rupees: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const paise = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -paise : paise;
}
