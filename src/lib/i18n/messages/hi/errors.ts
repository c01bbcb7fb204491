import type { Catalogue } from '../types';
import type { errors as english } from '../en/errors';

/** The error pages' words in Hindi. */
export const errors: Catalogue<typeof english> = {
  'errors.backHome': 'मुख्य पृष्ठ पर जाएँ',
  'errors.browseProducts': 'उत्पाद देखें',
  'errors.tryAgain': 'फिर से कोशिश करें',
  'errors.pageNotFound': 'पेज नहीं मिला',
  'errors.pageGone': 'आप जो पेज ढूँढ रहे हैं, वह मौजूद नहीं है या कहीं और चला गया है।',
  'errors.productMissing': 'यह उत्पाद यहाँ नहीं है',
  'errors.orderMissing': 'यह ऑर्डर यहाँ नहीं है',
  'errors.invoiceMissing': 'यह बिल यहाँ नहीं है',
  'errors.customerMissing': 'यह ग्राहक यहाँ नहीं है',
  'errors.missing': 'यह {what} यहाँ नहीं है',
  'errors.maybeRemoved': 'हो सकता है इसे हटा दिया गया हो, या लिंक गलत हो।',
  'errors.badAddressTitle': 'वेब पता सही नहीं है',
  'errors.badAddress': 'यह वेब पता सही नहीं है',
  'errors.badAddressHelp': 'हो सकता है लिंक टूटा हुआ हो या गलत लिखा गया हो। कृपया उसे जाँचें, या मुख्य पृष्ठ से फिर शुरू करें।',
  'errors.forbiddenTitle': 'अनुमति नहीं है',
  'errors.forbidden': 'आपको यह पेज देखने की अनुमति नहीं है',
  'errors.forBackOffice': 'बैक ऑफ़िस केवल उन एडमिन के लिए है जो ऑर्डर देख सकते हैं।',
  'errors.forPageBuilder': 'पेज बिल्डर केवल वेबसाइट सँभालने वाले कर्मचारियों के लिए है।',
  'errors.forSuperadmins': 'यह पेज केवल सुपर एडमिन के लिए है।',
  'errors.failed': 'कुछ गड़बड़ हो गई',
  'errors.failedHelp': 'यह पेज दिखाया नहीं जा सका। कृपया थोड़ी देर में फिर कोशिश करें।',
  'errors.reference': 'संदर्भ:',
  'errors.unavailableTitle': 'जल्द लौटेंगे',
  'errors.unavailable': 'हम जल्द ही वापस आएँगे',
  'errors.unavailableHelp': 'दुकान अभी जवाब नहीं दे रही है। कृपया एक मिनट बाद फिर कोशिश करें।',
};
