/**
 * What the shop sends a shopper, in English: the one-time code (SMS or e-mail) and the messages about an order
 * (server/services/notify-text.ts). The code comes first in both languages, so it is read at a glance.
 */
export const notify = {
  // The one-time code.
  'notify.codeSignIn': '{code} is your {shop} sign-in code. It is valid for 10 minutes. Do not share it with anyone.',
  'notify.codeContact': '{code} is your {shop} verification code. It is valid for 10 minutes. Do not share it with anyone.',
  // The delivery window an order's messages name: 'on Nov 26, 2026, 7:00 AM – 11:00 AM'.
  'notify.windowDate': 'on {date}',
  'notify.windowStart': 'on {date}, {start}',
  'notify.windowRange': 'on {date}, {start} – {end}',
  // Confirmed.
  'notify.confirmedSubject': 'Order {ordernumber} confirmed',
  'notify.confirmed': 'Hello {name}, {shop} has confirmed your order {ordernumber}.',
  'notify.deliveredWhen': 'It will be delivered {window}.',
  // Out for delivery.
  'notify.onItsWaySubject': 'Order {ordernumber} is on its way',
  'notify.onItsWay': 'Hello {name}, your order {ordernumber} from {shop} is out for delivery.',
  'notify.onItsWayWith': 'Hello {name}, your order {ordernumber} from {shop} is out for delivery with {rider}.',
  'notify.keepReady': 'Please keep {amount} ready.',
  // Delivered.
  'notify.deliveredSubject': 'Order {ordernumber} delivered',
  'notify.delivered': 'Hello {name}, your order {ordernumber} has been delivered. Thank you for shopping with {shop}.',
  // Cancelled.
  'notify.cancelledSubject': 'Order {ordernumber} cancelled',
  'notify.cancelled': 'Hello {name}, {shop} has cancelled your order {ordernumber}.',
  'notify.cancelledBecause': 'Hello {name}, {shop} has cancelled your order {ordernumber}: {reason}.',
  'notify.refunding': '{amount} is being refunded to your original payment method.',
  // Refunded (in full or in part, by the shop).
  'notify.refundSubject': 'Refund for order {ordernumber}',
  'notify.refund': 'Hello {name}, {shop} is refunding {amount} of your order {ordernumber} to your original payment method.',
  'notify.refundBecause': 'Hello {name}, {shop} is refunding {amount} of your order {ordernumber} ({reason}) to your original payment method.',
  // A sale at the shop's counter (POS): the link to its receipt.
  'notify.receiptSubject': 'Your receipt from {shop}',
  'notify.receipt': 'Thank you for shopping at {shop}. Your receipt for bill {ordernumber} ({amount}): {url}',
} as const;
