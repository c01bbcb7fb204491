/**
 * The pincode dialog's form (features/delivery/PincodeForm.tsx), the island's words: only these are bundled with it.
 */
export const pincodeForm = {
  'delivery.pincode': 'Pincode',
  'delivery.pincodePlaceholder': '6-digit pincode',
  'delivery.check': 'Check',
  'delivery.invalidPincode': 'Please enter a valid pincode',
} as const;

/** The delivery's words (the pincode button and dialog, the delivery promises of cards and product pages) in English. */
export const delivery = {
  ...pincodeForm,
  // The header's pincode button and the 'Change Location' dialog.
  'delivery.deliverTo': 'Deliver to',
  'delivery.selectPincode': 'Select pincode',
  'delivery.selectDelivery': 'Select delivery',
  'delivery.changeLocation': 'Change Location',
  'delivery.close': 'Close',
  'delivery.enterPincode': 'Enter your pincode to check delivery time and availability.',
  // A pack's delivery promise (features/catalogue/pack-delivery.ts).
  'delivery.label': 'Delivery:',
  'delivery.to': 'Delivery to {pincode}',
  'delivery.toWhen': 'Delivery to {pincode}: {when}',
  'delivery.notDelivered': 'Not delivered to {pincode}',
  'delivery.packLine': '{pack}: {text}',
  'delivery.dayAndTime': '{day}, {time}',
  'delivery.today': 'Today',
  'delivery.tomorrow': 'Tomorrow',
} as const;
