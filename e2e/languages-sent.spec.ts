import { expect, test } from '@playwright/test';
import { registerWithApi } from './support/accounts';
import { payOnProviderPage, placeOrdersThroughApi } from './support/checkout';

const phone = (base: number) => String(base + (test.info().project.name === 'phone' ? 1 : 0));

/** The invoice in the language of the page it is viewed from (docs/languages.md): amounts and products as they are. */
test('the invoice opened from a Hindi page is in Hindi: headings, labels, the date, how it was paid, the total in words @desktop', async ({ page }) => {
  test.setTimeout(60_000);
  await registerWithApi(page, phone(9000047100), 'Asha Verma');
  const [id] = await placeOrdersThroughApi(page, 1, 'razorpay');
  await payOnProviderPage(page, id!);

  const english = await page.goto(`/account/orders/${id}/invoice`);
  expect(english!.status()).toBe(200);
  const total = await page.locator('[data-invoice-total]').textContent();
  const lines = await page.locator('[data-invoice] tbody').textContent();

  expect((await page.goto(`/hi/account/orders/${id}/invoice`))!.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi-IN');
  const invoice = page.locator('[data-invoice]');
  await expect(invoice.locator('h1')).toHaveText('इनवॉइस');
  await expect(page).toHaveTitle(/^इनवॉइस AF-\d+/);
  await expect(invoice.locator('[data-invoice-payment]')).toHaveText('ऑनलाइन भुगतान किया गया');
  await expect(invoice.locator('[data-invoice-words]')).toHaveText(/^[\u0900-\u097F ]+ रुपये (और [\u0900-\u097F]+ पैसे )?मात्र$/);
  await expect(invoice.getByRole('heading', { name: 'बिल और डिलीवरी का पता' })).toBeVisible();
  await expect(invoice.locator('thead th')).toHaveText(['#', 'सामान', 'मात्रा', 'दर', 'राशि', 'छूट', 'छूट के बाद']);
  await expect(invoice.locator('dl dt')).toHaveText(['सामान', 'डिलीवरी', 'कुल राशि']);
  await expect(invoice).toContainText('कीमतों में GST शामिल है। यह कंप्यूटर से बना इनवॉइस है।');
  // The date in Hindi months; the back link stays in Hindi.
  await expect(invoice).toContainText(/\d{1,2} (जनवरी|फ़रवरी|मार्च|अप्रैल|मई|जून|जुलाई|अगस्त|सितम्बर|अक्टूबर|नवम्बर|दिसम्बर) \d{4}/);
  await expect(invoice.getByRole('link', { name: 'ऑर्डर पर वापस जाएँ' })).toHaveAttribute('href', `/hi/account/orders/${id}`);
  // No English words left; the amounts and the products as ordered.
  for (const word of ['Invoice', 'Billed and shipped to', 'Paid online', 'Rupees', 'Amount in words', 'Prices include GST', 'Back to the order']) {
    await expect(invoice, word).not.toContainText(word);
  }
  await expect(invoice.locator('[data-invoice-total]')).toHaveText(total!);
  expect(await invoice.locator('tbody').textContent()).toBe(lines);

  // The English invoice is as it was.
  await page.goto(`/account/orders/${id}/invoice`);
  await expect(invoice.locator('h1')).toHaveText('Invoice');
  await expect(invoice.locator('[data-invoice-payment]')).toHaveText('Paid online');
  await expect(invoice.locator('[data-invoice-words]')).toHaveText(/^Rupees [A-Z][A-Za-z -]+ Only$/);
  await expect(invoice).toContainText('Prices include GST. This is a computer-generated invoice.');
  await expect(invoice.getByRole('link', { name: 'Back to the order' })).toHaveAttribute('href', `/account/orders/${id}`);
});

/** The sign-in code in the language of the sign-in page that asked for it; the code first, as in English. */
test('the Hindi sign-in page sends the code in Hindi @desktop', async ({ page, browser }) => {
  const number = phone(9000047300);
  await registerWithApi(page, number, 'Asha Verma');
  const context = await browser.newContext();
  const signIn = await context.newPage();
  await signIn.goto('/hi/auth/login');
  await signIn.locator('input[name="identifier"]').fill(number);
  await signIn.locator('form:has(input[name="identifier"]) [type="submit"]').click();
  await expect(signIn.locator('input[name="code"]')).toBeVisible();
  const { messages } = await (await signIn.request.get(`/s/api/dev/outbox?to=${number}`)).json();
  expect(messages[0].text).toMatch(/^\d{6} आपका Annapurna Fresh साइन-इन OTP है। यह 10 मिनट तक मान्य है। इसे किसी के साथ साझा न करें।$/);
  await context.close();
});
