import { describe, expect, it } from 'vitest';
import { errorMessage, FALLBACK_ERROR } from './errors';

describe('errorMessage: the product\'s order', () => {
  it('takes a plain string first', () => expect(errorMessage('Pincode not serviceable')).toBe('Pincode not serviceable'));
  it('then a text body', () => expect(errorMessage({ body: 'Out of stock' })).toBe('Out of stock'));
  it('then body.msg before body.message before body.error', () => {
    expect(errorMessage({ body: { msg: 'a', message: 'b', error: 'c' } })).toBe('a');
    expect(errorMessage({ body: { message: 'b', error: 'c' } })).toBe('b');
    expect(errorMessage({ body: { error: 'c' } })).toBe('c');
    expect(errorMessage({ message: 'direct' })).toBe('direct');
  });
  it('joins lists with line breaks', () => {
    expect(errorMessage(['one', 'two'])).toBe('one\ntwo');
    expect(errorMessage({ body: { message: ['one', 'two'] } })).toBe('one\ntwo');
  });
  it('falls back to the standard sentence', () => {
    expect(errorMessage(undefined)).toBe(FALLBACK_ERROR);
    expect(errorMessage({ body: { code: 7 } })).toBe(FALLBACK_ERROR);
    expect(errorMessage('  ')).toBe(FALLBACK_ERROR);
    expect(FALLBACK_ERROR).toBe("There's been an error, please try again.");
  });
  it("falls back to the page's words when it is given them, in lists too", () => {
    const hindi = 'कुछ गड़बड़ हो गई, कृपया दोबारा कोशिश करें।';
    expect(errorMessage(undefined, hindi)).toBe(hindi);
    expect(errorMessage({ body: { message: [' ', 'two'] } }, hindi)).toBe(`${hindi}\ntwo`);
    expect(errorMessage('Out of stock', hindi)).toBe('Out of stock');
  });
});
