import { describe, expect, it } from 'vitest';
import { AddressBody, ContactBody, LoginBody, RegisterBody, VerifyBody } from '../../contract';
import { humanIssueMessage } from '../../contract/messages';
import { PincodeParam } from '../../contract/delivery';
import { ApplyCouponBody } from '../../contract/coupon';
import { z } from 'zod';
import { fieldMessage } from './field-messages';

z.config({ customError: humanIssueMessage });

/** The messages a schema answers for a body, in a language. */
const said = (schema: z.ZodType, body: unknown, locale: 'en' | 'hi') => {
  const result = schema.safeParse(body);
  expect(result.success).toBe(false);
  return result.error!.issues.map((issue) => fieldMessage(issue.message, locale));
};

/** Latin letters left in a Hindi message, other than the names Hindi keeps (OTP, JSON, ID, the list of a choice). */
const english = (text: string) => text.replace(/: [a-z, ]+$/, '').replace(/\b(OTP|JSON|ID|KB|true|false)\b/g, '').match(/[A-Za-z]+/g);

describe('field messages in Hindi', () => {
  it('leaves English exactly as the contract words it', () => {
    expect(said(AddressBody, { name: '' }, 'en')).toContain('Name is required');
    expect(fieldMessage('Pincode is not in valid format', 'en')).toBe('Pincode is not in valid format');
  });

  it('says a whole sentence and a label’s shape', () => {
    expect(fieldMessage('Please enter the 6-digit code', 'hi')).toBe('कृपया 6 अंकों का कोड डालें');
    expect(fieldMessage('City is required', 'hi')).toBe('शहर ज़रूरी है');
    expect(fieldMessage('Note is too long (at most 500 characters)', 'hi')).toBe('नोट बहुत लंबा है (अधिकतम 500 अक्षर)');
    // A public form's own label stays as the shop wrote it; the sentence is Hindi.
    expect(fieldMessage('Your city is required', 'hi')).toBe('Your city ज़रूरी है');
    // A staff field's message with no Hindi shape stays English.
    expect(fieldMessage('Slug must be lower-case words joined by hyphens', 'hi')).toBe('Slug must be lower-case words joined by hyphens');
  });

  it('has Hindi for every refusal of the shopper’s forms: sign-in, register, code, address, contact, coupon, pincode', () => {
    const cases: [z.ZodType, unknown][] = [
      [LoginBody, {}],
      [LoginBody, { identifier: ' ' }],
      [RegisterBody, { name: '', email: 'x', phone: '12' }],
      [RegisterBody, { name: 'x'.repeat(81), email: 'a@b.co', phone: '9876500001' }],
      [VerifyBody, { code: '12' }],
      [AddressBody, {}],
      [AddressBody, { ...{ name: 'A', phone: '1', pincode: '0', line1: 'x', city: 'x', state: 'x' }, type: 'castle', is_default: 'yes' }],
      [ContactBody, { kind: 'email', value: 'nope' }],
      [ContactBody, { kind: 'phone', value: '' }],
      [ApplyCouponBody, { code: '' }],
      [PincodeParam, { pincode: 'abcdef' }],
    ];
    for (const [schema, body] of cases) {
      for (const message of said(schema, body, 'hi')) expect(english(message), message).toBeNull();
    }
  });
});
