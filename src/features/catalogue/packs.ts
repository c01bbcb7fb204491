import type { Pack } from '../../contract';

/**
 * A card's packs with the one it offers first: the pack a search's size matched (`matchedPackId`, "masoor 1kg")
 * unless it is sold out while another is in stock; else the first pack in stock (its name, price and Add to
 * Cart), else the first pack, which then says 'Out of stock'. The order of the others is kept.
 */
export function packsForCard(packs: Pack[], matchedPackId?: number | null): Pack[] {
  const inStock = packs.findIndex((p) => p.in_stock);
  const matched = matchedPackId == null ? -1 : packs.findIndex((p) => p.pack_id === matchedPackId);
  const index = matched >= 0 && (packs[matched]!.in_stock || inStock < 0) ? matched : inStock;
  return index <= 0 ? packs : [packs[index]!, ...packs.slice(0, index), ...packs.slice(index + 1)];
}
