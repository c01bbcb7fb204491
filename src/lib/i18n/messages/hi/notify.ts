import type { Catalogue } from '../types';
import type { notify as english } from '../en/notify';

/** What the shop sends a shopper, in Hindi: the code first, as in English. */
export const notify: Catalogue<typeof english> = {
  // The one-time code.
  'notify.codeSignIn': '{code} आपका {shop} साइन-इन OTP है। यह 10 मिनट तक मान्य है। इसे किसी के साथ साझा न करें।',
  'notify.codeContact': '{code} आपका {shop} वेरिफ़िकेशन OTP है। यह 10 मिनट तक मान्य है। इसे किसी के साथ साझा न करें।',
  // The delivery window: '26 नवम्बर 2026 को, सुबह 7:00 – सुबह 11:00 के बीच'.
  'notify.windowDate': '{date} को',
  'notify.windowStart': '{date} को, {start}',
  'notify.windowRange': '{date} को, {start} – {end} के बीच',
  // Confirmed.
  'notify.confirmedSubject': 'ऑर्डर {ordernumber} कन्फ़र्म हो गया',
  'notify.confirmed': 'नमस्ते {name}, {shop} ने आपका ऑर्डर {ordernumber} कन्फ़र्म कर दिया है।',
  'notify.deliveredWhen': 'इसकी डिलीवरी {window} होगी।',
  // Out for delivery.
  'notify.onItsWaySubject': 'ऑर्डर {ordernumber} रास्ते में है',
  'notify.onItsWay': 'नमस्ते {name}, {shop} से आपका ऑर्डर {ordernumber} डिलीवरी के लिए निकल चुका है।',
  'notify.onItsWayWith': 'नमस्ते {name}, {shop} से आपका ऑर्डर {ordernumber} डिलीवरी के लिए निकल चुका है। इसे {rider} ला रहे हैं।',
  'notify.keepReady': 'कृपया {amount} तैयार रखें।',
  // Delivered.
  'notify.deliveredSubject': 'ऑर्डर {ordernumber} डिलीवर हो गया',
  'notify.delivered': 'नमस्ते {name}, आपका ऑर्डर {ordernumber} डिलीवर हो गया है। {shop} से खरीदारी करने के लिए धन्यवाद।',
  // Cancelled.
  'notify.cancelledSubject': 'ऑर्डर {ordernumber} रद्द हो गया',
  'notify.cancelled': 'नमस्ते {name}, {shop} ने आपका ऑर्डर {ordernumber} रद्द कर दिया है।',
  'notify.cancelledBecause': 'नमस्ते {name}, {shop} ने आपका ऑर्डर {ordernumber} रद्द कर दिया है। कारण: {reason}।',
  'notify.refunding': '{amount} का रिफ़ंड उसी तरीके से किया जा रहा है जिससे आपने भुगतान किया था।',
  // Refunded.
  'notify.refundSubject': 'ऑर्डर {ordernumber} का रिफ़ंड',
  'notify.refund': 'नमस्ते {name}, {shop} आपके ऑर्डर {ordernumber} के {amount} का रिफ़ंड उसी तरीके से कर रहा है जिससे आपने भुगतान किया था।',
  'notify.refundBecause': 'नमस्ते {name}, {shop} आपके ऑर्डर {ordernumber} के {amount} का रिफ़ंड उसी तरीके से कर रहा है जिससे आपने भुगतान किया था। कारण: {reason}।',
  // A sale at the shop's counter (POS).
  'notify.receiptSubject': '{shop} से आपकी रसीद',
  'notify.receipt': '{shop} से खरीदारी के लिए धन्यवाद। बिल {ordernumber} ({amount}) की आपकी रसीद: {url}',
};
