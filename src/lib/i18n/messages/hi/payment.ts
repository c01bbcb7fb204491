import type { Catalogue } from '../types';
import type { payment as english } from '../en/payment';

/** The payment's words in Hindi. Provider names (Razorpay, Stripe) stay as the brands write them. */
export const payment: Catalogue<typeof english> = {
  'payment.title': 'भुगतान',
  'payment.payFor': 'ऑर्डर {ordernumber} का भुगतान करें',
  'payment.razorpayAbout': 'UPI, कार्ड, नेटबैंकिंग और वॉलेट, Razorpay से।',
  'payment.stripeAbout': 'क्रेडिट या डेबिट कार्ड, Stripe से।',
  'payment.comeBack': 'भुगतान के बाद आप यहीं लौट आएँगे।',
  'payment.couldNotStart': 'भुगतान शुरू नहीं हो सका',
  'payment.tryAgain': 'फिर से कोशिश करें',
  'payment.another': 'दूसरे तरीके से भुगतान करें',
  'payment.pay': '{amount} का भुगतान करें',
  'payment.payByCard': 'कार्ड से भुगतान करें',
  'payment.pageFailed': 'भुगतान का पेज नहीं खुल सका। अपना इंटरनेट कनेक्शन जाँचें और फिर से कोशिश करें।',
  'payment.cardFailed': 'कार्ड का फ़ॉर्म नहीं खुल सका। अपना इंटरनेट कनेक्शन जाँचें और फिर से कोशिश करें।',
  // The confirm page (features/payment/PaymentResult.tsx, payment.ts: paymentView).
  'payment.order': 'ऑर्डर {ordernumber}',
  'payment.received': 'ऑर्डर {ordernumber} का भुगतान मिल गया। आपको आपके ऑर्डर पर ले जा रहे हैं…',
  'payment.tryAgainWith': 'फिर से कोशिश करें: {method}',
  'payment.left': 'आपने भुगतान किए बिना भुगतान का पेज छोड़ दिया।',
  'payment.leftWaits': 'ऑर्डर {ordernumber} कुछ समय तक {total} के भुगतान का इंतज़ार करेगा; उसके बाद यह रद्द हो जाएगा।',
  'payment.payNow': 'अभी भुगतान करें',
  'payment.orAnother': 'या दूसरे तरीके से भुगतान करें',
  'payment.waiting': '{total} के भुगतान पर आपके बैंक की पुष्टि का इंतज़ार है…',
  // {reload} and {orders} are the links 'payment.reloadIt' and 'payment.yourOrders'.
  'payment.waited': 'आपके बैंक ने अभी पुष्टि नहीं की है। UPI में इसमें कुछ मिनट लग सकते हैं। दोबारा भुगतान न करें: ऑर्डर {ordernumber} आपके लिए रखा गया है, और पेज को {reload} पर यहीं नतीजा दिखेगा। आप इसे {orders} में भी देख सकते हैं।',
  'payment.reloadIt': 'रीलोड करने',
  'payment.yourOrders': 'आपके ऑर्डर',
  'payment.keepOpen': 'कृपया यह पेज खुला रखें।',
  'payment.payAgain': 'ऑर्डर {ordernumber} का भुगतान फिर से करें',
  'payment.refused': 'ऑर्डर {ordernumber} के लिए आपका {amount} का भुगतान स्वीकार नहीं हो सका: {reason}। {refund}',
  'payment.cancelled': 'ऑर्डर {ordernumber} रद्द कर दिया गया।',
  'payment.failed': 'ऑर्डर {ordernumber} का भुगतान नहीं हो सका। कोई पैसा नहीं कटा; अगर आपके बैंक में पैसा कटा दिखे, तो वह 5 से 7 कामकाजी दिनों में वापस आ जाएगा।',
  'payment.refund.processed': 'पैसा आपके भुगतान के मूल तरीके में वापस भेज दिया गया है; बैंक में दिखने में 5–7 कामकाजी दिन लग सकते हैं।',
  'payment.refund.failed': 'पैसा अपने-आप वापस नहीं हो सका; हमें इसकी जानकारी मिल गई है और हम खुद आपका पैसा लौटाएँगे।',
  'payment.refund.pending': 'पैसा आपके भुगतान के मूल तरीके में वापस भेजा जा रहा है और 5–7 कामकाजी दिनों में आपके खाते में पहुँच जाएगा।',
  // The ways to pay again (payment.ts: RETRY_METHODS).
  'payment.retry.razorpay': 'UPI, कार्ड, नेटबैंकिंग या वॉलेट (Razorpay)',
  'payment.retry.stripe': 'क्रेडिट या डेबिट कार्ड (Stripe)',
  'payment.retry.cod': 'कैश ऑन डिलीवरी',
};
