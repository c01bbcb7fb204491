/** Money helpers. Inside the API money is integer paise; rupees exist only at the JSON edge and on screen. */

/** Paise to the rupee number the JSON carries (exact: integer division by 100 has at most two decimals). */
export const toRupees = (paise: number): number => paise / 100;

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** '₹1,499.00' style, en-IN grouping. */
export const formatRupees = (rupees: number): string => inr.format(rupees);

/** Percentage off, rounded down so a shop never promises more than it gives. */
export const percentOff = (pricePaise: number, actPricePaise: number): number =>
  actPricePaise > pricePaise && actPricePaise > 0 ? Math.floor(((actPricePaise - pricePaise) * 100) / actPricePaise) : 0;
