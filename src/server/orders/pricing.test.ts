import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, couponDiscount, priceCart, type PricedLine } from './pricing';

const line = fc.record({
  pack_id: fc.integer({ min: 1, max: 10_000 }),
  quantity: fc.integer({ min: 1, max: 50 }),
  unit_paise: fc.integer({ min: 0, max: 5_000_000 }),
  valid: fc.boolean(),
  coupon_eligible: fc.boolean(),
}) satisfies fc.Arbitrary<PricedLine>;
const zone = fc.option(fc.record({ id: fc.nat(), charge_paise: fc.integer({ min: 0, max: 20_000 }), free_above_paise: fc.integer({ min: 0, max: 500_000 }), min_order_paise: fc.integer({ min: 0, max: 50_000 }) }));
const coupon = fc.option(
  fc.oneof(
    fc.record({ kind: fc.constant('flat' as const), value: fc.integer({ min: 0, max: 1_000_000 }), max_discount_paise: fc.constant(null) }),
    fc.record({ kind: fc.constant('percent' as const), value: fc.integer({ min: 0, max: 100 }), max_discount_paise: fc.option(fc.integer({ min: 0, max: 100_000 })) }),
  ),
);

describe('cart arithmetic in paise', () => {
  it('lines plus delivery minus discount equals the total, never negative, for any cart', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), zone, coupon, (lines, z, c) => {
        const priced = priceCart(lines, z, c);
        const lineSum = lines.reduce((sum, l) => sum + (l.valid ? l.unit_paise * l.quantity : 0), 0);
        expect(priced.amount_paise).toBe(lineSum);
        expect(priced.total_paise).toBe(priced.amount_paise - priced.discount_paise + priced.delivery_paise);
        expect(priced.total_paise).toBeGreaterThanOrEqual(0);
        expect(priced.line_discounts.reduce((a, b) => a + b, 0)).toBe(priced.discount_paise);
        for (const [i, l] of lines.entries()) {
          expect(Number.isInteger(priced.line_discounts[i])).toBe(true);
          expect(priced.line_discounts[i]).toBeGreaterThanOrEqual(0);
          // An eligible line takes at most its own amount off; any other line takes nothing.
          expect(priced.line_discounts[i]).toBeLessThanOrEqual(l.coupon_eligible && l.valid ? l.unit_paise * l.quantity : 0);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never lets a coupon raise what the shopper pays', () => {
    // Grocery-sized lines, so carts often sit near the free-delivery threshold.
    const small = line.map((l) => ({ ...l, quantity: 1 + (l.quantity % 5), unit_paise: l.unit_paise % 60_000 }));
    fc.assert(
      fc.property(fc.array(small, { maxLength: 8 }), zone, coupon, (lines, z, c) => {
        expect(priceCart(lines, z, c).total_paise).toBeLessThanOrEqual(priceCart(lines, z, null).total_paise);
        expect(priceCart(lines, z, c).delivery_paise).toBe(priceCart(lines, z, null).delivery_paise);
      }),
      { numRuns: 500 },
    );
  });

  it('never discounts more than the eligible amount, or the cap', () => {
    fc.assert(
      fc.property(coupon.filter((c) => c !== null), fc.integer({ min: 0, max: 10_000_000 }), (c, eligible) => {
        const d = couponDiscount(c!, eligible);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(eligible);
        expect(d).toBeLessThanOrEqual(c!.max_discount_paise ?? eligible);
      }),
    );
  });

  it('allocates by largest remainder so the parts sum exactly', () => {
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(5000, [19900, 9950, 0])).toEqual([3333, 1667, 0]);
    expect(allocate(0, [5, 5])).toEqual([0, 0]);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 40 }), (total, weights) => {
        const parts = allocate(total, weights);
        const sum = weights.reduce((a, b) => a + b, 0);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(sum === 0 ? 0 : total);
        parts.forEach((p, i) => expect(Math.abs(p - (sum ? (total * weights[i]!) / sum : 0))).toBeLessThan(1));
      }),
    );
  });

  it('charges delivery below the free threshold (judged on the goods before the coupon) and flags a cart below the minimum', () => {
    const lines: PricedLine[] = [{ pack_id: 1, quantity: 2, unit_paise: 20_000, valid: true, coupon_eligible: true }];
    const metro = { id: 1, charge_paise: 3000, free_above_paise: 49_900, min_order_paise: 9900 };
    expect(priceCart(lines, metro, null)).toMatchObject({ amount_paise: 40_000, delivery_paise: 3000, total_paise: 43_000, below_minimum: false });
    const more = [{ ...lines[0]!, quantity: 3 }];
    expect(priceCart(more, metro, null)).toMatchObject({ delivery_paise: 0, total_paise: 60_000 });
    expect(priceCart(more, metro, { kind: 'flat', value: 20_000, max_discount_paise: null })).toMatchObject({ discount_paise: 20_000, delivery_paise: 0, total_paise: 40_000 });
    // NAMASTE20 on a ₹499 cart: ₹479 to pay, still free delivery (not ₹509).
    const at499 = [{ ...lines[0]!, quantity: 1, unit_paise: 49_900 }];
    expect(priceCart(at499, metro, { kind: 'flat', value: 2000, max_discount_paise: null })).toMatchObject({ discount_paise: 2000, delivery_paise: 0, total_paise: 47_900 });
    expect(priceCart([{ ...lines[0]!, quantity: 1, unit_paise: 5000 }], metro, null).below_minimum).toBe(true);
    // The minimum order too: NAMASTE20 (₹20 off above ₹99) on a ₹100 cart leaves ₹80 to pay and the order stands.
    expect(priceCart([{ ...lines[0]!, quantity: 1, unit_paise: 10_000 }], metro, { kind: 'flat', value: 2000, max_discount_paise: null })).toMatchObject({ total_paise: 11_000, below_minimum: false });
    expect(priceCart([], metro, null)).toMatchObject({ amount_paise: 0, delivery_paise: 0, total_paise: 0, below_minimum: false });
  });
});
