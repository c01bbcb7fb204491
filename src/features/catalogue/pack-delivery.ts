import type { Pack } from '../../contract/catalogue';
import type { PackDelivery } from '../../contract/delivery';
import { deliveryWindow } from '../checkout/checkout';
import { indiaDate } from '../../lib/india-time';

/** What a card or the product page says of a pack's delivery to the chosen pincode. */
export interface DeliveryPromise {
  deliverable: boolean;
  /** 'Tomorrow, 7–11 AM' (the cart's date and window, worded from India's today), or 'Not delivered to 560001'. */
  text: string;
}

/**
 * A pack's delivery promise from the API's `delivery` (computed by the cart's rules, services/delivery.ts), or
 * null without a pincode: then the page shows nothing.
 */
export function deliveryPromise(delivery: PackDelivery | undefined, pincode: string | null | undefined, today = indiaDate()): DeliveryPromise | null {
  if (!delivery || !pincode) return null;
  const when = delivery.deliverable ? deliveryWindow({ del_date: delivery.date, del_start_time: delivery.start, del_end_time: delivery.end }, today) : null;
  return when ? { deliverable: true, text: when } : { deliverable: false, text: `Not delivered to ${pincode}` };
}

/**
 * The product page's delivery lines: one ('Delivery to 560001: Tomorrow, 7–11 AM') when every pack says the
 * same, which is then what the chosen pack says; else one a pack, by name ('5 kg: Not delivered to 570001').
 * None without a pincode.
 */
export function deliveryLines(packs: Pack[], pincode: string | null | undefined, today = indiaDate()): DeliveryPromise[] {
  const each = packs.flatMap((pack) => {
    const promise = deliveryPromise(pack.delivery, pincode, today);
    return promise ? [{ pack, ...promise }] : [];
  });
  const [first] = each;
  if (!first) return [];
  if (each.every((p) => p.text === first.text)) return [{ deliverable: first.deliverable, text: first.deliverable ? `Delivery to ${pincode}: ${first.text}` : first.text }];
  return each.map((p) => ({ deliverable: p.deliverable, text: `${p.pack.pack_name}: ${p.text}` }));
}
