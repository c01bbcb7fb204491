/**
 * The category tree as rows of (id, parent_id): a listing's category filter and a category coupon both take a
 * category to mean it and every category below it. A module of its own so that coupons.ts need not import
 * catalogue.ts, which imports map.ts, which imports the cart, which imports coupons.ts (no cycles:
 * docs/architecture.md#layers).
 */

/** The given categories and every category below them, from (id, parent_id) rows. */
export function descendantsOf(rows: { id: number; parent_id: number | null }[], roots: number[]): Set<number> {
  const found = new Set(roots);
  for (let grew = true; grew; ) {
    grew = false;
    for (const row of rows) {
      if (row.parent_id !== null && found.has(row.parent_id) && !found.has(row.id)) {
        found.add(row.id);
        grew = true;
      }
    }
  }
  return found;
}
