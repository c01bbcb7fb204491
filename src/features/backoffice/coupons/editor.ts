import { atom } from 'nanostores';
import type { BosCouponDetail, BosCouponOrders } from '../../../contract/bos-coupons';
import { ApiCallError } from '../../../lib/api/client';
import type { BosCouponsApi } from '../../../lib/api/bos-coupons';
import { errorMessage } from '../../../lib/errors';
import { couponHref } from './coupons';
import { EMPTY_FORM, formOf, sameForm, type CouponForm, type FormErrors } from './form';
import { formErrorsOf, readForm } from './judge';

/**
 * A coupon's page (new, or one that exists): the form as typed and as last saved (what "unsaved changes" compare),
 * its field errors (shown on the first save; from then on judged again on every change), the code's availability
 * checked as it is typed, saving, switching off or on, deleting, and the orders that used it a page at a time.
 */
export interface EditorState {
  /** The coupon as the API last answered it; null while it is a new one. */
  coupon: BosCouponDetail | null;
  form: CouponForm;
  saved: CouponForm;
  errors: FormErrors;
  /** Errors have shown: every change judges the form again. */
  judging: boolean;
  busy: 'saving' | 'switching' | 'deleting' | null;
  report: { tone: 'success' | 'error'; text: string } | null;
  orders: BosCouponOrders | null;
  ordersPage: number;
}

export type EditorApi = Pick<BosCouponsApi, 'bosCoupon' | 'bosCreateCoupon' | 'bosUpdateCoupon' | 'bosSwitchCoupon' | 'bosDeleteCoupon' | 'bosCouponOrders'>;
export const ORDERS_PER_PAGE = 10;

export interface EditorSeed {
  coupon: BosCouponDetail | null;
  orders: BosCouponOrders | null;
  report?: EditorState['report'];
}

export const seededEditor = ({ coupon, orders, report = null }: EditorSeed): EditorState => {
  const form = coupon ? formOf(coupon) : EMPTY_FORM;
  return { coupon, form, saved: form, errors: {}, judging: false, busy: null, report, orders, ordersPage: 1 };
};

export const $editor = atom<EditorState>(seededEditor({ coupon: null, orders: null }));
const state = () => $editor.get();
const update = (change: Partial<EditorState>) => $editor.set({ ...state(), ...change });
export const seedEditor = (seed: EditorSeed) => $editor.set(seededEditor(seed));

/** Whether the form holds changes not saved. */
export const unsaved = (s: EditorState = state()) => !sameForm(s.form, s.saved);

const judge = (form: CouponForm, coupon: BosCouponDetail | null, now: Date) => readForm(form, { isNew: coupon === null, now }).errors;

/** A change to one field; once errors have shown, the whole form is judged again (a rule may join two fields). */
export function setField<K extends keyof CouponForm>(field: K, value: CouponForm[K], now = new Date()) {
  const form = { ...state().form, [field]: value };
  if (state().judging) {
    const errors = { ...judge(form, state().coupon, now), ...takenKept(form) };
    // "Some fields need a look" goes once none does.
    return update({ form, errors, ...(Object.keys(errors).length === 0 && state().report?.text === NEEDS_A_LOOK ? { report: null } : {}) });
  }
  const errors = { ...state().errors };
  if (field === 'code' && errors.code && !takenKept(form).code) delete errors.code;
  update({ form, errors });
}

/** A "code taken" error found by the check as the code was typed stays while the code is the same. */
function takenKept(form: CouponForm): FormErrors {
  const shown = state().errors.code;
  return shown && shown === takenWords(form.code.trim().toUpperCase()) ? { code: shown } : {};
}
const NEEDS_A_LOOK = 'Some fields need a look: each says why.';
const takenWords = (code: string) => `A coupon with the code ${code} already exists`;

/**
 * Looks the typed code up (once the marketer pauses): a code another coupon has is said beside the field before
 * the save. Only a new coupon, or a new code for one no order used; a failed look-up says nothing (the save judges).
 */
