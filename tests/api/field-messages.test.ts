import { expect, it } from 'vitest';
import { describeApi, newShopper, type Visitor } from './shop';

/**
 * A field's message is read next to the field: it says what is wrong in the field's own words and never carries
 * the field's code name ('identifier: …', 'value: …', 'pack_id: …'), whether the schema worded it or zod did.
 */
const CODE_NAME = /\b[a-z]+(?:_[a-z]+)+\b|\b[a-z]+[A-Z][A-Za-z]*\b/;

async function refusal(response: Response): Promise<{ message: string; errors: Record<string, string[]> }> {
  expect(response.status).toBe(400);
  const body = await response.json();
  for (const [field, messages] of Object.entries(body.errors as Record<string, string[]>)) {
    for (const message of [body.message as string, ...messages]) {
      expect(message.startsWith(`${field}:`), message).toBe(false);
      expect(message, message).not.toMatch(CODE_NAME);
    }
  }
  return body;
}

describeApi('field messages carry no code names', (shop) => {
  let asha: Visitor;

  it('answers sign-in with an empty field in the form’s words', async () => {
    const visitor = await shop().visitor().start();
    expect((await refusal(await visitor.post('/auth/login', { identifier: '' }))).message).toBe('Mobile number or email is required');
    expect((await refusal(await visitor.post('/auth/login', { identifier: '   ' }))).message).toBe('Mobile number or email is required');
    expect((await refusal(await visitor.post('/auth/login', {}))).message).toBe('Mobile number or email is required');
  });

  it('answers a new wishlist without a name, and a contact change without a phone, in the form’s words', async () => {
    asha = await newShopper(shop());
    expect(await refusal(await asha.post('/wishlistCategory', { name: '' }))).toEqual({ message: 'New Wishlist is required', errors: { name: ['New Wishlist is required'] } });
    expect(await refusal(await asha.post('/wishlistCategory', {}))).toEqual({ message: 'New Wishlist is required', errors: { name: ['New Wishlist is required'] } });
    expect(await refusal(await asha.post('/profile/contact', { kind: 'phone', value: '' }))).toEqual({ message: 'Phone is required', errors: { value: ['Phone is required'] } });
  });

  it('words what the schema left unworded with the field in words', async () => {
    const visitor = await shop().visitor().start();
    expect((await refusal(await visitor.post('/cart/add', { pack_id: 'abc', warehouse_id: 1 }))).message).toBe('Pack ID must be a number');
    expect((await refusal(await visitor.post('/cart/add', { warehouse_id: 1 }))).message).toBe('Pack ID is required');
    expect((await refusal(await visitor.post('/cart/add', { pack_id: 1, warehouse_id: 1, quantity: 2.5 }))).message).toBe('Quantity must be a whole number');
    expect((await refusal(await asha.post('/wishlistCategory', { name: 'x'.repeat(81) }))).message).toBe('New Wishlist is too long (at most 80 characters)');
  });
});
