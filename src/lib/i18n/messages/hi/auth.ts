import type { Catalogue } from '../types';
import type { auth as english } from '../en/auth';

/** The sign-in screens' words in Hindi. */
export const auth: Catalogue<typeof english> = {
  'auth.login': 'लॉग इन',
  'auth.loginLead': 'हम आपके मोबाइल नंबर या ईमेल पर एक OTP भेजेंगे।',
  'auth.identifier': 'मोबाइल नंबर या ईमेल',
  'auth.identifierPlaceholder': '98765 43210 या you@example.com',
  'auth.sendCode': 'OTP भेजें',
  'auth.newHere': 'पहली बार आए हैं?',
  'auth.createAccount': 'खाता बनाएँ',
  'auth.registerLead': 'आपका मोबाइल नंबर पक्का करने के लिए हम उस पर एक OTP भेजेंगे।',
  'auth.name': 'नाम',
  'auth.email': 'ईमेल',
  'auth.phone': 'फ़ोन',
  'auth.phonePlaceholder': '10 अंकों का मोबाइल नंबर',
  'auth.haveAccount': 'पहले से खाता है?',
  'auth.enterCode': 'अपना OTP डालें',
  'auth.codeSentTo': 'हमने {to} पर 6 अंकों का OTP भेजा है। यह 10 मिनट तक मान्य है।',
  'auth.codeSent': 'हमारा भेजा हुआ 6 अंकों का OTP डालें।',
  'auth.code': 'OTP',
  'auth.codePlaceholder': '6 अंक',
  'auth.verifyContinue': 'पुष्टि करें और आगे बढ़ें',
  'auth.notGot': 'OTP नहीं मिला?',
  'auth.sendNew': 'नया OTP भेजें',
  'auth.somethingWrong': 'कुछ गड़बड़ हो गई',
};
