/**
 * What a return at the till gives back for some units of a sale's line (docs/pos.md#returns): each unit its share
 * of what the line was paid (line discount and coupon included), rounded down to the paisa; the last units of a
 * line take what is left of it, so a line returned in parts gives back exactly what it took. One rule for the
 * server that records the return and the till's screen that shows the cashier what will be refunded.
 */
export interface ReturnableLine {
  /** Units sold on the line. */
  quantity: number;
  /** What the line was paid: price × quantity − its discounts, in paise. */
  net_paise: number;
  /** Units returns have taken back so far, and what they gave back for them, in paise. */
  returned: number;
  refunded_paise: number;
}

/** Units of the line that can still be returned. */
export const unitsLeft = (line: ReturnableLine) => Math.max(0, line.quantity - line.returned);

/** Paise given back for `quantity` more units (1..unitsLeft); 0 for none. */
export function refundFor(line: ReturnableLine, quantity: number): number {
  const left = unitsLeft(line);
  if (quantity <= 0) return 0;
  if (quantity > left) throw new RangeError(`only ${left} left to return`);
  return quantity === left ? line.net_paise - line.refunded_paise : Math.floor((line.net_paise * quantity) / line.quantity);
}
