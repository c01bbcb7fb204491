import { expect, test } from '@playwright/test';
import { registerWithApi } from './support/accounts';
import { awake } from './support/islands';

/**
 * The address form fills city and state from a pincode the shop knows (the pincode dialog's own lookup), even one
 * it does not deliver to; the filled values stay editable, and what the shopper typed themselves is never replaced.
 */
const phone = (base: number) => String(base + (test.info().project.name === 'phone' ? 1 : 0));

test('a known pincode fills city and state, which stay editable; typed ones are kept @desktop', async ({ page }) => {
  await registerWithApi(page, phone(9000023300), 'Asha Verma');
  await page.goto('/account/addresses');
  await awake(page, '[aria-label="Your addresses"]');
  const pincodeBefore = (await (await page.request.get('/s/api/init')).json()).pincode;
  const form = page.getByRole('form', { name: 'New address' });

  await form.getByLabel('Pincode').fill('799001');
  await expect(form.getByLabel('City')).toHaveValue('Agartala');
  await expect(form.getByLabel('State')).toHaveValue('Tripura');
  // Editable: the shopper's correction stands, and a new pincode does not undo it.
  await form.getByLabel('City').fill('Agartala Town');
  await expect(form.getByLabel('City')).toHaveValue('Agartala Town');
  await form.getByLabel('Pincode').fill('560034');
  await expect(form.getByLabel('State')).toHaveValue('Karnataka');
  await expect(form.getByLabel('City')).toHaveValue('Agartala Town');

  // Looking a pincode up for an address does not change the delivery pincode the shop is browsed with.
  expect((await (await page.request.get('/s/api/init')).json()).pincode).toBe(pincodeBefore);

  await form.getByLabel('Name').fill('Asha Verma');
  await form.getByLabel('Phone').fill('9876512345');
  await form.getByLabel('Address line 1').fill('4, Hill Road');
  await form.getByLabel('City').fill('Bengaluru');
  await form.getByRole('button', { name: 'Save address' }).click();
  const card = page.getByRole('list', { name: 'Your addresses' }).getByRole('listitem').filter({ hasText: '4, Hill Road' });
  await expect(card).toContainText('Bengaluru');
  await expect(card).toContainText('Karnataka');
});
