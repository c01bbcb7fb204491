/**
 * Whose data a call reads or changes: a signed-in account on one website. The account is the shop's (one
 * sign-in, one profile, and the shop's coupons count it as one customer); what the shopper keeps and does at a
 * website (addresses, wishlists, cart, orders, their sales agent) is that website's, and a website's call never
 * reads or changes another's (docs/decisions/accounts-across-websites.md).
 */
export interface Shopper {
  userId: number;
  websiteId: number;
}
