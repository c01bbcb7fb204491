import type { Catalogue } from '../types';
import type { delivery as english } from '../en/delivery';

/** The delivery's words in Hindi. */
export const delivery: Catalogue<typeof english> = {
  // The header's pincode button and the 'Change Location' dialog.
  'delivery.deliverTo': 'डिलीवरी पिनकोड',
  'delivery.selectPincode': 'पिनकोड चुनें',
  'delivery.selectDelivery': 'डिलीवरी का',
  'delivery.pincode': 'पिनकोड',
  // The dialog's form (PincodeForm.tsx).
  'delivery.pincodePlaceholder': '6 अंकों का पिनकोड',
  'delivery.check': 'जाँचें',
  'delivery.invalidPincode': 'कृपया सही पिनकोड डालें',
  'delivery.changeLocation': 'डिलीवरी की जगह बदलें',
  'delivery.close': 'बंद करें',
  'delivery.enterPincode': 'डिलीवरी का समय और सामान की उपलब्धता जानने के लिए अपना पिनकोड डालें।',
  // A pack's delivery promise (features/catalogue/pack-delivery.ts).
  'delivery.label': 'डिलीवरी:',
  'delivery.to': '{pincode} पर डिलीवरी',
  'delivery.toWhen': '{pincode} पर डिलीवरी: {when}',
  'delivery.notDelivered': '{pincode} पर डिलीवरी नहीं होती',
  'delivery.packLine': '{pack}: {text}',
  'delivery.dayAndTime': '{day}, {time}',
  'delivery.today': 'आज',
  'delivery.tomorrow': 'कल',
};
