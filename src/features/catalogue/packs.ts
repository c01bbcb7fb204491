import type { Pack } from '../../contract';

/**
 * A card's packs with the one it offers first: the first pack in stock (its name, price and Add to Cart),
 * else the first pack, which then says 'Out of stock'. The order of the others is kept.
 */
export function packsForCard(packs: Pack[]): Pack[] {
  const index = packs.findIndex((p) => p.in_stock);
  return index <= 0 ? packs : [packs[index]!, ...packs.slice(0, index), ...packs.slice(index + 1)];
}
