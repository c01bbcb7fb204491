import type { Catalogue } from '../types';
import type { cart as english } from '../en/cart';

/** The cart's words in Hindi. */
export const cart: Catalogue<typeof english> = {
  // Add to Cart and its stepper, on cards and the product page.
  'cart.add': 'कार्ट में डालें',
  'cart.choosePack': 'पैक चुनें',
  'cart.off': '{discount}% छूट',
  'cart.soldOut': 'स्टॉक में नहीं',
  'cart.quantityOf': '{name} की मात्रा',
  'cart.lessOne': 'एक {name} कम करें',
  'cart.moreOne': 'एक और {name} डालें',
  'cart.max': 'एक ऑर्डर में अधिकतम {most}',
  // The header's button.
  'cart.cart': 'कार्ट',
  'cart.cartItems': { one: 'कार्ट, {count} सामान', other: 'कार्ट, {count} सामान' },
  // 'Cart Summary'.
  'cart.title': 'कार्ट सारांश',
  'cart.close': 'कार्ट बंद करें',
  'cart.empty': 'कार्ट खाली है',
  'cart.emptyNote': 'आपके कार्ट में अभी कुछ नहीं है',
  'cart.lines': 'आपके कार्ट का सामान',
  'cart.lineQuantity': '{name}, {pack} की मात्रा',
  'cart.removeLine': '{name} को कार्ट से हटाएँ',
  'cart.remove': 'हटाएँ',
  'cart.itemsTotal': 'सामान का कुल',
  'cart.discount': 'छूट',
  'cart.delivery': 'डिलीवरी',
  'cart.total': 'कुल राशि',
  'cart.free': 'मुफ़्त',
  'cart.notTo': '{pincode} पर उपलब्ध नहीं',
  'cart.pinRequired': 'डिलीवरी पिनकोड ज़रूरी है',
  'cart.pinNote': 'चेकआउट के लिए अपना डिलीवरी पिनकोड चुनें',
  'cart.pinSelect': 'पिनकोड चुनें',
  'cart.checkout': 'चेकआउट करें',
  // Why checkout is not open yet.
  'cart.needPin': 'आगे बढ़ने के लिए डिलीवरी पिनकोड चुनें',
  'cart.needFix': { one: 'चेकआउट से पहले ऊपर {count} सामान पर ध्यान दें', other: 'चेकआउट से पहले ऊपर {count} सामानों पर ध्यान दें' },
  'cart.noZone': 'हम अभी {pincode} पर डिलीवरी नहीं करते',
  // The coupon.
  'cart.coupon': 'कूपन',
  'cart.couponCode': 'कूपन कोड',
  'cart.apply': 'कूपन लगाएँ',
  'cart.removeCoupon': 'कूपन हटाएँ',
  'cart.enterCoupon': 'कृपया कूपन कोड डालें',
  // A failure without words of its own.
  'cart.failed': 'कुछ गड़बड़ हो गई, कृपया दोबारा कोशिश करें।',
};
