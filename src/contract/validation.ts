/** The product's validation (docs/product.md#validation): one rule order and one set of patterns for every form and the API. */

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
type PatternName = keyof typeof patterns;

export interface FieldRule<Values = Record<string, unknown>> {
  /** Used in messages; 'This field' when absent. */
  label?: string;
  required?: boolean;
  readonly?: boolean;
  type?: string;
  pattern?: PatternName | RegExp;
  patternMessage?: string;
  /** Decides alone when given: a message fails the field, anything else passes it. */
  validate?: (value: unknown, values: Values) => string | null | undefined | boolean;
}

/** Empty for validation: nothing, blank text, an empty list, or an unticked box. Zero is a value. */
function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** The first failure of one field in the product's order (docs/product.md#field-rule-order), or null when it passes. */
export function validateField<Values>(value: unknown, rule: FieldRule<Values>, values = {} as Values): string | null {
  const label = rule.label || 'This field';
  if (rule.readonly) return null;
  if (rule.validate) {
    const verdict = rule.validate(value, values);
    return typeof verdict === 'string' && verdict ? verdict : null;
  }
  if (isEmpty(value)) return rule.required ? `${label} is required` : null;
  const text = String(value).trim();
  if (rule.type === 'email' && !patterns.email.test(text)) return `${label} is not a valid email address`;
  if (rule.pattern) {
    const pattern = typeof rule.pattern === 'string' ? patterns[rule.pattern] : rule.pattern;
    if (!pattern.test(text)) return rule.patternMessage || `${label} is not in valid format`;
  }
  return null;
}

/** Every failing field of a form, by name; an empty object when the form is valid. */
export function validateForm<Values extends Record<string, unknown>>(
  values: Values,
  rules: Partial<Record<keyof Values & string, FieldRule<Values>>>,
): Partial<Record<keyof Values & string, string>> {
  const errors: Partial<Record<keyof Values & string, string>> = {};
  for (const [name, rule] of Object.entries(rules) as [keyof Values & string, FieldRule<Values>][]) {
    const message = validateField(values[name], rule, values);
    if (message) errors[name] = message;
  }
  return errors;
}
