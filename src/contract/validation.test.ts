import { describe, expect, it } from 'vitest';
import { patterns, validateField, validateForm } from './validation';

describe('field rule order', () => {
  it('1. a read-only field always passes', () => {
    expect(validateField('', { required: true, readonly: true, validate: () => 'never' })).toBeNull();
  });
  it('2. a custom validator decides alone', () => {
    expect(validateField('', { required: true, validate: () => null })).toBeNull();
    expect(validateField('ok@example.com', { type: 'email', validate: () => 'Taken' })).toBe('Taken');
    expect(validateField('x', { validate: (v, all: { y: string }) => (v === all.y ? null : 'Must match') }, { y: 'z' })).toBe('Must match');
  });
  it('3. an optional empty field passes, even with a pattern', () => {
    expect(validateField('', { pattern: 'phone' })).toBeNull();
    expect(validateField(undefined, { type: 'email' })).toBeNull();
  });
  it('4. required and empty fails with "{label} is required", This field by default; zero is present', () => {
    expect(validateField('', { required: true, label: 'Name' })).toBe('Name is required');
    expect(validateField('   ', { required: true })).toBe('This field is required');
    expect(validateField([], { required: true, label: 'Tags' })).toBe('Tags is required');
    expect(validateField(false, { required: true, label: 'Terms' })).toBe('Terms is required');
    expect(validateField(0, { required: true, label: 'Quantity' })).toBeNull();
  });
  it('5. type email fails with "{label} is not a valid email address"', () => {
    expect(validateField('asha@', { type: 'email', label: 'Email' })).toBe('Email is not a valid email address');
    expect(validateField('asha@example.com', { type: 'email', label: 'Email' })).toBeNull();
  });
  it('6. a pattern mismatch fails with the custom message or "{label} is not in valid format"', () => {
    expect(validateField('12345', { pattern: 'pincode', label: 'Pincode' })).toBe('Pincode is not in valid format');
    expect(validateField('12345', { pattern: 'pincode', patternMessage: 'Please enter a valid pincode' })).toBe('Please enter a valid pincode');
    expect(validateField('abc', { pattern: /^\d+$/ })).toBe('This field is not in valid format');
  });
});

describe('patterns', () => {
  const cases: [keyof typeof patterns, string[], string[]][] = [
    ['email', ['asha@example.com', 'a.b+c_d%e-f@mail.co.in', 'x@y.io'], ['asha', '.asha@example.com', 'asha.@example.com', 'a@b', 'a@b.c', 'a@-b.com', 'a b@c.com', 'a@b.c0m']],
    ['phone', ['9876543210', '6000000000'], ['5876543210', '987654321', '98765432100', '+919876543210', '98765 43210']],
    ['pincode', ['560001', '110001'], ['060001', '56001', '5600011', '56000a']],
    ['slug', ['fresh-fruits', 'atta', 'a1-b2'], ['Fresh', 'fresh--fruits', '-fresh', 'fresh-', 'fresh fruits']],
    ['warehouseCode', ['BLR', 'a1b', '123'], ['BL', 'BLRX', 'B-R']],
    ['number', ['12', '-3.5', '0'], ['1e3', 'abc', '+1', '1.']],
    ['positiveInteger', ['1', '42'], ['0', '-1', '01', '1.5']],
    ['zeroOrGreaterInteger', ['0', '7', '120'], ['-1', '1.0', 'x']],
    ['signedDecimal', ['+1.25', '-0.5', '3'], ['1.', '.5', '++1', '1,5']],
  ];
  for (const [name, good, bad] of cases) {
    it(name, () => {
      for (const value of good) expect(patterns[name].test(value), `${name} accepts ${value}`).toBe(true);
      for (const value of bad) expect(patterns[name].test(value), `${name} refuses ${value}`).toBe(false);
    });
  }
});

describe('validateForm', () => {
  it('reports every failing field by name', () => {
    const errors = validateForm(
      { name: '', email: 'nope', phone: '9876543210' },
      { name: { required: true, label: 'Name' }, email: { type: 'email', label: 'Email' }, phone: { pattern: 'phone', label: 'Phone' } },
    );
    expect(errors).toEqual({ name: 'Name is required', email: 'Email is not a valid email address' });
  });
});
