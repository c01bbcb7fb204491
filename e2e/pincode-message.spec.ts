import { expect, test } from '@playwright/test';

test('letters in the pincode dialog get exactly the pincode message', async ({ page }) => {
  await page.goto('/products');
  await page.locator('[data-pincode-button]').filter({ visible: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Location' });
  await dialog.getByLabel('Pincode').fill('abcdef');
  await dialog.getByRole('button', { name: 'Check' }).click();
  await expect(dialog.locator('[data-pincode-error]')).toHaveText('Please enter a valid pincode');
});

test('without JavaScript a bad pincode gets exactly the pincode message', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/products');
  await page.locator('[data-pincode-button]').filter({ visible: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Location' });
  await dialog.getByLabel('Pincode').fill('056001');
  await dialog.getByRole('button', { name: 'Check' }).click();
  await expect(page).toHaveURL(/\/products$/);
  await expect(page.locator('[data-flash]')).toHaveText('Please enter a valid pincode');
  await context.close();
});
