import type { Catalogue } from '../types';
import type { invoice as english } from '../en/invoice';

/** The invoice's words in Hindi. */
export const invoice: Catalogue<typeof english> = {
  // What the API says.
  'invoice.paidOnline': 'ऑनलाइन भुगतान किया गया',
  'invoice.paidOnDelivery': 'कैश ऑन डिलीवरी, डिलीवरी पर भुगतान किया गया',
  'invoice.taxNote': 'कीमतों में GST शामिल है',
  'invoice.rupeesOnly': '{rupees} रुपये मात्र',
  'invoice.rupeesAndPaise': '{rupees} रुपये और {paise} पैसे मात्र',
  // The page.
  'invoice.pageTitle': 'इनवॉइस {ordernumber}',
  'invoice.notFoundTitle': 'इनवॉइस नहीं मिला',
  'invoice.invoice': 'इनवॉइस',
  'invoice.taxInvoice': 'टैक्स इनवॉइस',
  'invoice.backToOrder': 'ऑर्डर पर वापस जाएँ',
  'invoice.printHint': 'ब्राउज़र के प्रिंट (Ctrl+P) से इसे प्रिंट करें या PDF के रूप में सेव करें।',
  'invoice.gstin': 'GSTIN',
  'invoice.order': 'ऑर्डर',
  'invoice.cancelled': 'रद्द',
  'invoice.billedTo': 'बिल और डिलीवरी का पता',
  'invoice.lines': 'इनवॉइस का सामान',
  'invoice.item': 'सामान',
  'invoice.qty': 'मात्रा',
  'invoice.rate': 'दर',
  'invoice.amount': 'राशि',
  'invoice.discount': 'छूट',
  'invoice.net': 'छूट के बाद',
  'invoice.items': 'सामान',
  'invoice.delivery': 'डिलीवरी',
  'invoice.free': 'मुफ़्त',
  'invoice.total': 'कुल राशि',
  'invoice.refunded': 'रिफ़ंड',
  'invoice.netPaid': 'रिफ़ंड के बाद भुगतान',
  'invoice.inWords': 'राशि शब्दों में:',
  'invoice.footer': '{taxNote}। यह कंप्यूटर से बना इनवॉइस है।',
  // A cancelled order's refund.
  // The list of refunds.
  'invoice.refunds': 'रिफ़ंड',
  'invoice.wholeOrder': 'पूरा ऑर्डर',
  'invoice.partOfOrder': 'ऑर्डर का कुछ हिस्सा',
  'invoice.reason': 'कारण: {reason}',
};
