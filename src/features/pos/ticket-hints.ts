import { MODE_NAMES, rupees, typedPaise } from './receipt-text';
import { parseQuantity, settle, TICKET_LIMITS } from './ticket';

/**
 * What the ticket's side of the till says beside its fields and its Complete sale button (docs/pos.md#the-screen),
 * as plain functions: a quantity held to its limit, a quantity over the stock the till knows, and why the sale cannot
 * be completed yet — cash typed but not yet taken first, since that is the one a busy cashier misses.
 */

const BLOCKERS: Record<ReturnType<typeof settle>['blockers'][number], string> = {
  empty: 'Add an item to the ticket.',
  due: 'Take the payment.',
  'card-reference': "A card payment needs the terminal's reference.",
  'over-paid': 'Card or UPI pays more than the total: take that payment off.',
  'upi-offline': 'UPI needs the network: take it off or wait to be online.',
  'coupon-unpriced': 'The coupon is being priced for the ticket as it is now.',
  'coupon-offline': 'A coupon needs the network: take it off or wait to be online.',
};

/** A quantity typed into a line: the quantity the ticket takes, and whether it was held to the limit; null for no number. */
export function typedQuantity(text: string): { quantity: number; held: boolean } | null {
  const quantity = parseQuantity(text);
  if (quantity === null) return null;
  return { quantity, held: Number(text.trim()) > TICKET_LIMITS.maxQuantity };
}

/** Said beside a quantity held to the limit, as the discount box says its own. */
export const heldQuantityNote = (name: string) => `Quantity of ${name} held to ${TICKET_LIMITS.maxQuantity}, the most one line takes.`;

/**
 * Said beside a quantity over the stock the till knows for the pack (as of its catalogue's last refresh): a warning,
 * never a refusal, since the goods are at the counter; the shop records the sale and flags it stock short. Null when
 * the quantity is within it, or the stock is not known (a ticket kept from before the till noted it).
 */
export function shortStockNote(line: { quantity: number; stock?: number | null }): string | null {
  if (typeof line.stock !== 'number' || line.quantity <= line.stock) return null;
  const known = line.stock > 0 ? `Only ${line.stock} in stock` : 'None in stock';
  return `${known} at this counter: the sale goes through, and the back office sees it flagged short.`;
}

/** The payment form as the cashier left it: the mode chosen, the amount typed, a card's reference. */
interface PaymentForm {
  mode: keyof typeof MODE_NAMES;
  amount: string;
  reference: string;
}

/**
 * Why Complete sale is disabled, said beside it; null when it is not (or the ticket is empty: nothing to sell yet).
 * An amount typed but not taken while the ticket is still due comes first: "Press Take Cash payment to record
 * ₹500.00 tendered."
 */
export function completeReason(settlement: ReturnType<typeof settle>, lines: number, form: PaymentForm): string | null {
  if (settlement.can_complete || lines === 0) return null;
  const typed = typedPaise(form.amount);
  const pending = typed !== null && typed > 0 && settlement.blockers.includes('due');
  const take = `Take ${MODE_NAMES[form.mode]} payment`;
  const first = !pending
    ? []
    : form.mode === 'card' && !form.reference.trim()
      ? [`Type the terminal's reference, then press ${take} to record ${rupees(typed)}.`]
      : [`Press ${take} to record ${rupees(typed)}${form.mode === 'cash' ? ' tendered' : ''}.`];
  const rest = settlement.blockers.filter((blocker) => !(pending && blocker === 'due')).map((blocker) => BLOCKERS[blocker]);
  return [...first, ...rest].join(' ');
}
