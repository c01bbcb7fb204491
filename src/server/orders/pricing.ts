/**
 * The cart's arithmetic, in integer paise and nothing else (pure functions: the cart service feeds them and
 * maps the result). Rupees appear only when the answer is written.
 */

export interface PricedLine {
  pack_id: number;
  quantity: number;
  unit_paise: number;
  /** Lines that failed re-validation count for nothing. */
  valid: boolean;
  /** Whether the applied coupon's restriction (category or brand) covers this line. */
  coupon_eligible: boolean;
}

export interface DeliveryZone {
  id: number;
  charge_paise: number;
  free_above_paise: number;
  min_order_paise: number;
}

export interface CouponRule {
  kind: 'flat' | 'percent';
  /** Paise for flat coupons, a percentage for percent coupons. */
  value: number;
  max_discount_paise: number | null;
}

export interface Priced {
  amount_paise: number;
  /** What each line pays after its share of the discount, in line order. */
  line_discounts: number[];
  discount_paise: number;
  delivery_paise: number;
  total_paise: number;
  /** Below the zone's minimum order value. */
  below_minimum: boolean;
}

/**
 * Splits `total` across `weights` in proportion, in whole paise, so the parts add up to `total` exactly:
 * each part is rounded down and the paise left over go to the largest remainders (ties to the earlier line).
 */
export function allocate(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (total <= 0 || sum <= 0) return weights.map(() => 0);
  const exact = weights.map((w) => (total * w) / sum);
  const parts = exact.map(Math.floor);
  let left = total - parts.reduce((a, b) => a + b, 0);
  const order = exact.map((e, i) => [e - Math.floor(e), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    parts[i]! += 1;
    left -= 1;
  }
  return parts;
}

/** A coupon's discount on the eligible amount: never more than that amount, never more than its cap. */
export function couponDiscount(rule: CouponRule, eligiblePaise: number): number {
  const raw = rule.kind === 'flat' ? rule.value : Math.floor((eligiblePaise * rule.value) / 100);
  const capped = rule.max_discount_paise === null ? raw : Math.min(raw, rule.max_discount_paise);
  return Math.max(0, Math.min(capped, eligiblePaise));
}

/**
 * Prices a cart: line amounts, the coupon's discount spread over the lines it covers, delivery, total. Free delivery
 * and the minimum order are both judged on the goods' value before the discount, so a coupon never raises what
 * the shopper pays and never stops an order that stood without it.
 */
export function priceCart(lines: PricedLine[], zone: DeliveryZone | null, coupon: CouponRule | null): Priced {
  const amounts = lines.map((l) => (l.valid ? l.unit_paise * l.quantity : 0));
  const amount = amounts.reduce((a, b) => a + b, 0);
  const eligible = lines.map((l, i) => (l.coupon_eligible ? amounts[i]! : 0));
  const discount = coupon ? couponDiscount(coupon, eligible.reduce((a, b) => a + b, 0)) : 0;
  const lineDiscounts = allocate(discount, eligible);
  const payable = amount - discount;
  // Free delivery is judged on the goods before the coupon, so a coupon never raises what the shopper pays.
  const delivery = !zone || amount === 0 || amount >= zone.free_above_paise ? 0 : zone.charge_paise;
  return {
    amount_paise: amount,
    line_discounts: lineDiscounts,
    discount_paise: discount,
    delivery_paise: delivery,
    total_paise: payable + delivery,
    below_minimum: zone !== null && amount > 0 && amount < zone.min_order_paise,
  };
}
