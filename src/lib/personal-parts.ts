import type { Init, Pack } from '../contract';
import { localizePath } from './i18n/locales';

/**
 * The personal parts of a shared page (docs/scaling-and-caching.md#personal-parts): what differs between a visitor
 * and a shopper with a session on a catalogue or content page. Each is drawn by its own component between markers
 * (components/PersonalPart.astro); a shared page keeps the rest as it was drawn for a visitor, and a shopper's request draws only
 * the parts that differ for them (`differs`) in one small render (pages/personal-parts.astro).
 */
export type PersonalPart =
  | { name: 'account' }
  | { name: 'side-account' }
  | { name: 'cart-button' }
  | { name: 'cart-panel' }
  | { name: 'add-to-cart'; props: { packs: Pack[]; productName: string; selector?: boolean; size?: 'sm' | 'lg' } }
  | { name: 'heart'; props: { productId: number; productName: string; on: boolean; class?: string } }
  | { name: 'pincode-button'; props: { compact?: boolean } }
  | { name: 'pincode-form' }
  | { name: 'deliverable-filter' }
  | { name: 'card-delivery'; props: { warehouseId: number } }
  | { name: 'delivery-note'; props: { packs: Pack[] } };

/** The shopper the parts are drawn for, as init says. */
type Shopper = Pick<Init, 'user' | 'cart' | 'pincode'>;

/**
 * Whether a part looks different for this shopper than for a visitor without a session: the account parts once
 * signed in; the cart's button and panel once the cart holds anything; a card's stepper when one of its packs is in
 * the cart; a heart for a signed-in shopper (visitors have none); the pincode's button and form, the "Deliverable
 * to" filter and the delivery promises once a pincode is chosen.
 */
export function differs(part: PersonalPart, { user, cart, pincode }: Shopper): boolean {
  switch (part.name) {
    case 'account':
    case 'side-account':
    case 'heart':
      return user !== null;
    case 'cart-button':
    case 'cart-panel':
      return cart.items.length > 0;
    case 'pincode-button':
    case 'pincode-form':
    case 'deliverable-filter':
    case 'card-delivery':
    case 'delivery-note':
      return pincode !== null;
    case 'add-to-cart': {
      const ids = new Set(part.props.packs.map((pack) => pack.pack_id));
      return cart.items.some((item) => ids.has(item.pack_id));
    }
  }
}

/**
 * The path of the page a part is drawn in, as the shopper asked for it (in their language): the page itself, or, in
 * the personal parts' render, the page they go in.
 */
export function pagePath(locals: App.Locals, url: URL): string {
  return locals.personalRender?.pagePath ?? localizePath(url.pathname + url.search, locals.locale ?? 'en');
}
