/**
 * The invoice's words in English: the page (pages/account/orders/[id]/invoice.astro) and what the API's invoice
 * says in words (server/orders/invoice.ts: how it was paid, the tax note, the total in words).
 */
export const invoice = {
  // What the API says.
  'invoice.paidOnline': 'Paid online',
  'invoice.paidOnDelivery': 'Cash on Delivery, paid on delivery',
  'invoice.taxNote': 'Prices include GST',
  'invoice.rupeesOnly': 'Rupees {rupees} Only',
  'invoice.rupeesAndPaise': 'Rupees {rupees} and {paise} Paise Only',
  // The page.
  'invoice.pageTitle': 'Invoice {ordernumber}',
  'invoice.notFoundTitle': 'Invoice not found',
  'invoice.invoice': 'Invoice',
  'invoice.taxInvoice': 'Tax Invoice',
  'invoice.backToOrder': 'Back to the order',
  'invoice.printHint': "Print it or save it as PDF with your browser's Print (Ctrl+P).",
  'invoice.gstin': 'GSTIN',
  'invoice.order': 'Order',
  'invoice.cancelled': 'Cancelled',
  'invoice.billedTo': 'Billed and shipped to',
  'invoice.lines': 'Invoice lines',
  'invoice.item': 'Item',
  'invoice.qty': 'Qty',
  'invoice.rate': 'Rate',
  'invoice.amount': 'Amount',
  'invoice.discount': 'Discount',
  'invoice.net': 'Net',
  'invoice.items': 'Items',
  'invoice.delivery': 'Delivery',
  'invoice.free': 'Free',
  'invoice.total': 'Total',
  'invoice.refunded': 'Refunded',
  'invoice.netPaid': 'Net paid',
  'invoice.inWords': 'Amount in words:',
  'invoice.footer': '{taxNote}. This is a computer-generated invoice.',
  // A cancelled order's refund, after 'Cancelled. '.
  // The list of refunds.
  'invoice.refunds': 'Refunds',
  'invoice.wholeOrder': 'the whole order',
  'invoice.partOfOrder': 'part of the order',
  'invoice.reason': 'Reason: {reason}',
} as const;
