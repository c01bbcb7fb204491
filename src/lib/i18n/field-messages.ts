import type { Locale } from './locales';

/**
 * The API's field messages (zod's refusals, `validationAnswer`) in a language. The contract words them in English,
 * the same words the forms show (contract/rules.ts, validation.ts, messages.ts), mostly as '{label} is required'
 * around the field's label; the browser's forms and the API share those functions, so the message text itself is
 * the key here (gettext's msgid): a whole sentence (`SENTENCES`), else one of the shapes (`SHAPES`) with the
 * field's label said by `LABELS` (a label the shop wrote itself, a public form's, stays as written). A message
 * that matches neither stays English (staff-only fields). field-messages.test.ts holds the shopper's forms to it.
 */

/** Whole messages, by their English words. */
const SENTENCES = {
  'Invalid request': 'अनुरोध सही नहीं है',
  'Please enter the 6-digit code': 'कृपया 6 अंकों का कोड डालें',
  'Please enter a valid pincode': 'कृपया सही पिनकोड डालें',
  'Email is too long': 'ईमेल बहुत लंबा है',
  'The request needs a body': 'अनुरोध में जानकारी नहीं है',
  'The request body must be a JSON object': 'अनुरोध की जानकारी JSON ऑब्जेक्ट होनी चाहिए',
} as const satisfies Record<string, string>;

/** The shopper's fields' labels (the forms' and the contract's), said in Hindi. */
const LABELS = {
  'Mobile number or email': 'मोबाइल नंबर या ईमेल',
  Name: 'नाम',
  Email: 'ईमेल',
  Phone: 'फ़ोन नंबर',
  Pincode: 'पिनकोड',
  'Address line 1': 'पते की पहली पंक्ति',
  'Address line 2': 'पते की दूसरी पंक्ति',
  Landmark: 'लैंडमार्क',
  City: 'शहर',
  State: 'राज्य',
  Type: 'पते का प्रकार',
  'Default address': 'डिफ़ॉल्ट पता',
  'Coupon code': 'कूपन कोड',
  Note: 'नोट',
  Code: 'कोड',
  Quantity: 'मात्रा',
  'Pack ID': 'पैक ID',
  'Address ID': 'पते का ID',
  'New Wishlist': 'विशलिस्ट का नाम',
  'Payment method': 'भुगतान का तरीका',
  Payment: 'भुगतान',
  'This field': 'यह फ़ील्ड',
} as const satisfies Record<string, string>;

/** A message's shape in English (`label` is the field's label, `n` a number) and its Hindi. */
const SHAPES: readonly (readonly [RegExp, (label: string, n: string) => string])[] = [
  [/^(.+) must be one of (.+)$/, (label, list) => `${label} इनमें से एक होना चाहिए: ${list}`],
  [/^(.+) is required$/, (label) => `${label} ज़रूरी है`],
  [/^(.+) is too long \(at most (\d+) characters?\)$/, (label, n) => `${label} बहुत लंबा है (अधिकतम ${n} अक्षर)`],
  [/^(.+) is too long$/, (label) => `${label} बहुत लंबा है`],
  [/^(.+) must be at least (\d+) characters?$/, (label, n) => `${label} में कम से कम ${n} अक्षर होने चाहिए`],
  [/^(.+) is not in valid format$/, (label) => `${label} सही फ़ॉर्मेट में नहीं है`],
  [/^(.+) is not a valid email address$/, (label) => `${label} सही ईमेल पता नहीं है`],
  [/^(.+) is not valid$/, (label) => `${label} सही नहीं है`],
  [/^(.+) must be text$/, (label) => `${label} टेक्स्ट होना चाहिए`],
  [/^(.+) must be a number$/, (label) => `${label} एक संख्या होनी चाहिए`],
  [/^(.+) must be a whole number$/, (label) => `${label} एक पूर्ण संख्या होनी चाहिए`],
  [/^(.+) must be true or false$/, (label) => `${label} true या false होना चाहिए`],
  [/^(.+) must be at least (\d+)$/, (label, n) => `${label} कम से कम ${n} होना चाहिए`],
  [/^(.+) must be at most (\d+)$/, (label, n) => `${label} अधिकतम ${n} हो सकता है`],
  [/^(.+) must be more than (\d+)$/, (label, n) => `${label} ${n} से ज़्यादा होना चाहिए`],
  [/^(.+) must not contain control characters$/, (label) => `${label} में कंट्रोल कैरेक्टर नहीं हो सकते`],
  [/^(.+) contains a character that is not valid text$/, (label) => `${label} में ऐसा अक्षर है जो सही टेक्स्ट नहीं है`],
  [/^(.+) must not contain text-direction controls$/, (label) => `${label} में टेक्स्ट-दिशा बदलने वाले कैरेक्टर नहीं हो सकते`],
  [/^(.+) must contain visible characters$/, (label) => `${label} में दिखने वाले अक्षर होने चाहिए`],
];

/** A label in Hindi when the shop's forms know it, else as written (a public form's own label). */
const labelIn = (label: string) => (LABELS as Record<string, string>)[label] ?? label;

/** A field message (its English words) in a language; English, and a message with no Hindi, as it is. */
export function fieldMessage(message: string, locale: Locale): string {
  if (locale === 'en') return message;
  const sentence = (SENTENCES as Record<string, string>)[message];
  if (sentence) return sentence;
  for (const [shape, say] of SHAPES) {
    const match = shape.exec(message);
    if (match) return say(labelIn(match[1]!), match[2] ?? '');
  }
  return message;
}
