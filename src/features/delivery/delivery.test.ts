import { afterEach, describe, expect, it } from 'vitest';
import { INVALID_PINCODE, normalisePincode, pincodeProblem } from './pincode';
import { $settings, choosePincode, seedSettings } from './settings';

afterEach(() => $settings.set({ pincode: null, website: null }));

describe('the pincode a shopper types', () => {
  it('fewer than 6 characters is refused with the message, without a call', () => {
    expect(pincodeProblem(normalisePincode(' 5600 '))).toBe(INVALID_PINCODE);
    expect(pincodeProblem(normalisePincode(null))).toBe('Please enter a valid pincode');
  });
  it('6 characters may be checked with the API (which judges the digits)', () => {
    expect(pincodeProblem(normalisePincode(' 560001 '))).toBeNull();
    expect(normalisePincode(' 560001 ')).toBe('560001');
  });
});

describe('$settings', () => {
  it('is filled once from server props; a checked pincode replaces the pincode only', () => {
    seedSettings({ pincode: null, website: { id: 1, name: 'Annapurna' } });
    seedSettings({ pincode: '110001', website: { id: 2, name: 'Other' } });
    expect($settings.get()).toEqual({ pincode: null, website: { id: 1, name: 'Annapurna' } });
    choosePincode('560001');
    expect($settings.get()).toEqual({ pincode: '560001', website: { id: 1, name: 'Annapurna' } });
  });
});
