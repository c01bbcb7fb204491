import { describe, expect, it } from 'vitest';
import type { BosCoupon } from '../../../contract/bos-coupons';
import { categoryOptions, EMPTY_FORM, formOf, fromIndia, paiseOf, sameForm, toIndia, type CouponForm } from './form';
import { formErrorsOf, readForm } from './judge';

const form = (change: Partial<CouponForm>): CouponForm => ({ ...EMPTY_FORM, code: 'DIWALI-100', percent: '10', ...change });
const NOW = new Date('2026-11-20T06:30:00.000Z');

describe("a coupon's form", () => {
  it("turns India's day and time into the moment the shop stores, and back", () => {
    expect(fromIndia('2026-12-01', '09:00')).toBe('2026-12-01T03:30:00.000Z');
    expect(fromIndia('2026-12-31', '23:59')).toBe('2026-12-31T18:29:00.000Z');
    expect(fromIndia('2026-12-01', '00:00')).toBe('2026-11-30T18:30:00.000Z');
    expect(fromIndia('2026-02-30', '09:00')).toBeNull();
    expect(fromIndia('2026-12-01', '9am')).toBeNull();
    expect(toIndia('2026-11-30T18:30:00.000Z')).toEqual({ date: '2026-12-01', time: '00:00' });
  });

  it('reads rupees as typed into paise, and refuses what is not an amount', () => {
    expect([paiseOf('50'), paiseOf('49.5'), paiseOf('₹1,499.00'), paiseOf(' 0.05 ')]).toEqual([5000, 4950, 149900, 5]);
    expect([paiseOf(''), paiseOf('12.345'), paiseOf('-5'), paiseOf('1e3'), paiseOf('abc')]).toEqual([null, null, null, null, null]);
  });

  it('makes the body the API takes: paise, percent, ISO moments in UTC, the scope as one id', () => {
    const { body, errors } = readForm(
      form({ code: 'diwali-100', percent: '10', cap: '100', minCart: '499', startDate: '2026-12-01', startTime: '09:00', endDate: '2026-12-31', usageLimit: '500', perCustomer: '1', firstOrder: true, scope: 'brand', brandId: '4', categoryId: '9' }),
      { isNew: true, now: NOW },
    );
    expect(errors).toEqual({});
    expect(body).toEqual({
      code: 'diwali-100', description: '', kind: 'percent', value: 10, max_discount_paise: 10000, min_cart_paise: 49900,
      starts_at: '2026-12-01T03:30:00.000Z', ends_at: '2026-12-31T18:29:00.000Z', usage_limit: 500, per_user_limit: 1, first_order_only: true, category_id: null, brand_id: 4,
    });
    expect(readForm(form({ kind: 'flat', amount: '40', cap: '100' })).body).toMatchObject({ kind: 'flat', value: 4000, max_discount_paise: null, min_cart_paise: 0, starts_at: null });
  });

  it("refuses each of the contract's rules beside its field, in the API's words", () => {
    const errors = (change: Partial<CouponForm>, isNew = false) => readForm(form(change), { isNew, now: NOW }).errors;
    expect(errors({ code: '' })).toEqual({ code: 'Code is required' });
    expect(errors({ code: 'DIWALI 100' })).toEqual({ code: 'Code may have only letters, digits and single hyphens between them (like DIWALI-100)' });
    expect(errors({ code: 'AB' })).toEqual({ code: 'Code must be 3 to 40 characters' });
    expect(errors({ percent: '101' })).toEqual({ percent: 'The percentage must be a whole number from 1 to 100' });
    expect(errors({ percent: '12.5' })).toEqual({ percent: 'The percentage must be a whole number from 1 to 100' });
    expect(errors({ percent: '' })).toEqual({ percent: 'Enter the percentage off' });
    expect(errors({ kind: 'flat', amount: '' })).toEqual({ amount: 'Enter the amount off' });
    expect(errors({ kind: 'flat', amount: '0.50' })).toEqual({ amount: 'The discount must be from ₹1 to ₹1,00,000' });
    expect(errors({ kind: 'flat', amount: 'fifty' })).toEqual({ amount: 'Enter an amount in rupees, like 50 or 49.50' });
    expect(errors({ cap: '0' })).toEqual({ cap: 'The cap must be from ₹1 to ₹1,00,000' });
    expect(errors({ startDate: '2026-12-31', startTime: '10:00', endDate: '2026-12-31', endTime: '09:00' })).toEqual({ end: 'The end must be after the start' });
    expect(errors({ startTime: '10:00' })).toEqual({ start: 'Pick a date for this time' });
    expect(errors({ endDate: '2026-11-01' }, true)).toEqual({ end: 'The end has passed: choose a later end' });
    expect(errors({ endDate: '2026-11-01' }, false)).toEqual({});
    expect(errors({ usageLimit: '0' })).toEqual({ usageLimit: 'Uses in all must be a whole number from 1' });
    expect(errors({ usageLimit: '2', perCustomer: '3' })).toEqual({ perCustomer: 'Uses per customer cannot be more than uses in all' });
    expect(errors({ perCustomer: 'once' })).toEqual({ perCustomer: 'Uses per customer must be a whole number from 1 to 1,000' });
    expect(errors({ scope: 'category' })).toEqual({ categoryId: 'Choose a category' });
  });

  it("puts the API's refusals beside the form's fields, the value where the kind shows it", () => {
    expect(formErrorsOf({ code: ['A coupon with the code SAVE10 already exists'], value: ['x', 'y'], ends_at: ['The end has passed'], other: ['?'] }, 'flat')).toEqual({
      code: 'A coupon with the code SAVE10 already exists', amount: 'x', end: 'The end has passed',
    });
    expect(formErrorsOf({ value: ['x'], max_discount_paise: ['c'] }, 'percent')).toEqual({ percent: 'x', cap: 'c' });
    expect(formErrorsOf(undefined, 'flat')).toEqual({});
  });

  it('shows a coupon as it is, and says whether the form changed', () => {
    const coupon: BosCoupon = {
      id: 1, code: 'DAIRY15', description: 'Dairy', kind: 'percent', value: 15, max_discount_paise: 7550, min_cart_paise: 0, starts_at: '2026-11-30T18:30:00.000Z', ends_at: null,
      usage_limit: null, per_user_limit: 1, first_order_only: false, category: { id: 7, name: 'Dairy & Bakery' }, brand: null, active: true, status: 'active', uses: 0, uses_left: null,
      discount_given_paise: 0, used: false,
    };
    const shown = formOf(coupon);
    expect(shown).toMatchObject({ code: 'DAIRY15', percent: '15', amount: '', cap: '75.50', minCart: '', startDate: '2026-12-01', startTime: '00:00', endDate: '', perCustomer: '1', scope: 'category', categoryId: '7' });
    expect(readForm(shown).body).toMatchObject({ value: 15, max_discount_paise: 7550, starts_at: coupon.starts_at, per_user_limit: 1, category_id: 7 });
    expect(sameForm(shown, formOf(coupon))).toBe(true);
    expect(sameForm(shown, { ...shown, cap: '80' })).toBe(false);
  });

  it('names the categories by their path', () => {
    expect(categoryOptions([{ id: 1, name: 'Staples', children: [{ id: 2, name: 'Rice', children: [{ id: 3, name: 'Basmati' }] }] }, { id: 4, name: 'Dairy' }])).toEqual([
      { value: '1', label: 'Staples' }, { value: '2', label: 'Staples › Rice' }, { value: '3', label: 'Staples › Rice › Basmati' }, { value: '4', label: 'Dairy' },
    ]);
  });
});
