/** Money helpers. Inside the API money is integer paise; rupees exist only at the JSON edge and on screen. */

/** Paise to the rupee number the JSON carries (exact: integer division by 100 has at most two decimals). */
export const toRupees = (paise: number): number => paise / 100;

/** Rupees (as typed or sent) to integer paise, rounding half away from zero once, via the string form. */
export function toPaise(rupees: number | string): number {
  const text = typeof rupees === 'number' ? rupees.toFixed(2) : rupees.trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new RangeError(`not an amount of rupees: ${text}`);
  const [, sign, whole, fraction = ''] = match;
  const paise = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return sign ? -paise : paise;
}

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** '₹1,499.00' style, en-IN grouping. */
export const formatRupees = (rupees: number): string => inr.format(rupees);

/** Percentage off, rounded down so a shop never promises more than it gives. */
export const percentOff = (pricePaise: number, actPricePaise: number): number =>
  actPricePaise > pricePaise && actPricePaise > 0 ? Math.floor(((actPricePaise - pricePaise) * 100) / actPricePaise) : 0;
