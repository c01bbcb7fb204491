import { describe, expect, it } from 'vitest';
import { ADDRESS_RULES } from '../../contract/address-rules';
import { validateField } from '../../contract/validation';
import { translator } from '../../lib/i18n/translate';
import { addressLine, addressRulesIn, placeFill } from './address-values';

const AGARTALA = { city: 'Agartala', state: 'Tripura' };
const NONE = { city: '', state: '' };

describe('placeFill', () => {
  it('fills empty city and state from the pincode', () => {
    expect(placeFill(NONE, AGARTALA, NONE)).toEqual(AGARTALA);
    expect(placeFill({ city: '  ', state: '' }, AGARTALA, NONE)).toEqual(AGARTALA);
  });

  it('never replaces what the shopper typed, but replaces its own earlier fill', () => {
    expect(placeFill({ city: 'Agartala Town', state: '' }, AGARTALA, NONE)).toEqual({ state: 'Tripura' });
    const bengaluru = { city: 'Bengaluru', state: 'Karnataka' };
    expect(placeFill({ city: 'Agartala Town', state: 'Tripura' }, bengaluru, AGARTALA)).toEqual({ state: 'Karnataka' });
    expect(placeFill(AGARTALA, bengaluru, AGARTALA)).toEqual(bengaluru);
  });

  it('fills nothing from a place without a name', () => {
    expect(placeFill(NONE, NONE, NONE)).toEqual({});
  });
});

describe('the address rules in the page\'s words', () => {
  const hindi = addressRulesIn(translator('hi'));
  const english = addressRulesIn(translator('en'));

  it('say the same failures as the shared rules, in Hindi', () => {
    expect(validateField('', hindi.name)).toBe('नाम ज़रूरी है');
    expect(validateField('012345', hindi.pincode)).toBe('पिनकोड सही रूप में नहीं है');
    expect(validateField('12345', hindi.phone)).toBe('फ़ोन सही रूप में नहीं है');
    expect(validateField('', hindi.line2)).toBeNull();
    expect(validateField('110001', hindi.pincode)).toBeNull();
    expect(hindi.line1.label).toBe('पता पंक्ति 1');
  });

  it('in English, word for word the shared rules\' messages', () => {
    for (const [name, rule] of Object.entries(ADDRESS_RULES) as [keyof typeof ADDRESS_RULES, (typeof ADDRESS_RULES)[keyof typeof ADDRESS_RULES]][]) {
      for (const value of ['', '012345', '12345', '9876512345', 'Bengaluru']) expect(validateField(value, english[name])).toBe(validateField(value, rule));
    }
  });

  it('an address\'s landmark in the page\'s words', () => {
    const a = { line1: '7, MG Road', line2: null, landmark: 'Metro', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' };
    expect(addressLine(a)).toBe('7, MG Road, near Metro, Bengaluru, Karnataka 560001');
    expect(addressLine(a, (landmark) => `${landmark} के पास`)).toBe('7, MG Road, Metro के पास, Bengaluru, Karnataka 560001');
  });
});
