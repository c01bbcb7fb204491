import type { Catalogue } from '../types';
import type { wishlist as english, wishlistPage as englishPage } from '../en/wishlist';

/** The wishlist's words in Hindi: the heart and its dialogs. */
export const wishlist: Catalogue<typeof english> = {
  'wishlist.heartAdd': 'विशलिस्ट में डालें: {name}',
  'wishlist.heartIn': 'आपकी विशलिस्ट में है: {name}',
  'wishlist.dialogTitle': 'विशलिस्ट में उत्पाद डालें',
  'wishlist.default': 'डिफ़ॉल्ट',
  'wishlist.addTo': '{list} में डालें',
  'wishlist.removeFrom': '{list} से हटाएँ',
  'wishlist.add': 'डालें',
  'wishlist.added': '✓ डाला गया',
  'wishlist.createAnother': 'नई विशलिस्ट बनाएँ',
  'wishlist.createTitle': 'नई विशलिस्ट बनाएँ',
  'wishlist.newList': 'नई विशलिस्ट का नाम',
  'wishlist.newListRequired': 'नई विशलिस्ट का नाम लिखें',
  'wishlist.cancel': 'रद्द करें',
  'wishlist.submit': 'बनाएँ',
  'wishlist.created': 'विशलिस्ट बन गई',
};

/** The account's wishlist page in Hindi. */
export const wishlistPage: Catalogue<typeof englishPage> = {
  'wishlist.title': 'विशलिस्ट',
  'wishlist.empty': 'आपकी विशलिस्ट खाली है।',
  'wishlist.emptyHint': 'किसी भी उत्पाद पर दिल का निशान दबाएँ, वह यहाँ रख लिया जाएगा।',
  'wishlist.browse': 'उत्पाद देखें',
};
