import { expect, test, type Page } from '@playwright/test';
import { registerWithApi } from './support/accounts';
import { awake } from './support/islands';

const phone = (base: number) => String(base + (test.info().project.name === 'phone' ? 1 : 0));
const cards = (page: Page) => page.getByRole('list', { name: 'Your addresses' }).getByRole('listitem');

async function fill(form: ReturnType<Page['getByRole']>, line1: string, pincode = '560034') {
  await form.getByLabel('Name').fill('Asha Verma');
  await form.getByLabel('Phone').fill('9876512345');
  await form.getByLabel('Address line 1').fill(line1);
  await form.getByLabel('Pincode').fill(pincode);
  await form.getByLabel('City').fill('Bengaluru');
  await form.getByLabel('State').fill('Karnataka');
}

test('the address book: the rules’ messages, add, edit, make default and delete through the Confirm dialog @desktop', async ({ page }) => {
  await registerWithApi(page, phone(9000018100), 'Asha Verma');
  await page.goto('/account');
  await page.getByRole('navigation', { name: 'Account sections' }).getByRole('link', { name: 'Addresses' }).click();
  await expect(page).toHaveURL(/\/account\/addresses$/);
  await awake(page, '[aria-label="Your addresses"]');
  const form = page.getByRole('form', { name: 'New address' });
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(form).toContainText('Name is required');
  await expect(form).toContainText('Address line 1 is required');
  await form.getByLabel('Phone').fill('12345');
  await form.getByLabel('Pincode').fill('012345');
  await expect(form).toContainText('Phone is not in valid format');
  await expect(form).toContainText('Pincode is not in valid format');

  await fill(form, '7, MG Road');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first().locator('[data-default]')).toBeVisible();

  await page.getByText('Add a new address').click();
  await fill(form, '3, Church Street', '560001');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(cards(page)).toHaveCount(2);
  const church = cards(page).filter({ hasText: 'Church Street' });
  await church.getByRole('button', { name: 'Make default' }).click();
  await expect(church.locator('[data-default]')).toBeVisible();
  await expect(cards(page).filter({ hasText: 'MG Road' }).locator('[data-default]')).toHaveCount(0);

  const mg = cards(page).filter({ hasText: 'MG Road' });
  await mg.getByText('Edit').click();
  const edit = page.getByRole('form', { name: 'Edit address: 7, MG Road' });
  await edit.getByLabel('Address line 1').fill('9, MG Road');
  await edit.getByRole('button', { name: 'Save address' }).click();
  await expect(cards(page).filter({ hasText: '9, MG Road' })).toHaveCount(1);

  await church.getByRole('button', { name: /^Delete the address/ }).click();
  await page.getByRole('dialog', { name: 'Please' }).getByRole('button', { name: 'Confirm' }).click();
  await expect(cards(page)).toHaveCount(1);
  // The default went with the deleted address: the one left takes over.
  await expect(cards(page).first()).toContainText('9, MG Road');
  await expect(cards(page).first().locator('[data-default]')).toBeVisible();
  await page.reload();
  await expect(cards(page)).toHaveCount(1);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('add, make default and delete are plain form posts @desktop', async ({ page }) => {
    await registerWithApi(page, phone(9000018200), 'Asha Verma');
    await page.goto('/account/addresses');
    const form = page.getByRole('form', { name: 'New address' });
    await fill(form, '7, MG Road');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(page).toHaveURL(/\/account\/addresses$/);
    await expect(cards(page)).toHaveCount(1);
    await page.getByText('Add a new address').click();
    await fill(form, '3, Church Street', '560001');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(cards(page)).toHaveCount(2);
    await cards(page).filter({ hasText: 'Church Street' }).getByRole('button', { name: 'Make default' }).click();
    await expect(cards(page).filter({ hasText: 'Church Street' }).locator('[data-default]')).toBeVisible();
    await cards(page).filter({ hasText: 'MG Road' }).getByRole('button', { name: /^Delete the address/ }).click();
    // Delete asks first, as a step of the page; Cancel keeps the address.
    const step = page.getByRole('region', { name: 'Please' });
    await expect(step).toContainText('Delete the address at 7, MG Road? Orders already placed keep it.');
    await step.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(/\/account\/addresses$/);
    await expect(cards(page)).toHaveCount(2);
    await cards(page).filter({ hasText: 'MG Road' }).getByRole('button', { name: /^Delete the address/ }).click();
    await page.getByRole('region', { name: 'Please' }).getByRole('button', { name: 'Confirm' }).click();
    await expect(page).toHaveURL(/\/account\/addresses$/);
    await expect(cards(page)).toHaveCount(1);
    // A bad field comes back as the page's message.
    await page.getByText('Add a new address').click();
    await form.getByLabel('Name').fill('Asha');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(page.locator('[data-flash]')).toContainText('is required');
  });
});
