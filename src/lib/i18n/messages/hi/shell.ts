import type { Catalogue } from '../types';
import type { shell as english } from '../en/shell';

/** The shell's words in Hindi. */
export const shell: Catalogue<typeof english> = {
  'shell.skip': 'सामग्री पर जाएँ',
  'shell.openMenu': 'मेन्यू खोलें',
  'shell.closeMenu': 'मेन्यू बंद करें',
  'shell.rights': '© {year} {shop}. सर्वाधिकार सुरक्षित',
  'shell.mainNav': 'मुख्य',
  'shell.menu': 'मेन्यू',
  'shell.homeOf': '{shop}, मुख्य पृष्ठ',
  'shell.allOf': 'सभी {name}',
  'shell.accountNav': 'खाता',
  'shell.accountMenuOf': '{name} का खाता मेन्यू',
  'shell.login': 'लॉग इन करें',
  'shell.register': 'रजिस्टर करें',
  'shell.myAccount': 'मेरा खाता',
  'shell.orders': 'मेरे ऑर्डर',
  'shell.addresses': 'मेरे पते',
  'shell.administration': 'एडमिन',
  'shell.websiteSettings': 'वेबसाइट सेटिंग्स',
  'shell.pos': 'POS',
  'shell.switchWebsite': 'वेबसाइट बदलें',
  'shell.logout': 'लॉग आउट करें',
  'shell.offer': 'ऑफ़र',
  'shell.close': 'बंद करें',
  'shell.opensNewTab': '(नए टैब में खुलेगा)',
  'language.suggestion': 'भाषा',
  'language.suggest': 'यह दुकान हिन्दी में भी है।',
  'language.suggestAction': 'हिन्दी में देखें',
  'language.dismiss': 'रहने दें',
};
