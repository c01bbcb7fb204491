import { describe, expect, it } from 'vitest';
import { islandWords } from '../../lib/i18n/island-words';
import { pincodeForm } from '../../lib/i18n/messages/en/delivery';
import { english, speak } from '../../lib/i18n/words';
import { normalisePincode, pincodeProblem } from './pincode';

const inEnglish = speak(english(pincodeForm));
const inHindi = speak(islandWords('hi', pincodeForm)!);

describe('the pincode a shopper types', () => {
  it('fewer than 6 characters is refused with the message in the page’s language, without a call', () => {
    expect(pincodeProblem(normalisePincode(' 5600 '), inEnglish)).toBe('Please enter a valid pincode');
    expect(pincodeProblem(normalisePincode(null), inEnglish)).toBe('Please enter a valid pincode');
    expect(pincodeProblem(normalisePincode('1100'), inHindi)).toBe('कृपया सही पिनकोड डालें');
  });
  it('6 characters may be checked with the API (which judges the digits)', () => {
    expect(pincodeProblem(normalisePincode(' 560001 '), inEnglish)).toBeNull();
    expect(pincodeProblem(normalisePincode('110001'), inHindi)).toBeNull();
    expect(normalisePincode(' 560001 ')).toBe('560001');
  });
  it('the form’s field, placeholder and button speak Hindi on Hindi pages, English otherwise', () => {
    expect(islandWords('en', pincodeForm)).toBeUndefined();
    expect([inHindi('delivery.pincode'), inHindi('delivery.pincodePlaceholder'), inHindi('delivery.check')]).toEqual(['पिनकोड', '6 अंकों का पिनकोड', 'जाँचें']);
    expect([inEnglish('delivery.pincode'), inEnglish('delivery.pincodePlaceholder'), inEnglish('delivery.check')]).toEqual(['Pincode', '6-digit pincode', 'Check']);
  });
});
