/** The spec's patterns (section 5), shared by the contract, the API and every form. */
export const patterns = {
  email: /^[A-Za-z0-9_%+-]+(?:\.[A-Za-z0-9_%+-]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,}$/,
  phone: /^[6-9]\d{9}$/,
  pincode: /^[1-9]\d{5}$/,
  slug: /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
  warehouseCode: /^[A-Za-z0-9]{3}$/,
  number: /^-?\d+(?:\.\d+)?$/,
  positiveInteger: /^[1-9]\d*$/,
  zeroOrGreaterInteger: /^\d+$/,
  signedDecimal: /^[+-]?\d+(?:\.\d+)?$/,
} as const;
