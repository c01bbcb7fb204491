import { describe, expect, it } from 'vitest';
import { drawerDifference } from './receipt-text';

describe('the Z-report’s drawer difference', () => {
  it('says short or over with the amount, never a bare signed “difference”', () => {
    expect(drawerDifference(-10)).toEqual({ label: 'Short', amount: 10 });
    expect(drawerDifference(20.5)).toEqual({ label: 'Over', amount: 20.5 });
    expect(drawerDifference(0)).toEqual({ label: 'Difference', amount: 0 });
  });
});
