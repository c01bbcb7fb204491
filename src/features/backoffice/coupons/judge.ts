/**
 * Judging a coupon's form (docs/back-office-coupons.md): the body the API takes (paise, ISO moments in UTC) and every
 * rule of the contract as inline field errors. The contract's own schema (BosCouponBody) judges the body, so the
 * form refuses exactly what the API refuses, in the same words; this file only adds what typing needs (an amount
 * that is not one, a time without its date). Plain functions.
 */
import { BosCouponBody, type BosCouponInput } from '../../../contract/bos-coupons';
import { END_TIME, fromIndia, paiseOf, START_TIME, wholeOf, type CouponForm, type FormErrors, type FormField } from './form';

/** Which form field an API field's error belongs beside. */
function fieldOf(apiField: string, kind: CouponForm['kind']): FormField | null {
  const fields: Record<string, FormField> = {
    code: 'code', description: 'description', kind: 'kind', value: kind === 'flat' ? 'amount' : 'percent', max_discount_paise: 'cap', min_cart_paise: 'minCart',
    starts_at: 'start', ends_at: 'end', usage_limit: 'usageLimit', per_user_limit: 'perCustomer', category_id: 'categoryId', brand_id: 'brandId',
  };
  return fields[apiField] ?? null;
}

/** The API's field errors (a 400, 409 or 422 answer's `errors`) beside the form's fields; the first message of each. */
export function formErrorsOf(errors: Record<string, string[]> | undefined, kind: CouponForm['kind']): FormErrors {
  const out: FormErrors = {};
  for (const [field, messages] of Object.entries(errors ?? {})) {
    const at = fieldOf(field, kind);
    if (at && messages[0] && !out[at]) out[at] = messages[0];
  }
  return out;
}

const AMOUNT_WORDS = 'Enter an amount in rupees, like 50 or 49.50';

/**
 * The body the form makes, or what is wrong with it, field by field: first what typing got wrong (an amount that is
 * not one, a time without a date), then every rule of the contract. A new coupon's end must also be ahead of `now`.
 */
export function readForm(form: CouponForm, { isNew = false, now = new Date() }: { isNew?: boolean; now?: Date } = {}): { body: BosCouponInput; errors: FormErrors } {
  const errors: FormErrors = {};
  const money = (field: FormField, text: string, emptyAs: number | null): number | null => {
    if (text.trim() === '') return emptyAs;
    const paise = paiseOf(text);
    if (paise === null) errors[field] = AMOUNT_WORDS;
    return paise ?? emptyAs;
  };
  const count = (field: FormField, text: string, words: string): number | null => {
    if (text.trim() === '') return null;
    const n = wholeOf(text);
    if (n === null) errors[field] = words;
    return n;
  };
  const moment = (field: 'start' | 'end', date: string, time: string, defaultTime: string): string | null => {
    if (!date && !time.trim()) return null;
    if (!date) {
      errors[field] = 'Pick a date for this time';
      return null;
    }
    const at = fromIndia(date, time.trim() || defaultTime);
    if (!at) errors[field] = 'Enter a time like 09:30';
    return at;
  };

  let value: number;
  if (form.kind === 'flat') {
    if (form.amount.trim() === '') errors.amount = 'Enter the amount off';
    value = money('amount', form.amount, 0) ?? 0;
  } else {
    if (form.percent.trim() === '') errors.percent = 'Enter the percentage off';
    value = count('percent', form.percent, 'The percentage must be a whole number from 1 to 100') ?? 0;
  }
  const body: BosCouponInput = {
    code: form.code,
    description: form.description,
    kind: form.kind,
    value,
    max_discount_paise: form.kind === 'percent' ? money('cap', form.cap, null) : null,
    min_cart_paise: money('minCart', form.minCart, 0) ?? 0,
    starts_at: moment('start', form.startDate, form.startTime, START_TIME),
    ends_at: moment('end', form.endDate, form.endTime, END_TIME),
    usage_limit: count('usageLimit', form.usageLimit, 'Uses in all must be a whole number from 1'),
    per_user_limit: count('perCustomer', form.perCustomer, 'Uses per customer must be a whole number from 1 to 1,000'),
    first_order_only: form.firstOrder,
    category_id: form.scope === 'category' && form.categoryId ? Number(form.categoryId) : null,
    brand_id: form.scope === 'brand' && form.brandId ? Number(form.brandId) : null,
  };
  if (form.scope === 'category' && !form.categoryId) errors.categoryId = 'Choose a category';
  if (form.scope === 'brand' && !form.brandId) errors.brandId = 'Choose a brand';

  const judged = BosCouponBody.safeParse(body);
  if (!judged.success) {
    for (const issue of judged.error.issues) {
      const at = fieldOf(String(issue.path[0] ?? ''), form.kind);
      if (at && !errors[at]) errors[at] = issue.message;
    }
  }
  if (isNew && !errors.end && body.ends_at && body.ends_at <= now.toISOString()) errors.end = 'The end has passed: choose a later end';
  return { body, errors };
}
