import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, type CouponForm } from './form';
import { whoCanUse } from './summary';

const form = (change: Partial<CouponForm>): CouponForm => ({ ...EMPTY_FORM, ...change });
const names = { category: 'Staples', brand: 'Sparkle Home', year: '2026' };

describe('who can use it', () => {
  it('says every rule in one sentence, as the brief of a Diwali offer would', () => {
    expect(
      whoCanUse(
        form({
          firstOrder: true, minCart: '499', scope: 'category', categoryId: '3', kind: 'percent', percent: '10', cap: '100',
          startDate: '2026-12-01', startTime: '09:00', endDate: '2026-12-31', endTime: '23:59', usageLimit: '500', perCustomer: '1',
        }),
        names,
      ),
    ).toBe("Any customer's first order of ₹499 or more in Staples, 10% off up to ₹100, from 1 Dec 9:00 AM to 31 Dec 11:59 PM IST, 500 uses in all, once per customer");
  });

  it('follows the form as it is typed, saying what is not set yet', () => {
    expect(whoCanUse(EMPTY_FORM, names)).toBe('Any order, a percentage off not set yet, at any time, no limit on uses');
    expect(whoCanUse(form({ kind: 'flat' }), names)).toBe('Any order, an amount off not set yet, at any time, no limit on uses');
    expect(whoCanUse(form({ kind: 'flat', amount: '49.5' }), names)).toBe('Any order, ₹49.50 off, at any time, no limit on uses');
    expect(whoCanUse(form({ kind: 'flat', amount: '1,500' }), names)).toBe('Any order, ₹1,500 off, at any time, no limit on uses');
    expect(whoCanUse(form({ percent: '15' }), names)).toBe('Any order, 15% off, at any time, no limit on uses');
    expect(whoCanUse(form({ percent: '15', scope: 'brand', brandId: '2' }), names)).toBe('Any order of Sparkle Home products, 15% off, at any time, no limit on uses');
    expect(whoCanUse(form({ percent: '15', scope: 'category' }), { year: '2026' })).toBe('Any order in a category not chosen yet, 15% off, at any time, no limit on uses');
    expect(whoCanUse(form({ percent: 'x', minCart: 'abc' }), names)).toBe('Any order, a percentage off not set yet, at any time, no limit on uses');
  });

  it('says the window on India\'s clock, with a date alone at midnight or the last minute, and the year only when not this one', () => {
    expect(whoCanUse(form({ percent: '5', startDate: '2026-12-01' }), names)).toBe('Any order, 5% off, from 1 Dec 12:00 AM IST, with no end, no limit on uses');
    expect(whoCanUse(form({ percent: '5', endDate: '2027-01-15' }), names)).toBe('Any order, 5% off, until 15 Jan 2027 11:59 PM IST, no limit on uses');
    expect(whoCanUse(form({ percent: '5', startDate: '2026-12-24', startTime: '12:30', endDate: '2026-12-25', endTime: '00:15' }), names)).toBe(
      'Any order, 5% off, from 24 Dec 12:30 PM to 25 Dec 12:15 AM IST, no limit on uses',
    );
  });

  it('counts uses in words: one use, twice per customer, any number with Indian grouping', () => {
    expect(whoCanUse(form({ percent: '5', usageLimit: '1', perCustomer: '2' }), names)).toBe('Any order, 5% off, at any time, 1 use in all, twice per customer');
    expect(whoCanUse(form({ percent: '5', usageLimit: '100000', perCustomer: '3' }), names)).toBe('Any order, 5% off, at any time, 1,00,000 uses in all, 3 times per customer');
  });
});
