import { describe, expect, it } from 'vitest';
import { INVALID_PINCODE, normalisePincode, pincodeProblem } from './pincode';

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