export async function checkCode(client: Pick<EditorApi, 'bosCoupon'>) {
  const { form, coupon } = state();
  const code = form.code.trim().toUpperCase();
  if (!code || code === coupon?.code) return;
  let taken = false;
  try {
    taken = (await client.bosCoupon(code)).id !== coupon?.id;
  } catch {
    taken = false;
  }
  if (state().form.code.trim().toUpperCase() !== code) return;
  const errors = { ...state().errors };
  if (taken) errors.code = takenWords(code);
  else if (errors.code === takenWords(code)) delete errors.code;
  update({ errors });
}

/**
 * Saves the form: nothing is sent while a field is wrong (each says why). A new coupon goes to its own page (`go`);
 * a change stays here with the coupon as it is now. The API's refusals land beside their fields.
 */
export async function save(client: EditorApi, { go = (href: string) => location.assign(href), remember = (href: string) => history.replaceState(history.state, '', href), now = new Date() } = {}): Promise<boolean> {
  const { form, coupon, busy } = state();
  if (busy) return false;
  const { body, errors } = readForm(form, { isNew: coupon === null, now });
  if (Object.keys(errors).length > 0) {
    update({ errors, judging: true, report: { tone: 'error', text: NEEDS_A_LOOK } });
    return false;
  }
  update({ busy: 'saving', report: null });
  try {
    if (!coupon) {
      const made = await client.bosCreateCoupon(body);
      update({ saved: form, busy: null });
      go(`${couponHref(made.code)}?made=1`);
      return true;
    }
    const changed = await client.bosUpdateCoupon(coupon.code, body);
    const fresh = formOf(changed);
    if (changed.code !== coupon.code) remember(couponHref(changed.code));
    update({ coupon: changed, form: fresh, saved: fresh, errors: {}, judging: false, busy: null, report: { tone: 'success', text: `Saved: ${changed.code} holds from the shopper's next cart.` } });
    return true;
  } catch (failure) {
    const fields = failure instanceof ApiCallError ? formErrorsOf((failure.body as { errors?: Record<string, string[]> } | null)?.errors, form.kind) : {};
    update({ busy: null, errors: { ...state().errors, ...fields }, judging: true, report: { tone: 'error', text: errorMessage(failure) } });
    return false;
  }
}

/** Switches the coupon off (the cart refuses it from the next request on) or on again. */
export async function switchActive(client: Pick<EditorApi, 'bosSwitchCoupon'>, active: boolean) {
  const { coupon, busy } = state();
  if (!coupon || busy) return;
  update({ busy: 'switching', report: null });
  try {
    const now = await client.bosSwitchCoupon(coupon.code, active);
    update({ coupon: now, busy: null, report: { tone: 'success', text: active ? `${now.code} is on again: shoppers can apply it.` : `${now.code} is switched off: shoppers can no longer apply it.` } });
  } catch (failure) {
    update({ busy: null, report: { tone: 'error', text: errorMessage(failure) } });
  }
}

/** Deletes a coupon no order used, then goes back to the list (`go`); a refusal (someone used it meanwhile) is said. */
export async function remove(client: Pick<EditorApi, 'bosDeleteCoupon'>, go: (href: string) => void = (href) => location.assign(href)) {
  const { coupon, busy } = state();
  if (!coupon || busy) return;
  update({ busy: 'deleting', report: null });
  try {
    await client.bosDeleteCoupon(coupon.code);
    update({ busy: null, saved: state().form });
    go(`/bos/admin/coupons?deleted=${encodeURIComponent(coupon.code)}`);
  } catch (failure) {
    update({ busy: null, report: { tone: 'error', text: errorMessage(failure) } });
  }
}

/** A page of the orders that used it. */
export async function showOrders(client: Pick<EditorApi, 'bosCouponOrders'>, page: number) {
  const { coupon } = state();
  if (!coupon) return;
  update({ ordersPage: page });
  try {
    const orders = await client.bosCouponOrders(coupon.code, { page, perPage: ORDERS_PER_PAGE });
    if (state().ordersPage === page) update({ orders });
  } catch (failure) {
    update({ report: { tone: 'error', text: errorMessage(failure) } });
  }
}
